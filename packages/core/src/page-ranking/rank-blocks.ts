import type { AggregateTier, PathRanking, PathRankQuery, RankedPath } from "../types.js";
import { BLOCK_TIERS, type BlockCounts, blockEnd } from "./block-counts.js";
import { compareRanked, isAfterKeyset, tieBreak } from "./keyset.js";

/** Path ids of a domain's read model: `paths[id]` is the text of `id` (id 0 is unused). */
export interface PathDirectory {
  paths: (string | undefined)[];
  ids: Map<string, number>;
}

/** A crawl count of a day read from the day counts (the days no fresh block covers). */
export interface DayCount {
  path: string;
  tier: string;
  count: number;
}

/** The tiers a query counts: its tier filter, or every tier of a block. */
const chosenTiers = (
  tiers: readonly AggregateTier[] | null | undefined,
): readonly AggregateTier[] => (tiers && tiers.length > 0 ? tiers : BLOCK_TIERS);

/**
 * The per-id sums of some blocks under a tier filter (`verified`: that tier alone): the part of a
 * ranking that follows only the blocks, so a store may keep it between rankings of the same
 * blocks (they are immutable once read). Never written after it is returned.
 */
export interface BlockSums {
  total: Float64Array;
  verified: Float64Array;
}

/** Sums the chosen tiers of `blocks` per id (fresh arrays as wide as the widest block). */
export function sumBlocks(
  blocks: readonly BlockCounts[],
  tiers: readonly AggregateTier[] | null | undefined,
): BlockSums {
  let width = 0;
  for (const b of blocks) width = Math.max(width, blockEnd(b));
  const total = new Float64Array(width);
  const verified = new Float64Array(width);
  addBlockTotals(blocks, chosenTiers(tiers), total, verified);
  return { total, verified };
}

/**
 * One ranking page computed from the read model: the query's blocks plus the counts of its
 * stale days, per path, under the tier and prefix filters; then the keyset (`isAfterKeyset`),
 * the `limit` best in ranking order (`compareRanked`). Totals add up in doubles (exact far
 * beyond any count we store). Only the page and the paths tied at its last value are compared
 * by text, so a deep page among tens of thousands of ties costs a linear pass with a bounded
 * sorted buffer, not a sort.
 */
export function rankBlocks(
  query: PathRankQuery,
  blocks: readonly BlockCounts[],
  days: readonly DayCount[],
  directory: PathDirectory,
): PathRanking {
  return rankBlockSums(query, sumBlocks(blocks, query.tiers), days, directory);
}

/**
 * `rankBlocks` from the blocks' sums (`sumBlocks` of the same blocks under the query's tiers),
 * which it does not change: a store that keeps the sums of a window's blocks adds only the
 * stale days per ranking.
 */
export function rankBlockSums(
  query: PathRankQuery,
  summed: BlockSums,
  days: readonly DayCount[],
  directory: PathDirectory,
): PathRanking {
  const chosen = chosenTiers(query.tiers);
  const width = Math.max(directory.paths.length, summed.total.length);
  const { total, verified } = sums(width);
  total.set(summed.total);
  verified.set(summed.verified);
  const extras = addDayTotals(days, chosen, directory, total, verified);
  const candidates: Candidates = { directory, total, verified, extras, width };
  const scratch = lists(width + extras.length);
  const { count, pathCount } = afterKeyset(query, candidates, scratch);
  if (query.limit <= 0 || count === 0) return { paths: [], pathCount };
  return { paths: bestOf(query, candidates, scratch, count), pathCount };
}

/**
 * Adds the chosen tiers of the blocks into the per-id sums (`verified`: that tier alone), the
 * verified tier into both in one pass.
 */
function addBlockTotals(
  blocks: readonly BlockCounts[],
  chosen: readonly AggregateTier[],
  total: Float64Array,
  verified: Float64Array,
): void {
  const tierSlots = BLOCK_TIERS.map((t, i) => (chosen.includes(t) ? i : -1)).filter((i) => i >= 0);
  for (const { ids, base, n, values } of blocks) {
    for (const tier of tierSlots) {
      const from = tier * n;
      if (tier === 0) addBoth(ids, base, n, values, from, total, verified);
      else if (ids)
        for (let i = 0; i < n; i++) {
          const id = ids[i] as number;
          total[id] = (total[id] as number) + (values[from + i] as number);
        }
      else
        for (let i = 0; i < n; i++)
          total[base + i] = (total[base + i] as number) + (values[from + i] as number);
    }
  }
}

