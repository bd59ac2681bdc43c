import type { AggregateTier } from "../types.js";

/**
 * Blocks of the page-ranking read model in memory: the verified, declared and unknown counts of
 * the path ids a block has crawls for. A block is kept in whichever of two layouts is smaller:
 * dense over the id range it spans (a busy day of a site whose paths are all crawled), or
 * sparse, the ids listed (a day of a site with millions of old paths and a few thousand
 * crawled). Its size follows the paths crawled in it, not every path the domain ever had.
 * Counts are 32-bit, or 64-bit floats (exact to 2^53) in the rare block where one exceeds
 * 2^31-1, so a sum never fails. Plain typed arrays: how a store keeps the bytes is its own
 * business (the Kysely adapter's `block-codec.ts`).
 */

/** The tiers of a block's values, in the order they are stored. */
export const BLOCK_TIERS = [
  "verified",
  "declared",
  "unknown",
] as const satisfies readonly AggregateTier[];
const MAX_INT32 = 2_147_483_647;

export interface BlockCounts {
  /** Ids of the entries, ascending; `null` when dense: entry `i` is id `base + i`. */
  ids: Int32Array | null;
  base: number;
  /** Entries. */
  n: number;
  /** `values[tier * n + i]`: the tier's count of entry `i`. */
  values: Int32Array | Float64Array;
}

/** One more than the highest id of a block (0 when empty). */
export const blockEnd = (b: BlockCounts): number =>
  b.ids ? (b.n > 0 ? (b.ids[b.n - 1] as number) + 1 : 0) : b.base + b.n;

/** Bytes a block takes in memory (the cache's weight). */
export const blockBytes = (b: BlockCounts): number =>
  b.values.byteLength + (b.ids ? b.ids.byteLength : 0);

/**
 * The block of per-tier sums over ids `lo..lo + sums.length / 3 - 1` (`sums[tier * span + i]`),
 * in its smaller layout; `null` when every sum is 0.
 */
export function compactBlock(lo: number, sums: Float64Array): BlockCounts | null {
  const span = sums.length / 3;
  let first = -1;
  let last = -1;
  let entries = 0;
  let big = false;
  for (let i = 0; i < span; i++) {
    const v = sums[i] as number;
    const d = sums[span + i] as number;
    const u = sums[2 * span + i] as number;
    if (v === 0 && d === 0 && u === 0) continue;
    if (first < 0) first = i;
    last = i;
    entries++;
    if (v > MAX_INT32 || d > MAX_INT32 || u > MAX_INT32) big = true;
  }
  if (entries === 0) return null;
  const width = last - first + 1;
  if (big) return dense(lo + first, width, sums, span, first, new Float64Array(3 * width));
  // Sparse costs 4 bytes of id and 12 of counts per entry, dense 12 per id of the range.
  if (entries * 16 >= width * 12)
    return dense(lo + first, width, sums, span, first, new Int32Array(3 * width));
  const ids = new Int32Array(entries);
  const values = new Int32Array(3 * entries);
  let k = 0;
  for (let i = first; i <= last; i++) {
    const v = sums[i] as number;
    const d = sums[span + i] as number;
    const u = sums[2 * span + i] as number;
    if (v === 0 && d === 0 && u === 0) continue;
    ids[k] = lo + i;
    values[k] = v;
    values[entries + k] = d;
    values[2 * entries + k] = u;
    k++;
  }
  return { ids, base: 0, n: entries, values };
}

function dense(
  base: number,
  width: number,
  sums: Float64Array,
  span: number,
  first: number,
  values: Int32Array | Float64Array,
): BlockCounts {
  for (let tier = 0; tier < 3; tier++)
    values.set(sums.subarray(tier * span + first, tier * span + first + width), tier * width);
  return { ids: null, base, n: width, values };
}

/** Adds a block's counts into dense sums over ids from `lo` (`sums[tier * span + id - lo]`). */
export function addInto(sums: Float64Array, lo: number, block: BlockCounts): void {
  const span = sums.length / 3;
  const { ids, base, n, values } = block;
  for (let tier = 0; tier < 3; tier++) {
    const from = tier * n;
    const to = tier * span - lo;
    if (ids)
      for (let i = 0; i < n; i++) {
        const at = to + (ids[i] as number);
        sums[at] = (sums[at] as number) + (values[from + i] as number);
      }
    else
      for (let i = 0; i < n; i++) {
        const at = to + base + i;
        sums[at] = (sums[at] as number) + (values[from + i] as number);
      }
  }
}

/** The lowest id of a block (`Infinity` when empty). */
const blockStart = (b: BlockCounts): number =>
  b.n === 0 ? Number.POSITIVE_INFINITY : b.ids ? (b.ids[0] as number) : b.base;

/** The sum of two blocks (the halves of the next level), in its smaller layout. */
export function addBlocks(a: BlockCounts, b: BlockCounts): BlockCounts | null {
  const lo = Math.min(blockStart(a), blockStart(b));
  const hi = Math.max(blockEnd(a), blockEnd(b));
  if (!(lo < hi)) return null;
  const sums = new Float64Array(3 * (hi - lo));
  addInto(sums, lo, a);
  addInto(sums, lo, b);
  return compactBlock(lo, sums);
}

/** `bot_id` of the block that counts every bot (a bot id is never empty). */
export const ALL_BOTS = "";

/** The blocks of one level and start by bot: all bots (`ALL_BOTS`) and each bot with crawls. */
export type BlockSet = Map<string, BlockCounts>;

/** The blocks of the next level: per bot, the sum of its two halves (a bot may be in one). */
export function addBlockSets(left: BlockSet, right: BlockSet): BlockSet {
  const blocks: BlockSet = new Map();
  for (const bot of new Set([...left.keys(), ...right.keys()])) {
    const a = left.get(bot);
    const b = right.get(bot);
    const sum = a && b ? addBlocks(a, b) : (a ?? b ?? null);
    if (sum) blocks.set(bot, sum);
  }
  return blocks;
}

/**
 * The level-0 blocks of one day from its counts per bot, path id and tier (any order, a key may
 * repeat): the all-bots block and one per bot. Counts of tiers outside `BLOCK_TIERS` are ignored.
 */
export class DayBlockBuilder {
  private readonly byBot = new Map<string, { id: number; tier: number; n: number }[]>([
    [ALL_BOTS, []],
  ]);

  add(botId: string, pathId: number, tier: string, count: number): void {
    const slot = BLOCK_TIERS.indexOf(tier as (typeof BLOCK_TIERS)[number]);
    if (slot < 0) return;
    const entry = { id: pathId, tier: slot, n: count };
    this.byBot.get(ALL_BOTS)?.push(entry);
    const list = this.byBot.get(botId);
    if (list) list.push(entry);
    else this.byBot.set(botId, [entry]);
  }

  build(): BlockSet {
    const out: BlockSet = new Map();
    for (const [bot, entries] of this.byBot) {
      if (entries.length === 0) continue;
      let lo = Number.POSITIVE_INFINITY;
      let hi = 0;
      for (const e of entries) {
        lo = Math.min(lo, e.id);
        hi = Math.max(hi, e.id + 1);
      }
      const span = hi - lo;
      const sums = new Float64Array(3 * span);
      for (const e of entries) {
        const at = e.tier * span + e.id - lo;
        sums[at] = (sums[at] as number) + e.n;
      }
      const block = compactBlock(lo, sums);
      if (block) out.set(bot, block);
    }
    return out;
  }
}
