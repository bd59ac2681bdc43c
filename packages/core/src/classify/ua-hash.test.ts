import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uaHash } from "./ua-hash.js";

/** FNV-1a 64 in BigInt, straight from its definition: the reference the fast version must equal. */
function reference(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text))
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, "0");
}

describe("uaHash", () => {
  it("is FNV-1a 64 of the UTF-8 bytes (published test vectors)", () => {
    expect(uaHash("")).toBe("cbf29ce484222325");
    expect(uaHash("a")).toBe("af63dc4c8601ec8c");
    expect(uaHash("foobar")).toBe("85944171f73967e8");
  });

  it("keeps the ids of earlier versions (values stored by the previous implementation)", () => {
    expect(uaHash("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(
      reference("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
    );
    expect(uaHash("é😀")).toBe(reference("é😀"));
  });

  it("property: equals the BigInt reference for any string (ASCII, BMP, astral, lone surrogates)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })),
        (s) => {
          expect(uaHash(s)).toBe(reference(s));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
