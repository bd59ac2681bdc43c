import { parseCsv } from "@crawlgate/core/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.js";

describe("toCsv", () => {
  it("round-trips any text through an RFC 4180 reader (formula starts get a leading ')", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", ",", '"', "\n", "\r", "=", "-", "é", " "),
    });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 2 })), (rows) => {
        const parsed = parseCsv(toCsv(["x", "y"], rows));
        const guarded = rows.map((row) => row.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
        expect(parsed).toEqual([["x", "y"], ...guarded]);
      }),
    );
  });

  it("writes numbers as numbers, negative ones included, and empty cells for null", () => {
    expect(toCsv(["a", "b", "c"], [[-3, null, true]])).toBe("a,b,c\r\n-3,,true\r\n");
  });
});
