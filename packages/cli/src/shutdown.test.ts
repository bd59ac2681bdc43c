import { describe, expect, it } from "vitest";
import { shutDown, shutdownMs } from "./shutdown.js";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe("shutdown", () => {
  it("reads CRAWLGATE_SHUTDOWN_MS: default 10 s, 0 to an hour, else a usage error", () => {
    expect(shutdownMs(undefined)).toBe(10_000);
    expect(shutdownMs("0")).toBe(0);
    expect(shutdownMs("2500")).toBe(2500);
    for (const bad of ["-1", "1.5", "ten", "3600001"])
      expect(() => shutdownMs(bad)).toThrow(/CRAWLGATE_SHUTDOWN_MS/);
  });

  it("leaves a bounded step at the deadline, runs buffered-data steps to their end, in order", async () => {
    const order: string[] = [];
    const warned: string[] = [];
    const started = Date.now();
    await shutDown(
      [
        { name: "jobs", bounded: true, run: () => new Promise(() => order.push("jobs")) },
        {
          name: "ingest",
          run: async () => {
            await new Promise((r) => setTimeout(r, 150)); // past the deadline: still awaited
            order.push("ingest");
          },
        },
        {
          name: "broken",
          run: async () => {
            throw new Error("boom");
          },
        },
        { name: "stores", run: async () => order.push("stores") },
      ],
      { deadlineMs: 100, logger: { ...quiet, warn: (event) => warned.push(event) } },
    );
    expect(order).toEqual(["jobs", "ingest", "stores"]);
    expect(warned).toEqual(["shutdown.deadline_passed"]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
