import { addDays, type CrawlStore, type Logger, utcDay } from "@crawlgate/core";

/** How often `serve` refreshes the page-ranking read model. */
export const READ_MODEL_REFRESH_EVERY_MS = 10 * 60_000;

export interface ScheduledJob {
  /** Resolves when the run in progress (if any) has finished. */
  idle(): Promise<void>;
  /** Stops scheduling and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * Refreshes the page-ranking read model of every domain through yesterday (UTC) now and then
 * every `everyMs` (runs never overlap; a failed run is logged and retried at the next tick).
 * Rankings are exact without it; it keeps long windows fast.
 */
export function scheduleReadModelRefresh(options: {
  crawls: Pick<CrawlStore, "refreshReadModel">;
  logger: Logger;
  now: () => Date;
  everyMs?: number;
}): ScheduledJob {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    const started = performance.now();
    const through = addDays(utcDay(options.now()), -1);
    running = options.crawls
      .refreshReadModel(through)
      .then(({ domains }) => {
        options.logger.info("jobs.read_model_refresh", {
          through,
          domains,
          ms: Math.round(performance.now() - started),
        });
      })
      .catch((error: unknown) => {
        options.logger.error("jobs.read_model_refresh_failed", {
          message: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, options.everyMs ?? READ_MODEL_REFRESH_EVERY_MS);
  timer.unref();
  return {
    idle: () => running,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