/** Adds one tier's values of a block into two sums at once. */
function addBoth(
  ids: Int32Array | null,
  base: number,
  n: number,
  values: Int32Array | Float64Array,
  from: number,
  a: Float64Array,
  b: Float64Array,
): void {
  if (ids)
    for (let i = 0; i < n; i++) {
      const id = ids[i] as number;
      const v = values[from + i] as number;
      a[id] = (a[id] as number) + v;
      b[id] = (b[id] as number) + v;
    }
  else
    for (let i = 0; i < n; i++) {
      const v = values[from + i] as number;
      a[base + i] = (a[base + i] as number) + v;
      b[base + i] = (b[base + i] as number) + v;
    }
}

/**
 * Adds the day counts of the chosen tiers into the per-id sums; paths with no id yet (crawled
 * after the last refresh) are keyed by text and returned.
 */
function addDayTotals(
  days: readonly DayCount[],
  chosen: readonly AggregateTier[],
  directory: PathDirectory,
  total: Float64Array,
  verified: Float64Array,
): RankedPath[] {
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
  return [...extra.values()];
}

/**
 * The paths a ranking chooses from, by reference: an id of the directory (`>= 0`, below
 * `width`) with its sums, or an extra (`-1 - index`).
 */
interface Candidates {
  directory: PathDirectory;
  total: Float64Array;
  verified: Float64Array;
  extras: readonly RankedPath[];
  width: number;
}

const pathOf = (c: Candidates, ref: number): string =>
  ref >= 0 ? (c.directory.paths[ref] as string) : (c.extras[-1 - ref] as RankedPath).path;

const rowOf = (c: Candidates, ref: number): RankedPath =>
  ref >= 0
    ? {
        path: c.directory.paths[ref] as string,
        total: c.total[ref] as number,
        verified: c.verified[ref] as number,
      }
    : (c.extras[-1 - ref] as RankedPath);

/** Scratch arrays of one ranking: the eligible refs, their values, and a copy to select in. */
interface Scratch {
  eligible: Int32Array;
  values: Float64Array;
  work: Float64Array;
}

/**
 * Counts the matching paths (under the prefix) and lists those after the keyset with their
 * sort values: `eligible[i]` and `values[i]` for `i < count`.
 */
function afterKeyset(
  query: PathRankQuery,
  c: Candidates,
  { eligible, values }: Scratch,
): { count: number; pathCount: number } {
  const { directory, extras, width } = c;
  const prefix = query.pathPrefix;
  const byVerified = query.sortBy === "verified";
  const { after } = query;
  let count = 0;
  let pathCount = 0;
  const ranked = byVerified ? c.verified : c.total;
  for (let id = 1; id < width; id++) {
    if (!((c.total[id] as number) > 0)) continue;
    const path = directory.paths[id];
    if (path === undefined) throw new Error(`read-model path id ${id} is not in crawl_paths`);
    if (prefix !== null && !path.startsWith(prefix)) continue;
    pathCount++;
    const value = ranked[id] as number;
    if (!isAfterKeyset(value, path, after)) continue;
    eligible[count] = id;
    values[count++] = value;
  }
  extras.forEach((entry, i) => {
    if (!(entry.total > 0) || (prefix !== null && !entry.path.startsWith(prefix))) return;
    pathCount++;
    const value = byVerified ? entry.verified : entry.total;
    if (!isAfterKeyset(value, entry.path, after)) return;
    eligible[count] = -1 - i;
    values[count++] = value;
  });
  return { count, pathCount };
}

/** The first `limit` (> 0) of `count` (> 0) eligible paths in ranking order. */
function bestOf(
  query: PathRankQuery,
  c: Candidates,
  { eligible, values, work }: Scratch,
  count: number,
): RankedPath[] {
  const limit = query.limit;
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
      above.push(rowOf(c, eligible[i] as number));
      room--;
    }
  }
  // The `room` first tied paths by the tie-break (refs and texts kept side by side).
  const tieRefs: number[] = [];
  const tiePaths: string[] = [];
  for (let i = 0; i < count; i++) {
    if (values[i] !== threshold) continue;
    const ref = eligible[i] as number;
    const path = pathOf(c, ref);
    if (tiePaths.length === room && tieBreak(path, tiePaths[room - 1] as string) > 0) continue;
    let lo = 0;
    let hi = tiePaths.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tieBreak(tiePaths[mid] as string, path) < 0) lo = mid + 1;
      else hi = mid;
    }
    tiePaths.splice(lo, 0, path);
    tieRefs.splice(lo, 0, ref);
    if (tiePaths.length > room) {
      tiePaths.pop();
      tieRefs.pop();
    }
  }
  const ties = tieRefs.map((ref) => rowOf(c, ref));
  above.sort((a, b) => compareRanked(a, b, query.sortBy));
  return [...above, ...ties];
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

function lists(size: number): Scratch {
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
