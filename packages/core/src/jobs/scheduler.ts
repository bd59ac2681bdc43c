import type { Clock, Logger } from "../ports/index.js";
import { createFleetGate, type FleetOptions } from "./fleet-gate.js";
import type { Job } from "./job.js";
import { runtimeTimers, type Timers } from "./timers.js";

export type { Timers } from "./timers.js";

export interface Scheduler {
  /** Resolves once the runs in progress now (of the named job, or of every job) have finished. */
  idle(jobName?: string): Promise<void>;
  /** Stops scheduling, then waits for the runs in progress. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  /**
   * Shares the singleton jobs with the other instances of a fleet: each runs on the one instance
   * that holds its lock. Without it every job runs here.
   */
  fleet?: FleetOptions;
}

/**
 * Runs a table of jobs: each at once, then `everyMs` after its previous run ended, so runs of
 * one job never overlap. With `fleet`, a singleton job runs only while this instance holds its
 * lock; otherwise it is tried again `lockTtlMs` later. Every run logs `jobs.<name>` with its report and
 * its duration; a failed run logs `jobs.<name>_failed` and the job runs again at its next turn.
 */
export function createScheduler(jobs: readonly Job[], options: SchedulerOptions): Scheduler {
  const timers = options.timers ?? runtimeTimers;
  const gate = createFleetGate(options.fleet, { ...options, timers });
  const running = new Map<Promise<void>, string>();
  const pending = new Map<string, unknown>();
  let stopped = false;

  const schedule = (job: Job, ms: number) => {
    if (stopped) return;
    pending.set(
      job.name,
      timers.setTimeout(() => {
        pending.delete(job.name);
        start(job);
      }, ms),
    );
  };

  const start = (job: Job) => {
    if (stopped) return;
    let ran = true;
    const run = gate
      .mayRun(job)
      .then((may) => {
        ran = may;
        return may ? runOnce(job, options) : undefined;
      })
      .finally(() => {
        running.delete(run);
        schedule(job, ran ? job.everyMs : gate.standbyMs);
      });
    running.set(run, job.name);
  };

  for (const job of jobs) start(job);

  return {
    async idle(jobName) {
      await Promise.all(
        [...running].filter(([, name]) => !jobName || name === jobName).map(([r]) => r),
      );
    },
    async stop() {
      stopped = true;
      for (const handle of pending.values()) timers.clearTimeout(handle);
      pending.clear();
      await Promise.all(running.keys());
      await gate.close();
    },
  };
}

/** One run of a job, logged; never rejects. */
async function runOnce(job: Job, { clock, logger }: SchedulerOptions): Promise<void> {
  const now = clock.now();
  const ms = () => clock.now().getTime() - now.getTime();
  try {
    const report = await job.run(now);
    if (report !== null) logger.info(`jobs.${job.name}`, { ...report, ms: ms() });
  } catch (error) {
    logger.error(`jobs.${job.name}_failed`, {
      message: error instanceof Error ? error.message : String(error),
      ms: ms(),
    });
  }
}
