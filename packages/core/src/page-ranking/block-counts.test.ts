import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALL_BOTS,
  addBlockSets,
  addBlocks,
  addInto,
  type BlockCounts,
  blockEnd,
  compactBlock,
  DayBlockBuilder,
} from "./block-counts.js";

type Counts = Map<number, [number, number, number]>;

/** id → per-tier counts of a block (entries with all zeros left out). */
function countsOf(block: BlockCounts | null): Counts {
  const out: Counts = new Map();
  if (!block) return out;
  for (let i = 0; i < block.n; i++) {
    const id = block.ids ? (block.ids[i] as number) : block.base + i;
    const c: [number, number, number] = [0, 1, 2].map(
      (t) => block.values[t * block.n + i] as number,
    ) as [number, number, number];
    if (c.some((v) => v !== 0)) out.set(id, c);
  }
  return out;
}

/** The block of given counts, built as the refresh builds a day. */
function blockOf(counts: Counts): BlockCounts | null {
  if (counts.size === 0) return null;
  const ids = [...counts.keys()];
  const lo = Math.min(...ids);
  const span = Math.max(...ids) + 1 - lo;
  const sums = new Float64Array(3 * span);
  for (const [id, c] of counts)
    c.forEach((v, t) => {
      sums[t * span + id - lo] = v;
    });
  return compactBlock(lo, sums);
}

/** Random counts: ids clustered (dense) or scattered over a wide range (sparse). */
const countsArb = (max: number) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 5_000 }),
      fc.constantFrom(1, 3, 1000),
      fc.array(
        fc.tuple(
          fc.nat({ max: 40 }),
          fc.tuple(
            fc.integer({ min: 0, max }),
            fc.integer({ min: 0, max }),
            fc.integer({ min: 0, max }),
          ),
        ),
        { maxLength: 30 },
      ),
    )
    .map(([base, stride, entries]): Counts => {
      const out: Counts = new Map();
      for (const [k, c] of entries) if (c.some((v) => v > 0)) out.set(base + k * stride, c);
      return out;
    });

describe("block counts", () => {
  it("keep exactly their counts in either layout", () => {
    fc.assert(
      fc.property(countsArb(2_147_483_647), (counts) => {
        const block = blockOf(counts);
        expect(countsOf(block)).toEqual(counts);
        if (!block) return;
        expect(blockEnd(block)).toBe(Math.max(...counts.keys()) + 1);
      }),
    );
  });

  it("choose the smaller layout: dense for a packed id range, sparse for scattered ids", () => {
    const packed = blockOf(new Map(Array.from({ length: 50 }, (_, i) => [100 + i, [1, 0, 0]])));
    expect(packed?.ids).toBeNull();
    expect(packed?.base).toBe(100);
    const scattered = blockOf(
      new Map(Array.from({ length: 50 }, (_, i) => [1 + i * 1000, [0, 2, 0]])),
    );
    expect(scattered?.ids?.length).toBe(50);
    // 50 entries: 50 ids + 150 counts, not 49,001 ids' worth of zeros.
    expect(scattered?.values.length).toBe(150);
  });

  it("add per tier and path id, whatever the layouts", () => {
    fc.assert(
      fc.property(countsArb(1_000_000), countsArb(1_000_000), (a, b) => {
        const expected: Counts = new Map(a);
        for (const [id, c] of b) {
          const was = expected.get(id) ?? [0, 0, 0];
          expected.set(id, [was[0] + c[0], was[1] + c[1], was[2] + c[2]]);
        }
        const left = blockOf(a);
        const right = blockOf(b);
        const sum = left && right ? addBlocks(left, right) : (left ?? right);
        expect(countsOf(sum)).toEqual(expected);
      }),
    );
  });

  it("keep sums beyond 32 bits exact (64-bit floats) instead of failing or wrapping", () => {
    const a = blockOf(new Map([[7, [0, 0, 2_000_000_000]]])) as BlockCounts;
    const sum = addBlocks(a, a) as BlockCounts;
    expect(sum.values).toBeInstanceOf(Float64Array);
    expect(countsOf(sum)).toEqual(new Map([[7, [0, 0, 4_000_000_000]]]));
    const sums = new Float64Array(3 * 8);
    addInto(sums, 0, sum);
    expect(sums[2 * 8 + 7]).toBe(4_000_000_000);
  });
});

describe("block sets", () => {
  it("build a day's level 0 per bot and for all bots, and add halves bot by bot", () => {
    const day = new DayBlockBuilder();
    day.add("googlebot", 3, "verified", 2);
    day.add("gptbot", 3, "declared", 1);
    day.add("gptbot", 9, "unknown", 4);
    day.add("gptbot", 9, "unknown", 1);
    day.add("bingbot", 5, "automation", 7);
    const level0 = day.build();
    expect([...level0.keys()].sort()).toEqual([ALL_BOTS, "googlebot", "gptbot"]);
    expect(countsOf(level0.get(ALL_BOTS) ?? null)).toEqual(
      new Map([
        [3, [2, 1, 0]],
        [9, [0, 0, 5]],
      ]),
    );
    expect(countsOf(level0.get("gptbot") ?? null)).toEqual(
      new Map([
        [3, [0, 1, 0]],
        [9, [0, 0, 5]],
      ]),
    );
    expect(new DayBlockBuilder().build().size).toBe(0);
    const other = new DayBlockBuilder();
    other.add("googlebot", 3, "verified", 1);
    other.add("yandexbot", 1, "declared", 1);
    const sum = addBlockSets(level0, other.build());
    expect([...sum.keys()].sort()).toEqual([ALL_BOTS, "googlebot", "gptbot", "yandexbot"]);
    expect(countsOf(sum.get("googlebot") ?? null)).toEqual(new Map([[3, [3, 0, 0]]]));
    expect(sum.get("gptbot")).toBe(level0.get("gptbot"));
    expect(countsOf(sum.get(ALL_BOTS) ?? null)).toEqual(
      new Map([
        [1, [0, 1, 0]],
        [3, [3, 1, 0]],
        [9, [0, 0, 5]],
      ]),
    );
  });
});
