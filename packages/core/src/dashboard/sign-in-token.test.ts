import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createKeyRing } from "../signing/key-ring.js";
import { SIGN_IN_LINK_MAX_TTL_MS } from "./lifetimes.js";
import {
  checkSignInToken,
  httpOrigin,
  issueSignInToken,
  parseSignInToken,
} from "./sign-in-token.js";

const ring = createKeyRing([{ kid: "k1", secret: "s".repeat(32) }]);
const otherRing = createKeyRing([{ kid: "k1", secret: "t".repeat(32) }]);
const USER = "0b6f9a52-1c7e-4d0a-9e55-3f1c2d4e5a6b";
const NOW = new Date("2026-11-20T10:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const ORIGIN = "https://crawlgate.example.com";

describe("sign-in tokens", () => {
  it("a fresh token checks out until its expiry, then is expired", async () => {
    const token = await issueSignInToken(ring, USER, later(60_000), ORIGIN);
    const ok = await checkSignInToken(ring, token, NOW);
    expect(ok.ok && ok.token.userId).toBe(USER);
    expect(await checkSignInToken(ring, token, later(59_999))).toMatchObject({ ok: true });
    expect(await checkSignInToken(ring, token, later(60_000))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("two tokens for the same user and expiry have different IDs", async () => {
    const a = parseSignInToken(await issueSignInToken(ring, USER, later(1000), ORIGIN));
    const b = parseSignInToken(await issueSignInToken(ring, USER, later(1000), ORIGIN));
    expect(a?.nonce).not.toBe(b?.nonce);
  });

  it("another ring's token, or one claiming to last too long, is invalid", async () => {
    const foreign = await issueSignInToken(otherRing, USER, later(1000), ORIGIN);
    expect(await checkSignInToken(ring, foreign, NOW)).toEqual({ ok: false, reason: "invalid" });
    const long = await issueSignInToken(ring, USER, later(SIGN_IN_LINK_MAX_TTL_MS + 1), ORIGIN);
    expect(await checkSignInToken(ring, long, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("property: any string parses or not without throwing; only the issued text checks out", async () => {
    const token = await issueSignInToken(ring, USER, later(60_000), ORIGIN);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const parsed = parseSignInToken(text);
        const check = await checkSignInToken(ring, text, NOW);
        if (text !== token) expect(check.ok).toBe(false);
        if (!parsed) expect(check).toEqual({ ok: false, reason: "invalid" });
      }),
      { numRuns: 300 },
    );
  });

  it("property: changing any one character of a token makes it invalid", async () => {
    const token = await issueSignInToken(ring, USER, later(60_000), ORIGIN);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...alphabet),
        async (index, replacement) => {
          fc.pre(token[index] !== replacement);
          const changed = token.slice(0, index) + replacement + token.slice(index + 1);
          expect(await checkSignInToken(ring, changed, NOW)).toEqual({
            ok: false,
            reason: "invalid",
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: parse gives back exactly the parts of a well-formed token", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: SIGN_IN_LINK_MAX_TTL_MS }), async (ttl) => {
        const expiresAt = later(ttl);
        const parsed = parseSignInToken(await issueSignInToken(ring, USER, expiresAt, ORIGIN));
        expect(parsed).toMatchObject({
          userId: USER,
          expiresAt: expiresAt.getTime(),
          origin: ORIGIN,
          kid: "k1",
        });
        expect(parsed?.mac).toHaveLength(32);
      }),
      { numRuns: 50 },
    );
  });

  it("carries the origin it was issued for, normalised, under the MAC; refuses non-origins", async () => {
    const token = await issueSignInToken(ring, USER, later(60_000), "HTTP://Dash.Example.TEST:80/");
    const check = await checkSignInToken(ring, token, NOW);
    expect(check.ok && check.token.origin).toBe("http://dash.example.test");
    // The same MAC over another origin: the signature no longer checks out.
    const parts = token.split(".");
    parts[3] = Buffer.from("https://evil.example").toString("base64url");
    expect(await checkSignInToken(ring, parts.join("."), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    for (const bad of ["ftp://x", "https://x/path", "https://u:p@x", "not a url", ""]) {
      expect(httpOrigin(bad), bad).toBeNull();
      await expect(issueSignInToken(ring, USER, later(1000), bad)).rejects.toThrow(/origin/);
    }
  });
});
