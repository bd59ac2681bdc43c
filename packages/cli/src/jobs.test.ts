import type { Logger } from "@crawlgate/core";
import { describe, expect, it } from "vitest";
import { scheduleReadModelRefresh } from "./jobs.js";

function recordingLogger() {
  const lines: [string, string, Record<string, unknown> | undefined][] = [];
  const logger: Logger = {
    info: (event, fields) => lines.push(["info", event, fields]),
    warn: (event, fields) => lines.push(["warn", event, fields]),
    error: (event, fields) => lines.push(["error", event, fields]),
  };
  return { logger, lines };
}

describe("scheduleReadModelRefresh", () => {
  it("refreshes through yesterday at once and on every tick, never two runs at a time", async () => {
    const calls: string[] = [];
    let release: () => void = () => {};
    const { logger, lines } = recordingLogger();
    const job = scheduleReadModelRefresh({
      crawls: {
        refreshReadModel: async (through) => {
          calls.push(through);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { domains: 2 };
        },
      },
      logger,
      now: () => new Date("2026-11-20T00:30:00.000Z"),
      everyMs: 5,
    });
    // Ticks while the first run is still going start nothing.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual(["2026-11-19"]);
    release();
    await job.idle();
    expect(lines).toContainEqual([
      "info",
      "jobs.read_model_refresh",
      expect.objectContaining({ through: "2026-11-19", domains: 2 }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.length).toBe(2);
    release();
    await job.stop();
  });

  it("logs a failed run and tries again at the next tick", async () => {
    let calls = 0;
    const { logger, lines } = recordingLogger();
    const job = scheduleReadModelRefresh({
      crawls: {
        refreshReadModel: async () => {
          calls++;
          if (calls === 1) throw new Error("database is locked");
          return { domains: 0 };
        },
      },
      logger,
      now: () => new Date("2026-11-20T12:00:00.000Z"),
      everyMs: 5,
    });
    await job.idle();
    expect(lines).toContainEqual([
      "error",
      "jobs.read_model_refresh_failed",
      { message: "database is locked" },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await job.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
