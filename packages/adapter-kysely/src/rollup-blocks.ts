import { endianness } from "node:os";

/**
 * The packed form of a read-model block (`crawl_rollup_blocks.counts`): for a block of `width`
 * path ids, the verified counts of ids `0..width-1`, then the declared ones, then the unknown
 * ones, each a little-endian 32-bit integer (id 0 is never used). A ranking adds a few of these
 * arrays instead of grouping hundreds of thousands of rows.
 */

export const TIERS = ["verified", "declared", "unknown"] as const;
export type Tier = (typeof TIERS)[number];
const MAX_COUNT = 2_147_483_647;
const LITTLE = endianness() === "LE";

/** Counts of a block: `3 * width` values, tier by tier. */
export interface BlockCounts {
  width: number;
  counts: Int32Array;
}

export const emptyBlock = (width: number): BlockCounts => ({
  width,
  counts: new Int32Array(3 * width),
});

/** The slot of a tier's count of `id` in `counts`. */
export const slot = (block: BlockCounts, tier: number, id: number): number =>
  tier * block.width + id;

/** The stored bytes of a block (a Buffer: both drivers bind it as a blob). */
export function packBlock(block: BlockCounts): Buffer {
  const { counts } = block;
  if (LITTLE)
    return Buffer.from(
      counts.buffer.slice(counts.byteOffset, counts.byteOffset + counts.byteLength),
    );
  const out = Buffer.alloc(counts.length * 4);
  counts.forEach((v, i) => {
    out.writeInt32LE(v, i * 4);
  });
  return out;
}

/** Decodes a stored block; throws on a length that does not match its width. */
export function unpackBlock(bytes: Uint8Array, width: number): BlockCounts {
  if (bytes.byteLength !== width * 12)
    throw new Error(`rollup block of width ${width} has ${bytes.byteLength} bytes`);
  if (LITTLE) {
    // A view needs 4-byte alignment; a driver's buffer may sit anywhere in its pool.
    // (`Buffer#slice` is a view: copy into a fresh Uint8Array instead.)
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
    return {
      width,
      counts: new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4),
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const counts = new Int32Array(width * 3);
  for (let i = 0; i < counts.length; i++) counts[i] = view.getInt32(i * 4, true);
  return { width, counts };
}

/**
 * The sum of two blocks (the halves of the next level). A count that would not fit in 32 bits
 * fails the refresh: the block is not written and readers keep using smaller blocks or days.
 */
export function addBlocks(a: BlockCounts, b: BlockCounts): BlockCounts {
  const out = emptyBlock(Math.max(a.width, b.width));
  for (const part of [a, b]) {
    for (let tier = 0; tier < 3; tier++) {
      const from = tier * part.width;
      const to = tier * out.width;
      for (let id = 0; id < part.width; id++) {
        const sum = (out.counts[to + id] as number) + (part.counts[from + id] as number);
        if (sum > MAX_COUNT) throw new Error(`rollup count of path id ${id} exceeds 2^31-1`);
        out.counts[to + id] = sum;
      }
    }
  }
  return out;
}

/**
 * A least-recently-used map bounded by a weight (bytes, paths): readers keep decoded blocks and
 * path directories between requests. Entries are immutable values keyed by version, so a stale
 * entry is never served: it is only evicted.
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
    if (weight > this.capacity) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.capacity) break;
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
