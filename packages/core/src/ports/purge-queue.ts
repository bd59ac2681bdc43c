import type { PurgeJob } from "../types.js";

// Purge-queue port: purge and pre-warm jobs with leases.

/** Result of enqueueing a purge job. */
export interface EnqueueResult {
  /** `false` when an identical job (same domain and path) was pending: nothing was added. */
  enqueued: boolean;
  job: PurgeJob;
}

/** Purge / pre-warm jobs: de-duplicated while pending, delivered at least once with leases. */
export interface JobQueue {
  /**
   * Adds a job for (domainId, path). When a job for the same pair is pending (queued, or leased
   * and not completed), adds nothing and returns that job with `enqueued: false`.
   */
  enqueuePurge(domainId: string, path: string, now: Date): Promise<EnqueueResult>;
  /**
   * Leases up to `max` jobs that are queued or whose lease expired before `now`, oldest
   * `enqueuedAt` first, ties by `jobId`. Each leased job's `attempts` grows by one, and no other
   * `lease` call sees it until `now + leaseMs`. Two concurrent calls never receive the same job.
   */
  lease(now: Date, leaseMs: number, max: number): Promise<PurgeJob[]>;
  /** Removes a leased job for good. Returns `false` when it is unknown or completed already. */
  complete(jobId: string): Promise<boolean>;
  /**
   * Ends a job's lease early and hides it from `lease` until `at` (a retry with backoff); its
   * `attempts` are kept. Returns `false` when it is unknown or completed already.
   */
  retryAt(jobId: string, at: Date): Promise<boolean>;
  /** Number of pending jobs (queued or leased, not completed). */
  pendingCount(): Promise<number>;
  /** The pending job (queued, or leased and not completed) for (domainId, path), or `null`. */
  pendingJob(domainId: string, path: string): Promise<PurgeJob | null>;
}
