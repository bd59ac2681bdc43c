import fc from "fast-check";
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

  it("hands a batch whose every attempt failed to `failed` once, before its items reject", async () => {
    const failed: [number[], string][] = [];
    let attempts = 0;
    const batcher = createBatcher<number>({
      write: async () => {
        attempts++;
        throw new Error("down");
      },
      failed: (batch, error) => failed.push([[...batch], (error as Error).message]),
      intervalMs: 5,
      retryDelayMs: 1,
      maxAttempts: 3,
    });
    const outcome = Promise.allSettled([batcher.add(1), batcher.add(2)]).then((all) => {
      expect(failed).toEqual([[[1, 2], "down"]]);
      return all.map((r) => r.status);
    });
    expect(await outcome).toEqual(["rejected", "rejected"]);
    expect(attempts).toBe(3);
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

  it("keeps callers waiting for room in order, each admitted once (no re-queueing)", async () => {
    const written: number[] = [];
    let writes = 0;
    const batcher = createBatcher<number>({
      write: async (b) => {
        writes++;
        written.push(...b);
      },
      maxBatch: 10,
      maxBuffered: 30,
      intervalMs: 10_000,
    });
    // 20,000 calls none of which is awaited: all but 30 wait for room.
    const acks = Array.from({ length: 20_000 }, (_, i) => batcher.add(i));
    await Promise.all(acks);
    expect(written).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
    expect(writes).toBe(2_000);
    await batcher.close();
  });

  it("addAll: one acknowledgement once every batch holding its items was written", async () => {
    const written: number[][] = [];
    const release: (() => void)[] = [];
    const batcher = createBatcher<number>({
      write: (b) =>
        new Promise<void>((resolve) => {
          release.push(() => {
            written.push(b);
            resolve();
          });
        }),
      maxBatch: 4,
      intervalMs: 10_000,
      concurrency: 1,
    });
    let acknowledged = false;
    const ack = batcher.addAll([1, 2, 3, 4, 5, 6, 7, 8, 9]).then(() => {
      acknowledged = true;
    });
    const closed = batcher.close();
    for (let i = 0; i < 3; i++) {
      while (release.length === 0) await new Promise((r) => setTimeout(r, 1));
      expect(acknowledged).toBe(false);
      release.shift()?.();
    }
    await ack;
    await closed;
    expect(written).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    await expect(batcher.addAll([1])).rejects.toThrow("closed");
  });

  it("addAll rejects when one of its batches failed for good", async () => {
    const batcher = createBatcher<number>({
      write: async (b) => {
        if (b.includes(6)) throw new Error("disk full");
      },
      maxBatch: 4,
      intervalMs: 1,
      retryDelayMs: 1,
      maxAttempts: 2,
    });
    await expect(batcher.addAll([1, 2, 3, 4, 5, 6])).rejects.toThrow("disk full");
    await expect(batcher.addAll([7])).resolves.toBeUndefined();
    await batcher.close();
  });

  it("property: any mix of add and addAll writes every item once, in order, acknowledged after", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.nat(1_000), fc.array(fc.nat(1_000), { maxLength: 40 })), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 3 }),
        async (calls, maxBatch, maxBuffered, concurrency) => {
          const written: number[] = [];
          const batcher = createBatcher<number>({
            write: async (b) => {
              await Promise.resolve();
              written.push(...b);
            },
            maxBatch,
            maxBuffered,
            intervalMs: 1,
            concurrency,
          });
          // Item values are their positions, so order and acknowledgements can be checked.
          let next = 0;
          const acks = calls.map((call) => {
            const items = Array.isArray(call) ? call.map(() => next++) : [next++];
            const ack = Array.isArray(call)
              ? batcher.addAll(items)
              : batcher.add(items[0] as number);
            return ack.then(() => {
              for (const item of items) expect(written).toContain(item);
            });
          });
          await Promise.all(acks);
          await batcher.close();
          const expected = Array.from({ length: next }, (_, i) => i);
          if (concurrency === 1) expect(written).toEqual(expected);
          else expect([...written].sort((a, b) => a - b)).toEqual(expected);
          expect(batcher.pending()).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("flush writes a partial batch now and keeps accepting items", async () => {
    const written: number[][] = [];
    const batcher = createBatcher<number>({
      write: async (b) => void written.push(b),
      maxBatch: 10,
      intervalMs: 3_600_000,
    });
    const ack = batcher.add(1);
    batcher.flush();
    await ack;
    expect(written).toEqual([[1]]);
    batcher.flush();
    const next = batcher.addAll([2, 3]);
    batcher.flush();
    await next;
    expect(written).toEqual([[1], [2, 3]]);
    await batcher.close();
  });

  it("eagerBatch: starts a write once that many wait and none runs; batches grow meanwhile", async () => {
    const written: number[][] = [];
    const release: (() => void)[] = [];
    const batcher = createBatcher<number>({
      write: (b) =>
        new Promise<void>((resolve) => {
          written.push(b);
          release.push(resolve);
        }),
      maxBatch: 100,
      eagerBatch: 3,
      intervalMs: 3_600_000,
    });
    const acks = [1, 2].map((n) => batcher.add(n));
    expect(written).toEqual([]);
    acks.push(batcher.add(3));
    expect(written).toEqual([[1, 2, 3]]);
    // While that write runs, seven more arrive: written together once it finished.
    for (let n = 4; n <= 10; n++) acks.push(batcher.add(n));
    release.shift()?.();
    await Promise.all(acks.slice(0, 3));
    expect(written).toEqual([
      [1, 2, 3],
      [4, 5, 6, 7, 8, 9, 10],
    ]);
    release.shift()?.();
    await Promise.all(acks);
    const last = batcher.add(11);
    expect(written).toHaveLength(2);
    const closed = batcher.close();
    while (release.length === 0) await new Promise((r) => setTimeout(r, 1));
    release.shift()?.();
    await Promise.all([last, closed]);
    expect(written.at(-1)).toEqual([11]);
  });
});

describe("ingest batcher drain", () => {
  it("writes a partial batch at once, resolves once it is stored, and keeps accepting", async () => {
    const written: number[][] = [];
    const batcher = createBatcher<number>({
      maxBatch: 100,
      intervalMs: 60_000,
      write: async (items) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        written.push([...items]);
      },
    });
    const acks = [batcher.add(1), batcher.add(2)];
    const started = Date.now();
    await batcher.drain();
    expect(Date.now() - started).toBeLessThan(5_000); // not the 60 s interval
    expect(written).toEqual([[1, 2]]);
    await Promise.all(acks);
    // Still open: a later item is accepted and drained too.
    const later = batcher.add(3);
    await batcher.drain();
    await later;
    expect(written).toEqual([[1, 2], [3]]);
    await batcher.drain(); // nothing buffered: resolves at once
    await batcher.close();
  });
});
