import { createMemoryFleetLock } from "@crawlgate/adapter-memory";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeClock } from "../testing/fixtures.js";
import type { Job } from "./job.js";
import { createScheduler, type Timers } from "./scheduler.js";

/** Timers driven by hand, on the fake clock: `advance(ms)` fires what is due, in order. */
function manualTimers(clock: ReturnType<typeof createFakeClock>) {
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = next++;
      due.set(id, { at: clock.now().getTime() + ms, run });
      return id;
    },
    clearTimeout: (id) => void due.delete(id as number),
  };
  async function advance(ms: number) {
    const end = clock.now().getTime() + ms;
    for (;;) {
      await settle();
      const first = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!first || first[1].at > end) break;
      due.delete(first[0]);
      clock.set(new Date(first[1].at));
      first[1].run();
    }
    clock.set(new Date(end));
    await settle();
  }
  return { timers, advance, pending: () => due.size };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function logLines() {
  const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
  const log =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, event, fields });
  return { lines, logger: { info: log("info"), warn: log("warn"), error: log("error") } };
}

function job(name: string, options: Partial<Job> & { run: Job["run"] }): Job {
  return { name, everyMs: 60_000, singleton: false, ...options };
}

describe("createScheduler", () => {
  let clock: ReturnType<typeof createFakeClock>;
  beforeEach(() => {
    clock = createFakeClock("2026-11-20T10:00:00.000Z");
  });
  afterEach(() => vi.restoreAllMocks());

  it("runs each job at once, then its interval after each run ends, logging every run", async () => {
    const { timers, advance } = manualTimers(clock);
    const { lines, logger } = logLines();
    const runs: string[] = [];
    const scheduler = createScheduler(
      [
        job("minutely", {
          run: async (now) => {
            runs.push(`m@${now.toISOString()}`);
            return { n: 1 };
          },
        }),
        job("half", {
          everyMs: 30_000,
          run: async (now) => {
            runs.push(`h@${now.toISOString()}`);
            return {};
          },
        }),
      ],
      { clock, logger, timers },
    );
    await scheduler.idle("half");
    expect(runs).toEqual(["m@2026-11-20T10:00:00.000Z", "h@2026-11-20T10:00:00.000Z"]);
    await advance(60_000);
    expect(runs.slice(2)).toEqual([
      "h@2026-11-20T10:00:30.000Z",
      "m@2026-11-20T10:01:00.000Z",
      "h@2026-11-20T10:01:00.000Z",
    ]);
    expect(lines.filter((l) => l.event === "jobs.minutely")).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: "info",
      event: "jobs.minutely",
      fields: { n: 1, ms: 0 },
    });
    await scheduler.stop();
  });

  it("never overlaps runs of one job: the next run starts an interval after the slow one ends", async () => {
    const { timers, advance } = manualTimers(clock);
    const { logger } = logLines();
    let release = () => {};
    const starts: number[] = [];
    let active = 0;
    let maxActive = 0;
    const scheduler = createScheduler(
      [
        job("slow", {
          everyMs: 1_000,
          run: async (now) => {
            starts.push(now.getTime());
            maxActive = Math.max(maxActive, ++active);
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            active--;
            return {};
          },
        }),
      ],
      { clock, logger, timers },
    );
    const t0 = clock.now().getTime();
    await advance(10_000); // the first run is still going: nothing else starts
    expect(starts).toEqual([t0]);
    release();
    await advance(999);
    expect(starts).toHaveLength(1);
    await advance(1);
    expect(starts).toEqual([t0, t0 + 11_000]);
    expect(maxActive).toBe(1);
    release();
    await scheduler.stop();
  });

  it("logs a failed run and runs the job again at its next turn", async () => {
    const { timers, advance } = manualTimers(clock);
    const { lines, logger } = logLines();
    let calls = 0;
    const scheduler = createScheduler(
      [
        job("flaky", {
          run: async () => {
            calls++;
            if (calls === 1) throw new Error("store unreachable");
            return { ok: true };
          },
        }),
      ],
      { clock, logger, timers },
    );
    await advance(60_000);
    expect(lines.map((l) => [l.level, l.event])).toEqual([
      ["error", "jobs.flaky_failed"],
      ["info", "jobs.flaky"],
    ]);
    expect(lines[0]?.fields.message).toBe("store unreachable");
    await scheduler.stop();
  });

  it("stops cleanly: waits for the run in progress and schedules nothing after", async () => {
    const { timers, advance, pending } = manualTimers(clock);
    const { logger } = logLines();
    let finish = () => {};
    let runs = 0;
    const scheduler = createScheduler(
      [
        job("busy", {
          run: async () => {
            runs++;
            await new Promise<void>((resolve) => {
              finish = resolve;
            });
            return {};
          },
        }),
      ],
      { clock, logger, timers },
    );
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(pending()).toBe(0);
    await advance(10 * 60_000);
    expect(runs).toBe(1);
  });
  it("runs a singleton job on one of two schedulers sharing a lock; the other takes over when it dies", async () => {
    const { timers, advance } = manualTimers(clock);
    const { lines, logger } = logLines();
    const lock = createMemoryFleetLock();
    let aDead = false;
    // A process that dies: none of its timers fires any more, and it releases nothing.
    const timersA: Timers = {
      setTimeout: (run, ms) => timers.setTimeout(() => aDead || run(), ms),
      clearTimeout: timers.clearTimeout,
    };
    const runs: string[] = [];
    const at = (now: Date) => now.toISOString().slice(11, 19);
    const make = (who: string, t: Timers) =>
      createScheduler(
        [
          job("day_close", {
            singleton: true,
            run: async (now) => {
              runs.push(`${who}@${at(now)}`);
              return null;
            },
          }),
          job("ranges", {
            run: async (now) => {
              runs.push(`${who}:ranges@${at(now)}`);
              return null;
            },
          }),
        ],
        { clock, logger, timers: t, fleet: { lock, holder: who, lockTtlMs: 30_000 } },
      );
    make("a", timersA);
    await settle();
    const b = make("b", timers);
    await advance(150_000);
    expect(runs.filter((r) => !r.includes("ranges"))).toEqual([
      "a@10:00:00",
      "a@10:01:00",
      "a@10:02:00",
    ]);
    // Jobs that are not singletons run on every instance.
    expect(runs.filter((r) => r.startsWith("b:ranges"))).toHaveLength(3);
    aDead = true;
    runs.length = 0;
    await advance(120_000);
    // a renewed last at 10:02:20 (every 10 s), so its lock expired at 10:02:50; b tries every 30 s.
    expect(runs.filter((r) => !r.includes("ranges"))).toEqual(["b@10:03:00", "b@10:04:00"]);
    expect(lines.filter((l) => l.level !== "info")).toEqual([]);
    await b.stop();
    // Stopping released b's lock: it is free at once.
    expect(await lock.acquire("job:day_close", "c", 1000, clock.now())).not.toBeNull();
  });
});
