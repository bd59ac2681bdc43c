/** The data plane's tuning (`CrawlgateConfig.edge`); defaults in `DEFAULT_EDGE`. */
export interface EdgeOptions {
  /** Lifetime of a cached page, in seconds, for domains without their own; default 86,400. */
  pageCacheTtlSeconds: number;
  /** Longest a crawler waits for a render on a miss before it gets the origin; default 8,000 ms. */
  renderBudgetMs: number;
  /** Longest a worker render (purge, pre-warm, refresh) may take; default 30,000 ms. */
  renderDeadlineMs: number;
  /** Renders the worker runs at once per instance; default 2. */
  workerConcurrency: number;
  /** How often the worker looks for queued jobs, in ms; default 500. */
  workerPollMs: number;
  /** Per-instance memory of hot pages, in ms (0 = off); default 5,000. */
  hotCacheMs: number;
  /** Attempts of a job before the worker gives up on it; default 5. */
  maxAttempts: number;
}

export const DEFAULT_EDGE: Readonly<EdgeOptions> = Object.freeze({
  pageCacheTtlSeconds: 86_400,
  renderBudgetMs: 8_000,
  renderDeadlineMs: 30_000,
  workerConcurrency: 2,
  workerPollMs: 500,
  hotCacheMs: 5_000,
  maxAttempts: 5,
});
