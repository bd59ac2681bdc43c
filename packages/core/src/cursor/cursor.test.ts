import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createKeyRing } from "../signing/key-ring.js";
import { decodeCursor, encodeCursor } from "./cursor.js";

const ring = createKeyRing([{ kid: "k1", secret: "s".repeat(32) }]);
const now = new Date("2026-11-20T10:00:00.000Z");
const context = { endpoint: "export-page-analytics", userId: "u1", now };

async function token(
  payload: Record<string, unknown> = { offset: 50 },
  over: Partial<{ ttlSeconds: number; issuedAt: Date }> = {},
) {
  return encodeCursor(ring, {
    endpoint: context.endpoint,
    userId: context.userId,
    payload,
    issuedAt: now,
    ...over,
  });
}

describe("cursors", () => {
  it("round-trip any JSON payload exactly", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
        async (payload) => {
          const clean = JSON.parse(JSON.stringify(payload));
          const decoded = await decodeCursor(ring, await token(clean), context);
          expect(decoded).toEqual({ ok: true, payload: clean });
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuse every single-character change", async () => {
    const valid = await token({ startDate: "2026-10-01", after: ["x", 3] });
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.v";
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: valid.length - 1 }),
        fc.constantFrom(...alphabet),
        async (at, ch) => {
          fc.pre(valid[at] !== ch);
          const tampered = valid.slice(0, at) + ch + valid.slice(at + 1);
          expect((await decodeCursor(ring, tampered, context)).ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuse every single-byte change of the token's bytes", async () => {
    const valid = await token();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: valid.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (at, delta) => {
          const code = (valid.charCodeAt(at) + delta) % 256;
          const tampered = valid.slice(0, at) + String.fromCharCode(code) + valid.slice(at + 1);
          expect((await decodeCursor(ring, tampered, context)).ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuse truncation, expiry, another endpoint, another caller, another key", async () => {
    const valid = await token();
    expect((await decodeCursor(ring, valid, context)).ok).toBe(true);
    expect((await decodeCursor(ring, valid.slice(0, -1), context)).ok).toBe(false);
    expect(
      (await decodeCursor(ring, valid, { ...context, endpoint: "export-crawl-logs" })).ok,
    ).toBe(false);
    expect((await decodeCursor(ring, valid, { ...context, userId: "u2" })).ok).toBe(false);
    const expired = await decodeCursor(ring, await token({}, { ttlSeconds: 60 }), {
      ...context,
      now: new Date(now.getTime() + 60_000),
    });
    expect(expired).toEqual({
      ok: false,
      message: "cursor has expired; start again from the first page",
    });
    const future = await token({}, { issuedAt: new Date(now.getTime() + 3600_000) });
    expect((await decodeCursor(ring, future, context)).ok).toBe(false);
    const other = createKeyRing([{ kid: "k1", secret: "t".repeat(32) }]);
    expect((await decodeCursor(other, valid, context)).ok).toBe(false);
  });

  it("never throw on garbage", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.jsonValue()), async (garbage) => {
        const decoded = await decodeCursor(ring, garbage, context);
        expect(decoded.ok).toBe(false);
        if (!decoded.ok) expect(typeof decoded.message).toBe("string");
      }),
      { numRuns: 300 },
    );
    for (const g of [
      "v1.k1..",
      "v1.k1.e30.",
      "v2.k1.e30.AA",
      "v1.zz.e30.AA",
      "....",
      "v1.k1.bnVsbA.AA",
    ]) {
      expect((await decodeCursor(ring, g, context)).ok).toBe(false);
    }
  });
});
