import { describe, expect, it } from "vitest";
import { perKeyLimit } from "./page-worker.js";

describe("perKeyLimit", () => {
  it("runs at most `max` tasks of one key at once, other keys beside them, all to the end", async () => {
    const limit = perKeyLimit(2);
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const done: string[] = [];
    const task = (key: string, id: number) =>
      limit(key, async () => {
        running.set(key, (running.get(key) ?? 0) + 1);
        peak.set(key, Math.max(peak.get(key) ?? 0, running.get(key) as number));
        await new Promise((resolve) => setTimeout(resolve, 5));
        running.set(key, (running.get(key) as number) - 1);
        done.push(`${key}${id}`);
        return id;
      });
    const ids = await Promise.all([
      ...Array.from({ length: 7 }, (_, i) => task("a", i)),
      ...Array.from({ length: 3 }, (_, i) => task("b", i)),
    ]);
    expect(ids).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 1, 2]);
    expect(peak).toEqual(
      new Map([
        ["a", 2],
        ["b", 2],
      ]),
    );
    expect(done).toHaveLength(10);
  });

  it("frees the slot when a task rejects", async () => {
    const limit = perKeyLimit(1);
    await expect(limit("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit("k", async () => "next")).toBe("next");
  });
});
