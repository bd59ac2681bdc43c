import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareUtf8 } from "./compare-utf8.js";

const sign = (n: number) => Math.sign(n);

describe("compareUtf8", () => {
  it("compares in UTF-8 byte order, unlike JavaScript's <, as Buffer.compare of the UTF-8 bytes", () => {
    expect(compareUtf8("/\u{1F600}", "/\uFF01")).toBeGreaterThan(0);
    expect("/\u{1F600}" < "/\uFF01").toBe(true);
    expect(compareUtf8("/a", "/a")).toBe(0);
    expect(compareUtf8("/a", "/ab")).toBeLessThan(0);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (a, b) => {
        expect(sign(compareUtf8(a, b))).toBe(sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
    );
    const char = fc.string({ unit: "binary", minLength: 1, maxLength: 1 });
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), char, char, (prefix, x, y) => {
        const [a, b] = [prefix + x, prefix + y];
        expect(sign(compareUtf8(a, b))).toBe(sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
    );
  });
});
