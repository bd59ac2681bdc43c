import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AggregateTier, PathDayCount, PathRankQuery } from "../types.js";
import { BLOCK_TIERS, type BlockCounts, compactBlock } from "./block-counts.js";
import {
  type DayCount,
  kthLargest,
  type PathDirectory,
  rankBlockSums,
  rankBlocks,
  sumBlocks,
} from "./rank-blocks.js";
import { rankPathRows } from "./reference.js";

/** A block of per-tier counts of ids `1..counts.length` (`counts[id - 1][tier]`). */
function blockOf(counts: readonly (readonly number[])[], sparse: boolean): BlockCounts | null {
  const span = counts.length;
  const sums = new Float64Array(3 * span);
  counts.forEach((c, i) => {
    c.forEach((v, t) => {
      sums[t * span + i] = v;
    });
  });
  const block = compactBlock(1, sums);
  if (!block || !sparse || block.ids) return block;
  // The same counts in the sparse layout.
  const ids: number[] = [];
  for (let i = 0; i < block.n; i++)
    if ([0, 1, 2].some((t) => block.values[t * block.n + i] !== 0)) ids.push(block.base + i);
  const values = new Int32Array(3 * ids.length);
  ids.forEach((id, k) => {
    for (let t = 0; t < 3; t++)
      values[t * ids.length + k] = block.values[t * block.n + id - block.base] as number;
  });
  return { ids: Int32Array.from(ids), base: 0, n: ids.length, values };
}

/** Paths that tie and sort differently in UTF-16 and UTF-8 (`\uff5e` vs an astral character). */
const pathArb = fc
  .array(fc.constantFrom("a", "b", "/", "_", "%", "ä", "\uff5e", "😀"), {
    minLength: 0,
    maxLength: 3,
  })
  .map((chars) => `/${chars.join("")}`);

const base = (overrides: Partial<PathRankQuery>): PathRankQuery => ({
  domainId: "d",
  startDay: "2026-01-01",
  endDay: "2026-12-31",
  botIds: null,
  tiers: null,
  pathPrefix: null,
  sortBy: "total",
  after: null,
  limit: 3,
  ...overrides,
});

describe("rankBlocks", () => {
  it("ranks blocks plus day counts like the reference over the same rows, page after page, from fresh or kept block sums", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(pathArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 45, maxLength: 45 }), {
          maxLength: 3,
        }),
        fc.array(
          fc.record({
            pick: fc.nat(),
            tier: fc.constantFrom(...BLOCK_TIERS),
            count: fc.integer({ min: 1, max: 3 }),
          }),
          { maxLength: 20 },
        ),
        fc.integer({ min: 0, max: 14 }),
        fc.record({
          sortBy: fc.constantFrom("total" as const, "verified" as const),
          tiers: fc.option(fc.subarray([...BLOCK_TIERS], { minLength: 1 }), { nil: null }),
          pathPrefix: fc.constantFrom(null, "/a", "/\uff5e", "/😀"),
          limit: fc.integer({ min: 1, max: 4 }),
        }),
        (paths, blockCounts, dayPicks, known, shape) => {
          // The first `known` paths have ids (1, 2, ...); the others only day counts.
          const directory: PathDirectory = { paths: [undefined], ids: new Map() };
          paths.slice(0, known).forEach((p, i) => {
            directory.paths[i + 1] = p;
            directory.ids.set(p, i + 1);
          });
          const ids = directory.paths.length;
          const rows: PathDayCount[] = [];
          const blocks: BlockCounts[] = [];
          blockCounts.forEach((values, b) => {
            const width = Math.min(ids - 1, (values[0] as number) * 5);
            const counts = Array.from({ length: width }, (_, i) =>
              [0, 1, 2].map((tier) => values[(tier * 15 + i + 1) % values.length] as number),
            );
            counts.forEach((c, i) => {
              c.forEach((count, tier) => {
                if (count > 0)
                  rows.push({
                    day: `2026-02-0${b + 1}`,
                    path: directory.paths[i + 1] as string,
                    botId: "googlebot",
                    tier: BLOCK_TIERS[tier] as AggregateTier,
                    count,
                  });
              });
            });
            const block = blockOf(counts, b % 2 === 1);
            if (block) blocks.push(block);
          });
          const days: (DayCount & { tier: AggregateTier })[] = dayPicks.map((d) => ({
            path: paths[d.pick % paths.length] as string,
            tier: d.tier,
            count: d.count,
          }));
          for (const d of days)
            rows.push({
              day: "2026-03-01",
              path: d.path,
              botId: "gptbot",
              tier: d.tier,
              count: d.count,
            });
          const chosen = shape.tiers ? [...shape.tiers] : null;
          // The store reads only the chosen tiers' day rows.
          const read = days.filter((d) => !chosen || chosen.includes(d.tier as AggregateTier));
          // The sums a store keeps between rankings: read by every page, never changed.
          const kept = sumBlocks(blocks, chosen);
          const before = { total: kept.total.slice(), verified: kept.verified.slice() };
          let after: PathRankQuery["after"] = null;
          for (let page = 0; page < 20; page++) {
            const q = base({ ...shape, tiers: chosen, after });
            const got = rankBlocks(q, blocks, read, directory);
            expect(got).toEqual(rankPathRows(rows, q));
            expect(rankBlockSums(q, kept, read, directory)).toEqual(got);
            const last = got.paths[got.paths.length - 1];
            if (!last) break;
            after = { value: last[q.sortBy], path: last.path };
          }
          expect(kept).toEqual(before);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("takes a deep page among many ties in byte order", () => {
    const directory: PathDirectory = { paths: [undefined], ids: new Map() };
    const counts: number[][] = [];
    for (let id = 1; id <= 2000; id++) {
      const path = `/p${String((id * 7919) % 2000).padStart(4, "0")}`;
      directory.paths[id] = path;
      directory.ids.set(path, id);
      counts.push([0, 0, id <= 10 ? 5 : 1]);
    }
    const block = blockOf(counts, false) as BlockCounts;
    const q = base({ limit: 50, after: { value: 1, path: "/p0999" } });
    const got = rankBlocks(q, [block], [], directory);
    expect(got.pathCount).toBe(2000);
    const expected = Array.from({ length: 2000 }, (_, i) => `/p${String(i).padStart(4, "0")}`)
      .filter((p) => p > "/p0999" && directory.ids.get(p) !== undefined)
      .filter((p) => (directory.ids.get(p) as number) > 10)
      .slice(0, 50);
    expect(got.paths.map((p) => p.path)).toEqual(expected);
  });
});

describe("kthLargest", () => {
  it("finds the k-th largest value, duplicates included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 80 }),
        fc.nat(),
        (values, pick) => {
          const k = 1 + (pick % values.length);
          const sorted = [...values].sort((a, b) => b - a);
          expect(kthLargest(Float64Array.from(values), k)).toBe(sorted[k - 1]);
        },
      ),
    );
  });
});
