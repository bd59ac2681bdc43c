import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gunzip, gunzipText, gzip, sha256Hex, utf8 } from "./content.js";

describe("content hash and gzip", () => {
  it("hashes with SHA-256 (known vectors)", async () => {
    expect(await sha256Hex(utf8(""))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(await sha256Hex(utf8("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("writes real gzip (magic bytes) and reads it back", async () => {
    const packed = await gzip(utf8("<html>é</html>"));
    expect([packed[0], packed[1]]).toEqual([0x1f, 0x8b]);
    expect(await gunzipText(packed)).toBe("<html>é</html>");
  });

  it("round-trips any text and any bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 2000 }), async (text) => {
        expect(await gunzipText(await gzip(utf8(text)))).toBe(text);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        expect(await gunzip(await gzip(bytes))).toEqual(bytes);
      }),
      { numRuns: 100 },
    );
  });

  it("refuses bytes that are not gzip", async () => {
    await expect(gunzip(utf8("not gzip at all"))).rejects.toThrow();
    const packed = await gzip(utf8("<p>truncated</p>".repeat(50)));
    await expect(gunzip(packed.slice(0, packed.length - 6))).rejects.toThrow();
  });
});
