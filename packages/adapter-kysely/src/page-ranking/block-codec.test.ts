import { addBlocks, type BlockCounts, compactBlock } from "@crawlgate/core/adapter-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packBlock, unpackBlock } from "./block-codec.js";

/** A block as plain data (layout, ids, counts), to compare a decoded block with its original. */
const plain = (b: BlockCounts) => ({
  float: b.values instanceof Float64Array,
  ids: b.ids ? [...b.ids] : null,
  base: b.base,
  n: b.n,
  values: [...b.values],
});

/** Random blocks in every stored format: dense, sparse (ids ascending) and dense float64. */
const blockArb: fc.Arbitrary<BlockCounts> = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 5_000 }), fc.array(fc.integer({ min: 0, max: 2_147_483_647 })))
    .map(([base, counts]) => {
      const n = Math.floor(counts.length / 3);
      return { ids: null, base, n, values: Int32Array.from(counts.slice(0, 3 * n)) };
    }),
  fc
    .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 30 })
    .chain((ids) =>
      fc
        .array(fc.integer({ min: 0, max: 2_147_483_647 }), {
          minLength: 3 * ids.length,
          maxLength: 3 * ids.length,
        })
        .map((values) => ({
          ids: Int32Array.from([...ids].sort((a, b) => a - b)),
          base: 0,
          n: ids.length,
          values: Int32Array.from(values),
        })),
    ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 5_000 }),
      fc.array(fc.integer({ min: 0, max: 2 ** 53 - 1 }), { minLength: 3, maxLength: 30 }),
    )
    .map(([base, counts]) => {
      const n = Math.floor(counts.length / 3);
      return { ids: null, base, n, values: Float64Array.from(counts.slice(0, 3 * n)) };
    }),
);

describe("block codec", () => {
  it("decodes exactly what it encoded, in every format, from bytes at any offset", () => {
    fc.assert(
      fc.property(blockArb, fc.integer({ min: 0, max: 7 }), (block, offset) => {
        const bytes = packBlock(block);
        // Copy to an arbitrary offset of a larger buffer, as pooled driver buffers are.
        const pool = Buffer.alloc(bytes.byteLength + offset + 3);
        bytes.copy(pool, offset);
        const decoded = unpackBlock(pool.subarray(offset, offset + bytes.byteLength));
        expect(plain(decoded)).toEqual(plain(block));
      }),
    );
  });

  it("stores a sparse block as its entries only", () => {
    const sums = new Float64Array(3 * 49_001);
    for (let i = 0; i < 50; i++) sums[49_001 + i * 1000] = 2;
    const scattered = compactBlock(1, sums) as BlockCounts;
    expect(scattered.ids?.length).toBe(50);
    // 50 entries: 16 header + 50 ids + 150 counts, not 49,001 ids' worth of zeros.
    expect(packBlock(scattered).byteLength).toBe(16 + 4 * 200);
  });

  it("keeps sums beyond 32 bits exact through bytes", () => {
    const sums = new Float64Array(3);
    sums[2] = 2_000_000_000;
    const a = compactBlock(7, sums) as BlockCounts;
    const sum = addBlocks(a, a) as BlockCounts;
    const decoded = unpackBlock(packBlock(sum));
    expect(decoded.values).toBeInstanceOf(Float64Array);
    expect(plain(decoded)).toEqual({
      float: true,
      ids: null,
      base: 7,
      n: 1,
      values: [0, 0, 4_000_000_000],
    });
  });

  it("refuses bytes whose header or length does not add up", () => {
    const sums = new Float64Array([1, 2, 3]);
    const good = packBlock(compactBlock(3, sums) as BlockCounts);
    expect(() => unpackBlock(good.subarray(0, 12))).toThrow(/header/);
    expect(() => unpackBlock(good.subarray(0, good.byteLength - 4))).toThrow(/bytes/);
    const unknown = Buffer.from(good);
    unknown.writeInt32LE(9, 0);
    expect(() => unpackBlock(unknown)).toThrow(/unknown header/);
  });
});
