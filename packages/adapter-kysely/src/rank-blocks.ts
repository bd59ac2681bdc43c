import type { AggregateTier } from "@crawlgate/core";
import {
  compareUtf8,
  type PathRanking,
  type PathRankQuery,
  type RankedPath,
} from "@crawlgate/core/adapter-kit";
import { type BlockCounts, blockEnd, TIERS } from "./rollup-blocks.js";

/** Path ids of a domain's read model: `paths[id]` is the text of `id` (id 0 is unused). */
export interface PathDirectory {
  paths: (string | undefined)[];
  ids: Map<string, number>;
}

/** A crawl count of a day read from the day table (the days no fresh block covers). */
export interface DayCount {
  path: string;
  tier: string;
  count: number;
}

/**
 * One ranking page computed from the read model: the query's blocks plus the counts of its
 * stale days, per path, under the tier and prefix filters; then the keyset, the `limit` best by
 * value and byte order. Totals add up in doubles (exact far beyond any count we store). Only
 * the page and the paths tied at its last value are compared by text, so a deep page among
 * tens of thousands of ties costs a linear pass with a bounded sorted buffer, not a sort.
 */
export function rankBlocks(
  query: PathRankQuery,
  blocks: readonly BlockCounts[],
  days: readonly DayCount[],
  directory: PathDirectory,
): PathRanking {
  const chosen: readonly AggregateTier[] =
    query.tiers && query.tiers.length > 0 ? query.tiers : TIERS;
  const tierSlots = TIERS.map((t, i) => (chosen.includes(t) ? i : -1)).filter((i) => i >= 0);
  let width = directory.paths.length;
  for (const b of blocks) width = Math.max(width, blockEnd(b));
  const { total, verified } = sums(width);
  for (const { ids, base, n, values } of blocks) {
    for (const tier of tierSlots) {
      const from = tier * n;
      const into = tier === 0 ? [total, verified] : [total];
      for (const sum of into) {
        if (ids)
          for (let i = 0; i < n; i++) {
            const id = ids[i] as number;
            sum[id] = (sum[id] as number) + (values[from + i] as number);
          }
        else
          for (let i = 0; i < n; i++)
            sum[base + i] = (sum[base + i] as number) + (values[from + i] as number);
      }
    }
  }
  // Paths with no id yet (crawled after the last refresh) are keyed by text.
  const extra = new Map<string, RankedPath>();
  for (const row of days) {
    if (!chosen.includes(row.tier as AggregateTier)) continue;
    const isVerified = row.tier === "verified";
    const id = directory.ids.get(row.path);
    if (id !== undefined) {
      total[id] = (total[id] as number) + row.count;
      if (isVerified) verified[id] = (verified[id] as number) + row.count;
      continue;
    }
    let entry = extra.get(row.path);
    if (!entry) {
      entry = { path: row.path, total: 0, verified: 0 };
      extra.set(row.path, entry);
    }
    entry.total += row.count;
    if (isVerified) entry.verified += row.count;
  }

  const prefix = query.pathPrefix;
  const byVerified = query.sortBy === "verified";
  const { after } = query;
  const passes = (value: number, path: string): boolean =>
    after === null ||
    value < after.value ||
    (value === after.value && compareUtf8(path, after.path) > 0);
  // The matching paths after the keyset, as ids (>= 0) or extras (-1 - index).
  const extras = [...extra.values()];
  const { eligible, values, work } = lists(width + extras.length);
  let count = 0;
  let pathCount = 0;
  const ranked = byVerified ? verified : total;
  for (let id = 1; id < width; id++) {
    if (!((total[id] as number) > 0)) continue;
    const path = directory.paths[id];
    if (path === undefined) throw new Error(`rollup path id ${id} is not in crawl_paths`);
    if (prefix !== null && !path.startsWith(prefix)) continue;
    pathCount++;
    const value = ranked[id] as number;
    if (!passes(value, path)) continue;
    eligible[count] = id;
    values[count++] = value;
  }
  extras.forEach((entry, i) => {
    if (!(entry.total > 0) || (prefix !== null && !entry.path.startsWith(prefix))) return;
    pathCount++;
    const value = byVerified ? entry.verified : entry.total;
    if (!passes(value, entry.path)) return;
    eligible[count] = -1 - i;
    values[count++] = value;
  });

  const row = (ref: number): RankedPath =>
    ref >= 0
      ? {
          path: directory.paths[ref] as string,
          total: total[ref] as number,
          verified: verified[ref] as number,
        }
      : (extras[-1 - ref] as RankedPath);
  const limit = query.limit;
  if (limit <= 0 || count === 0) return { paths: [], pathCount };
  // The limit-th largest value: everything above it is on the page, ties at it by text.
  let threshold: number;
  if (count <= limit) threshold = smallest(values, count);
  else {
    const copy = work.subarray(0, count);
    copy.set(values.subarray(0, count));
    threshold = kthLargest(copy, limit);
  }
  const above: RankedPath[] = [];
  let room = limit;
  for (let i = 0; i < count; i++) {
    if ((values[i] as number) > threshold) {
      above.push(row(eligible[i] as number));
      room--;
    }
  }
  // The `room` smallest tied paths in byte order (refs and texts kept side by side).
  const tieRefs: number[] = [];
  const tiePaths: string[] = [];
  for (let i = 0; i < count; i++) {
    if (values[i] !== threshold) continue;
    const ref = eligible[i] as number;
    const path =
      ref >= 0 ? (directory.paths[ref] as string) : (extras[-1 - ref] as RankedPath).path;
    if (tiePaths.length === room && compareUtf8(path, tiePaths[room - 1] as string) > 0) continue;
    let lo = 0;
    let hi = tiePaths.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareUtf8(tiePaths[mid] as string, path) < 0) lo = mid + 1;
      else hi = mid;
    }
    tiePaths.splice(lo, 0, path);
    tieRefs.splice(lo, 0, ref);
    if (tiePaths.length > room) {
      tiePaths.pop();
      tieRefs.pop();
    }
  }
  const ties = tieRefs.map(row);
  const value = (p: RankedPath) => (byVerified ? p.verified : p.total);
  above.sort((a, b) => value(b) - value(a) || compareUtf8(a.path, b.path));
  return { paths: [...above, ...ties], pathCount };
}

