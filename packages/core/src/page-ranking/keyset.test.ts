import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PathSort, RankedPath } from "../types.js";
import { compareRanked, isAfterKeyset } from "./keyset.js";

/** Paths that sort differently in UTF-16 and UTF-8 (`\uff5e` vs an astral character). */
const pathArb = fc
  .array(fc.constantFrom("a", "b", "/", "ä", "\uff5e", "😀"), { maxLength: 3 })
  .map((chars) => `/${chars.join("")}`);

describe("keyset", () => {
  it("orders by value descending, then path in UTF-8 byte order", () => {
    const rows: RankedPath[] = [
      { path: "/😀", total: 2, verified: 0 },
      { path: "/b", total: 1, verified: 1 },
      { path: "/\uff5e", total: 2, verified: 0 },
      { path: "/a", total: 3, verified: 0 },
    ];
    const order = (sortBy: PathSort) =>
      [...rows].sort((a, b) => compareRanked(a, b, sortBy)).map((r) => r.path);
    expect(order("total")).toEqual(["/a", "/\uff5e", "/😀", "/b"]);
    expect(order("verified")).toEqual(["/b", "/a", "/\uff5e", "/😀"]);
  });

  it("continues exactly after any position of the order (the rows that follow it)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(pathArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 24, maxLength: 24 }),
        fc.constantFrom<PathSort>("total", "verified"),
        (paths, counts, sortBy) => {
          const rows = paths.map((path, i) => ({
            path,
            total: counts[i] as number,
            verified: counts[12 + i] as number,
          }));
          const sorted = [...rows].sort((a, b) => compareRanked(a, b, sortBy));
          expect(sorted.filter((r) => isAfterKeyset(r[sortBy], r.path, null))).toEqual(sorted);
          sorted.forEach((row, i) => {
            const after = { value: row[sortBy], path: row.path };
            expect(sorted.filter((r) => isAfterKeyset(r[sortBy], r.path, after))).toEqual(
              sorted.slice(i + 1),
            );
          });
        },
      ),
    );
  });
});
