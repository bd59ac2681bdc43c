import type { Clock, Logger } from "../ports.js";
import type { Job } from "./job.js";

/** The timer functions the scheduler waits with (injected by tests). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The runtime's timers; in Node they do not keep the process alive. */
const runtimeTimers: Timers = {
  setTimeout(run, ms) {
    const handle = globalThis.setTimeout(run, ms) as unknown as { unref?: () => void };
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

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
}

/**
 * Runs a table of jobs: each at once, then `everyMs` after its previous run ended, so runs of
 * one job never overlap. Every run logs `jobs.<name>` with its report and
 * its duration; a failed run logs `jobs.<name>_failed` and the job runs again at its next turn.
 */
export function createScheduler(jobs: readonly Job[], options: SchedulerOptions): Scheduler {
  const timers = options.timers ?? runtimeTimers;
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
    const run = runOnce(job, options).finally(() => {
      running.delete(run);
      schedule(job, job.everyMs);
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
