import { csvText } from "@crawlgate/core/csv";
import { parseCsv } from "@crawlgate/core/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.js";

// The writer's own property tests (both locales) are core's csv.test.ts: this checks that the
// dashboard's tables go through it.
describe("toCsv", () => {
  it("round-trips any text through an RFC 4180 reader, guarded as core's writer guards it", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", ",", ";", '"', "\n", "\r", "\t", "=", "-", "@", "é", " "),
    });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 2 })), (rows) => {
        const parsed = parseCsv(toCsv(["x", "y"], rows));
        expect(parsed).toEqual([["x", "y"], ...rows.map((row) => row.map(csvText))]);
      }),
    );
  });

  it("writes numbers as numbers, negative ones included, and empty cells for null", () => {
    expect(toCsv(["a", "b", "c"], [[-3, null, true]])).toBe("a,b,c\r\n-3,,true\r\n");
    expect(toCsv(["path"], [["/a;=cmd|'/C calc'!A0"]])).toBe(
      "path\r\n\"/a;'=cmd|'/C calc'!A0\"\r\n",
    );
  });
});
