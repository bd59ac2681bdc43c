import { endianness } from "node:os";
import type { BlockCounts } from "@crawlgate/core/adapter-kit";

/**
 * The stored bytes of a read-model block (`crawl_rollup_blocks.counts`; the block itself is
 * core's `BlockCounts`). Little-endian: a 16-byte header `[format, base, n, 0]` (format 0: dense
 * 32-bit, 1: sparse 32-bit, 2: dense float64), then for sparse the `n` ids ascending, then the
 * values tier by tier (`n` verified, `n` declared, `n` unknown).
 */

const HEADER = 16;
const LITTLE = endianness() === "LE";
const DENSE = 0;
const SPARSE = 1;
const DENSE_FLOAT = 2;

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
  if (stored.byteLength < HEADER) throw new Error("read-model block shorter than its header");
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
    throw new Error(`read-model block has an unknown header (${format}, ${base}, ${n})`);
  if (bytes.byteLength !== HEADER + idBytes + 3 * n * valueSize)
    throw new Error(`read-model block of ${n} entries has ${bytes.byteLength} bytes`);
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
