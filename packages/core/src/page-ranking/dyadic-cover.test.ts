import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayNumber, fromDayNumber } from "../window/dates.js";
import { type Block, coverWindow, TOP_LEVEL } from "./dyadic-cover.js";

describe("coverWindow", () => {
  it("partitions any window into aligned usable blocks and left-over days", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20_000, max: 21_000 }),
        fc.integer({ min: 0, max: 800 }),
        fc.array(fc.integer({ min: 0, max: 800 }), { maxLength: 20 }),
        (start, length, staleOffsets) => {
          const end = start + length;
          const stale = new Set(staleOffsets.map((o) => start + o));
          const usable = ({ level, start: from }: Block) => {
            for (let d = from; d < from + 2 ** level; d++) if (stale.has(d)) return false;
            return true;
          };
          const { blocks, days } = coverWindow(start, end, usable);
          const covered: number[] = [...days];
          for (const b of blocks) {
            expect(b.start % 2 ** b.level).toBe(0);
            expect(usable(b)).toBe(true);
            for (let d = b.start; d < b.start + 2 ** b.level; d++) covered.push(d);
          }
          covered.sort((a, b) => a - b);
          expect(covered).toEqual(Array.from({ length: length + 1 }, (_, i) => start + i));
          // Left-over days are exactly the stale ones; with none, at most two blocks per level
          // below the top one (which repeats over windows longer than 512 days).
          expect(days).toEqual([...stale].filter((d) => d <= end).sort((a, b) => a - b));
          if (stale.size === 0) {
            for (let level = 0; level < TOP_LEVEL; level++)
              expect(blocks.filter((b) => b.level === level).length).toBeLessThanOrEqual(2);
          }
        },
      ),
    );
  });

  it("converts days to epoch days and back", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-11-20")).toBe(20_777);
    expect(fromDayNumber(20_777)).toBe("2026-11-20");
  });
});
