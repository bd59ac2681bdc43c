import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher.js";

describe("ingest batcher", () => {
  it("writes in batches by size, acknowledging each item only after its batch was written", async () => {
    const written: number[][] = [];
    const batcher = createBatcher<number>({
      write: async (b) => void written.push(b),
      maxBatch: 3,
      intervalMs: 10_000,
    });
    const acks = [1, 2, 3, 4].map((n) => batcher.add(n));
    await Promise.all(acks.slice(0, 3));
    expect(written).toEqual([[1, 2, 3]]);
    await batcher.close();
    await acks[3];
    expect(written).toEqual([[1, 2, 3], [4]]);
  });

  it("writes a partial batch after the interval", async () => {
    const written: number[][] = [];
    const batcher = createBatcher<number>({
      write: async (b) => void written.push(b),
      maxBatch: 100,
      intervalMs: 20,
    });
    await Promise.all([batcher.add(1), batcher.add(2)]);
    expect(written).toEqual([[1, 2]]);
    await batcher.close();
  });

  it("retries a failed write and acknowledges only on success", async () => {
    let failures = 2;
    const written: number[][] = [];
    const batcher = createBatcher<number>({
      write: async (b) => {
        if (failures-- > 0) throw new Error("database unavailable");
        written.push(b);
      },
      intervalMs: 5,
      retryDelayMs: 5,
    });
    await batcher.add(7);
    expect(written).toEqual([[7]]);
    await batcher.close();
  });

  it("rejects the items of a batch whose every attempt failed, and keeps going", async () => {
    let fail = true;
    const batcher = createBatcher<number>({
      write: async () => {
        if (fail) throw new Error("down");
      },
      intervalMs: 5,
      retryDelayMs: 1,
      maxAttempts: 3,
    });
    await expect(batcher.add(1)).rejects.toThrow("down");
    fail = false;
    await expect(batcher.add(2)).resolves.toBeUndefined();
    await batcher.close();
  });

  it("never runs two writes at once and applies backpressure", async () => {
    let active = 0;
    let maxActive = 0;
    const seen: number[] = [];
    const batcher = createBatcher<number>({
      write: async (b) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 2));
        seen.push(...b);
        active--;
      },
      maxBatch: 5,
      maxBuffered: 8,
      intervalMs: 1,
    });
    await Promise.all(Array.from({ length: 60 }, (_, i) => batcher.add(i)));
    await batcher.close();
    expect(maxActive).toBe(1);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    await expect(batcher.add(99)).rejects.toThrow("closed");
  });

  it("runs up to `concurrency` writes at once, acknowledging each item after its own batch", async () => {
    let active = 0;
    let maxActive = 0;
    const written = new Set<number>();
    const batcher = createBatcher<number>({
      write: async (b) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 2));
        for (const n of b) written.add(n);
        active--;
      },
      maxBatch: 4,
      maxBuffered: 12,
      intervalMs: 1,
      concurrency: 2,
    });
    const acks = Array.from({ length: 50 }, (_, i) =>
      batcher.add(i).then(() => expect(written.has(i)).toBe(true)),
    );
    await Promise.all(acks);
    await batcher.close();
    expect(maxActive).toBe(2);
    expect(written.size).toBe(50);
    expect(batcher.pending()).toBe(0);
  });

  it("close writes the partial rest while other writes run", async () => {
    const written: number[][] = [];
    const batcher = createBatcher<number>({
      write: async (b) => {
        await new Promise((r) => setTimeout(r, 1));
        written.push(b);
      },
      maxBatch: 3,
      intervalMs: 10_000,
      concurrency: 3,
    });
    const acks = Array.from({ length: 7 }, (_, i) => batcher.add(i));
    await batcher.close();
    await Promise.all(acks);
    expect(written.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
