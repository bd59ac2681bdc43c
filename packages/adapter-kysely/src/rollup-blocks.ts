import { endianness } from "node:os";

/**
 * Blocks of the page-ranking read model in memory and as stored (`crawl_rollup_blocks.counts`):
 * the verified, declared and unknown counts of the path ids a block has crawls for. A block is
 * kept in whichever of two layouts is smaller: dense over the id range it spans (a busy day of a
 * site whose paths are all crawled), or sparse, the ids listed (a day of a site with millions of
 * old paths and a few thousand crawled). Its size follows the paths crawled in it, not every
 * path the domain ever had. Counts are 32-bit, or 64-bit floats (exact to 2^53) in the rare
 * block where one exceeds 2^31-1, so a sum never fails.
 *
 * Stored bytes, little-endian: a 16-byte header `[format, base, n, 0]` (format 0: dense 32-bit,
 * 1: sparse 32-bit, 2: dense float64), then for sparse the `n` ids ascending, then the values
 * tier by tier (`n` verified, `n` declared, `n` unknown).
 */

export const TIERS = ["verified", "declared", "unknown"] as const;
const MAX_INT32 = 2_147_483_647;
const HEADER = 16;
const LITTLE = endianness() === "LE";
const DENSE = 0;
const SPARSE = 1;
const DENSE_FLOAT = 2;

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

/** The stored bytes of a block (a Buffer: both drivers bind it as a blob). */
export function packBlock(block: BlockCounts): Buffer {
  const { ids, base, n, values } = block;
  const format = values instanceof Float64Array ? DENSE_FLOAT : ids ? SPARSE : DENSE;
  const out = Buffer.alloc(HEADER + (ids ? ids.byteLength : 0) + values.byteLength);
  out.writeInt32LE(format, 0);
  out.writeInt32LE(base, 4);
  out.writeInt32LE(n, 8);
  let at = HEADER;
  if (ids) for (let i = 0; i < n; i++, at += 4) out.writeInt32LE(ids[i] as number, at);
  if (values instanceof Float64Array)
    for (let i = 0; i < values.length; i++, at += 8) out.writeDoubleLE(values[i] as number, at);
  else for (let i = 0; i < values.length; i++, at += 4) out.writeInt32LE(values[i] as number, at);
  return out;
}

/** Decodes stored bytes; throws on a header or length that does not add up. */
export function unpackBlock(stored: Uint8Array): BlockCounts {
  if (stored.byteLength < HEADER) throw new Error("rollup block shorter than its header");
  // Typed-array views need aligned offsets, and a view into a driver's pooled buffer would keep
  // the whole pool slab alive in the cache: copy unless the bytes are a buffer of their own.
  const bytes =
    stored.byteOffset === 0 && stored.byteLength === stored.buffer.byteLength
      ? stored
      : new Uint8Array(stored);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = view.getInt32(0, true);
  const base = view.getInt32(4, true);
  const n = view.getInt32(8, true);
  const idBytes = format === SPARSE ? 4 * n : 0;
  const valueSize = format === DENSE_FLOAT ? 8 : 4;
  if (format < DENSE || format > DENSE_FLOAT || n < 0 || base < 0)
    throw new Error(`rollup block has an unknown header (${format}, ${base}, ${n})`);
  if (bytes.byteLength !== HEADER + idBytes + 3 * n * valueSize)
    throw new Error(`rollup block of ${n} entries has ${bytes.byteLength} bytes`);
  const read32 = (offset: number, count: number): Int32Array => {
    if (LITTLE) return new Int32Array(bytes.buffer, bytes.byteOffset + offset, count);
    const out = new Int32Array(count);
    for (let i = 0; i < count; i++) out[i] = view.getInt32(offset + 4 * i, true);
    return out;
  };
  const ids = format === SPARSE ? read32(HEADER, n) : null;
  let values: Int32Array | Float64Array;
  if (format !== DENSE_FLOAT) values = read32(HEADER + idBytes, 3 * n);
  else if (LITTLE) values = new Float64Array(bytes.buffer, bytes.byteOffset + HEADER, 3 * n);
  else {
    values = new Float64Array(3 * n);
    for (let i = 0; i < 3 * n; i++) values[i] = view.getFloat64(HEADER + 8 * i, true);
  }
  return { ids, base: ids ? 0 : base, n, values };
}

/**
 * A least-recently-used map bounded by a weight (bytes, paths): readers keep decoded blocks and
 * path directories between requests. Entries are immutable values keyed by version, so a stale
 * entry is never served: it is only evicted. The newest entry stays even when it alone weighs
 * more than the capacity (one very large domain is still cached, alone).
 */
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, weight: number): void {
    this.delete(key);
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.capacity || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }
}
