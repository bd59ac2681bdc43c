import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addBlocks,
  type BlockCounts,
  emptyBlock,
  packBlock,
  slot,
  unpackBlock,
  WeightedLru,
} from "./rollup-blocks.js";

const blockArb = fc
  .array(fc.integer({ min: 0, max: 2_147_483_647 }), { maxLength: 60 })
  .map((values): BlockCounts => {
    const width = Math.floor(values.length / 3);
    return { width, counts: Int32Array.from(values.slice(0, width * 3)) };
  });

describe("packed rollup blocks", () => {
  it("decode what they encode, from any byte offset of a driver's buffer", () => {
    fc.assert(
      fc.property(blockArb, fc.integer({ min: 0, max: 7 }), (block, offset) => {
        const bytes = packBlock(block);
        expect(bytes.byteLength).toBe(block.width * 12);
        // Copy to an arbitrary offset of a larger buffer, as pooled driver buffers are.
        const pool = Buffer.alloc(bytes.byteLength + offset);
        bytes.copy(pool, offset);
        const decoded = unpackBlock(pool.subarray(offset), block.width);
        expect(Array.from(decoded.counts)).toEqual(Array.from(block.counts));
      }),
    );
  });

  it("store counts little-endian, tier by tier", () => {
    const block = emptyBlock(2);
    block.counts[slot(block, 1, 1)] = 0x01020304;
    expect([...packBlock(block)]).toEqual([
      ...[0, 0, 0, 0, 0, 0, 0, 0],
      ...[0, 0, 0, 0, 4, 3, 2, 1],
      ...[0, 0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it("refuse bytes that do not match the width", () => {
    expect(() => unpackBlock(Buffer.alloc(11), 1)).toThrow(/width 1 has 11 bytes/);
    expect(() => unpackBlock(Buffer.alloc(24), 1)).toThrow();
  });

  it("add per tier and path id across widths", () => {
    const small = blockArb.map((b) => ({
      width: b.width,
      counts: b.counts.map((v) => v % 1_000_000),
    }));
    fc.assert(
      fc.property(small, small, (a, b) => {
        const sum = addBlocks(a, b);
        expect(sum.width).toBe(Math.max(a.width, b.width));
        for (let tier = 0; tier < 3; tier++) {
          for (let id = 0; id < sum.width; id++) {
            const of = (x: BlockCounts) =>
              id < x.width ? (x.counts[slot(x, tier, id)] as number) : 0;
            expect(sum.counts[slot(sum, tier, id)]).toBe(of(a) + of(b));
          }
        }
      }),
    );
  });

  it("fail a sum beyond 32 bits instead of wrapping", () => {
    const a = emptyBlock(2);
    a.counts[slot(a, 2, 1)] = 2_000_000_000;
    expect(() => addBlocks(a, a)).toThrow(/path id 1 exceeds/);
  });
});

describe("WeightedLru", () => {
  it("evicts the least recently used entries past its capacity", () => {
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
    lru.set("huge", "H", 11);
    expect(lru.get("huge")).toBeUndefined();
    lru.delete("c");
    expect(lru.get("c")).toBeUndefined();
    expect(lru.get("a")).toBe("A2");
  });
});
