import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addBlocks,
  addInto,
  type BlockCounts,
  blockEnd,
  compactBlock,
  packBlock,
  unpackBlock,
  WeightedLru,
} from "./rollup-blocks.js";

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

describe("rollup blocks", () => {
  it("keep exactly their counts in either layout, through bytes at any offset", () => {
    fc.assert(
      fc.property(countsArb(2_147_483_647), fc.integer({ min: 0, max: 7 }), (counts, offset) => {
        const block = blockOf(counts);
        expect(countsOf(block)).toEqual(counts);
        if (!block) return;
        const bytes = packBlock(block);
        // Copy to an arbitrary offset of a larger buffer, as pooled driver buffers are.
        const pool = Buffer.alloc(bytes.byteLength + offset + 3);
        bytes.copy(pool, offset);
        const decoded = unpackBlock(pool.subarray(offset, offset + bytes.byteLength));
        expect(countsOf(decoded)).toEqual(counts);
        expect(blockEnd(decoded)).toBe(Math.max(...counts.keys()) + 1);
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
    // 50 entries: 16 header + 50 ids + 150 counts, not 49,001 ids' worth of zeros.
    expect(packBlock(scattered as BlockCounts).byteLength).toBe(16 + 4 * 200);
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
    expect(countsOf(unpackBlock(packBlock(sum)))).toEqual(new Map([[7, [0, 0, 4_000_000_000]]]));
    const sums = new Float64Array(3 * 8);
    addInto(sums, 0, sum);
    expect(sums[2 * 8 + 7]).toBe(4_000_000_000);
  });

  it("refuse bytes whose header or length does not add up", () => {
    const good = packBlock(blockOf(new Map([[3, [1, 2, 3]]])) as BlockCounts);
    expect(() => unpackBlock(good.subarray(0, 12))).toThrow(/header/);
    expect(() => unpackBlock(good.subarray(0, good.byteLength - 4))).toThrow(/bytes/);
    const unknown = Buffer.from(good);
    unknown.writeInt32LE(9, 0);
    expect(() => unpackBlock(unknown)).toThrow(/unknown header/);
  });
});

describe("WeightedLru", () => {
  it("evicts the least recently used entries past its capacity, keeping the newest", () => {
    const lru = new WeightedLru<string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A");
    lru.set("c", "C", 4);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    lru.set("a", "A2", 6);
    expect(lru.get("a")).toBe("A2");
    expect(lru.get("c")).toBe("C");
    // One entry over the capacity stays, alone.
    lru.set("huge", "H", 11);
    expect(lru.get("huge")).toBe("H");
    expect(lru.get("a")).toBeUndefined();
    expect(lru.get("c")).toBeUndefined();
    lru.set("d", "D", 1);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("d")).toBe("D");
    lru.delete("d");
    expect(lru.get("d")).toBeUndefined();
  });
});