/**
 * Per-process scratch arrays, grown as needed and zeroed per call, so a ranking allocates no
 * megabytes per request (rankBlocks is synchronous and returns copies, so one set serves all).
 * Beyond `KEEP` entries they are allocated per call instead, so one huge domain does not pin
 * hundreds of megabytes.
 */
const KEEP = 1 << 21;
let kept = { total: new Float64Array(0), verified: new Float64Array(0) };
let keptLists = {
  eligible: new Int32Array(0),
  values: new Float64Array(0),
  work: new Float64Array(0),
};

function sums(size: number) {
  if (size > KEEP) return { total: new Float64Array(size), verified: new Float64Array(size) };
  if (kept.total.length < size) {
    const n = Math.min(KEEP, Math.max(size, Math.ceil(kept.total.length * 1.5)));
    kept = { total: new Float64Array(n), verified: new Float64Array(n) };
  } else {
    kept.total.fill(0, 0, size);
    kept.verified.fill(0, 0, size);
  }
  return kept;
}

function lists(size: number) {
  if (size > KEEP)
    return {
      eligible: new Int32Array(size),
      values: new Float64Array(size),
      work: new Float64Array(size),
    };
  if (keptLists.eligible.length < size) {
    const n = Math.min(KEEP, Math.max(size, Math.ceil(keptLists.eligible.length * 1.5)));
    keptLists = {
      eligible: new Int32Array(n),
      values: new Float64Array(n),
      work: new Float64Array(n),
    };
  }
  return keptLists;
}

function smallest(values: Float64Array, count: number): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) min = Math.min(min, values[i] as number);
  return min;
}

/**
 * The k-th largest of `values` (1-based; reorders them): quickselect with a three-way
 * partition, linear on average even when most values are equal (the long tail of a ranking).
 */
export function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[lo + ((hi - lo) >> 1)] as number;
    // Larger values first: [lo, lt) > pivot, [lt, gt] == pivot, (gt, hi] < pivot.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const v = values[i] as number;
      if (v > pivot) {
        values[i] = values[lt] as number;
        values[lt++] = v;
        i++;
      } else if (v < pivot) {
        values[i] = values[gt] as number;
        values[gt--] = v;
      } else i++;
    }
    if (target < lt) hi = lt - 1;
    else if (target > gt) lo = gt + 1;
    else return pivot;
  }
  return values[lo] as number;
}
