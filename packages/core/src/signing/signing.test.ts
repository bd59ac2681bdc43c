import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64url, encodeBase64url } from "./base64url.js";
import { constantTimeBytesEqual, createKeyRing } from "./key-ring.js";
import { isCanonicalPath, presignPath, verifyPresigned } from "./presign.js";

const SECRET_A = "a".repeat(32);
const SECRET_B = "b".repeat(40);

describe("base64url", () => {
  it("round-trips any bytes and agrees with Node's encoder", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encodeBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64url"));
        expect(decodeBase64url(text)).toEqual(bytes);
      }),
    );
  });

  it("refuses non-canonical spellings", () => {
    for (const bad of ["A", "AB=", "AB==", "a+b/", "ab c", "AB", "ABC", "Zg==", "é"]) {
      const decoded = decodeBase64url(bad);
      if (decoded) expect(encodeBase64url(decoded)).toBe(bad);
    }
    expect(decodeBase64url("AB")).toBeNull(); // non-zero trailing bits
    expect(decodeBase64url("AA")).toEqual(new Uint8Array([0]));
    expect(decodeBase64url("A")).toBeNull();
    expect(decodeBase64url("Zg==")).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const decoded = decodeBase64url(s);
        if (decoded) expect(encodeBase64url(decoded)).toBe(s);
      }),
    );
  });
});

describe("key ring", () => {
  it("signs with the first key and verifies with any", async () => {
    const old = createKeyRing([{ kid: "k1", secret: SECRET_A }]);
    const rotated = createKeyRing([
      { kid: "k2", secret: SECRET_B },
      { kid: "k1", secret: SECRET_A },
    ]);
    const signed = await old.sign("cursor", "data");
    expect(signed.kid).toBe("k1");
    expect(await rotated.verify("cursor", "data", "k1", signed.mac)).toBe(true);
    expect((await rotated.sign("cursor", "data")).kid).toBe("k2");
    const dropped = createKeyRing([{ kid: "k2", secret: SECRET_B }]);
    expect(await dropped.verify("cursor", "data", "k1", signed.mac)).toBe(false);
  });

  it("separates purposes and refuses altered data or MACs", async () => {
    const ring = createKeyRing([{ kid: "k1", secret: SECRET_A }]);
    const { mac } = await ring.sign("cursor", "data");
    expect(await ring.verify("presign", "data", "k1", mac)).toBe(false);
    expect(await ring.verify("cursor", "data2", "k1", mac)).toBe(false);
    expect(await ring.verify("cursor", "data", "k1", mac.slice(1))).toBe(false);
    const flipped = mac.slice();
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(await ring.verify("cursor", "data", "k1", flipped)).toBe(false);
  });

  it("refuses short secrets, bad and duplicate key IDs", () => {
    expect(() => createKeyRing([])).toThrow();
    expect(() => createKeyRing([{ kid: "k", secret: "short" }])).toThrow();
    expect(() => createKeyRing([{ kid: "bad kid", secret: SECRET_A }])).toThrow();
    expect(() =>
      createKeyRing([
        { kid: "k", secret: SECRET_A },
        { kid: "k", secret: SECRET_B },
      ]),
    ).toThrow();
  });

  it("compares bytes like equality", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 8 }), (a, b) => {
        expect(constantTimeBytesEqual(a, b)).toBe(Buffer.from(a).equals(Buffer.from(b)));
      }),
    );
  });
});

describe("presigned links", () => {
  const ring = createKeyRing([{ kid: "k1", secret: SECRET_A }]);
  const now = new Date("2026-11-20T10:00:00.000Z");
  const path = "/files/snapshots/abc";
  const query = async (expiresAt: Date) =>
    Object.fromEntries(
      new URLSearchParams(await presignPath(ring, { method: "GET", path, expiresAt })),
    );

  it("verifies until expiry and never after", async () => {
    const q = await query(new Date(now.getTime() + 3600_000));
    const check = (at: Date, over: Partial<{ method: string; path: string }> = {}) =>
      verifyPresigned(ring, {
        method: "GET",
        path,
        query: q,
        now: at,
        maxLifetimeSeconds: 86_400,
        ...over,
      });
    expect(await check(now)).toBe(true);
    expect(await check(new Date(now.getTime() + 3599_000))).toBe(true);
    expect(await check(new Date(now.getTime() + 3600_000))).toBe(false);
    expect(await check(now, { method: "POST" })).toBe(false);
    expect(await check(now, { path: "/files/snapshots/abd" })).toBe(false);
  });

  it("refuses links that outlive the maximum lifetime, tampered or missing parts", async () => {
    const far = await query(new Date(now.getTime() + 2 * 86_400_000));
    expect(
      await verifyPresigned(ring, {
        method: "GET",
        path,
        query: far,
        now,
        maxLifetimeSeconds: 86_400,
      }),
    ).toBe(false);
    const q = await query(new Date(now.getTime() + 60_000));
    const sig = q.sig as string;
    const variants: Record<string, string>[] = [
      { ...q, sig: `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BA" : "AA"}` },
      { ...q, expires: String(Number(q.expires) + 1) },
      { ...q, kid: "k9" },
      { expires: q.expires as string, kid: q.kid as string },
      {},
    ];
    expect(
      await verifyPresigned(ring, {
        method: "GET",
        path,
        query: q,
        now,
        maxLifetimeSeconds: 86_400,
      }),
    ).toBe(true);
    for (const v of variants) {
      expect(
        await verifyPresigned(ring, {
          method: "GET",
          path,
          query: v,
          now,
          maxLifetimeSeconds: 86_400,
        }),
      ).toBe(false);
    }
  });

  it("knows canonical paths", () => {
    expect(isCanonicalPath("/files/a/b")).toBe(true);
    for (const p of ["files/a", "/a//b", "/a/../b", "/a/./b", "/a/%2e%2e/b", "/a%2Fb", "/a\\b"]) {
      expect(isCanonicalPath(p)).toBe(false);
    }
  });
});
