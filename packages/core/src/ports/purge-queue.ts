import type { PurgeJob, RenderLane } from "../types.js";

export type { RenderLane } from "../types.js";

// Purge-queue port: purge, warm and refresh renders with leases, in priority lanes.

/** Result of enqueueing a purge job. */
export interface EnqueueResult {
  /**
   * `false` when a render of the pair that starts after this call was pending already: nothing
   * was added. `true` when the call added a job, or marked the leased one dirty.
   */
  enqueued: boolean;
  job: PurgeJob;
}

/**
 * Purge / warm / refresh renders: de-duplicated while pending, delivered at least once with
 * leases. A purge always wins: a render leased before a purge of its page is followed by another
 * render. A pending job is queued (leasable, perhaps from a later instant) or leased (from
 * `lease` until `complete`, `retryAt` or the next `lease` of it); a leased job may be dirty.
 * Each job is in a lane (`RenderLane`): `purge` before `warm` before `refresh`.
 */
export interface JobQueue {
  /**
   * Adds a job for (domainId, path) in `lane` (default `purge`), queued. When the pair's job is
   * pending, adds nothing: a queued job in a later lane moves up to `lane` (its `enqueuedAt`
   * kept), and the job is returned with `enqueued: false`; except that a `purge` of a leased job
   * that is not dirty marks it dirty (the render under way may predate what the purge is for)
   * and returns it with `enqueued: true`. A `warm` or `refresh` never dirties a job: the render
   * under way is as new as they ask.
   */
  enqueuePurge(
    domainId: string,
    path: string,
    now: Date,
    lane?: RenderLane,
  ): Promise<EnqueueResult>;
  /**
   * Leases up to `max` jobs that are queued or whose lease expired before `now`: earlier lane
   * first, then oldest `enqueuedAt`, ties by `jobId`. Each leased job's `attempts` grows by one, it is no
   * longer dirty (this render starts after every purge so far), and no other `lease` call sees
   * it until `now + leaseMs`. Two concurrent calls never receive the same job.
   */
  lease(now: Date, leaseMs: number, max: number): Promise<PurgeJob[]>;
  /**
   * Removes a leased job for good; a dirty one is queued again instead (lane `purge`,
   * `attempts` 0, `enqueuedAt` the instant of the purge that dirtied it). Returns `false` when it is unknown or
   * completed already. A completion is taken to be of the job's latest lease (leases outlast a
   * render's deadline).
   */
  complete(jobId: string): Promise<boolean>;
  /**
   * Ends a job's lease early and hides it from `lease` until `at` (a retry with backoff); its
   * `attempts` are kept; it is queued (not dirty: the retry renders after every purge so far).
   * Returns `false` when it is unknown or completed already.
   */
  retryAt(jobId: string, at: Date): Promise<boolean>;
  /** Number of pending jobs (queued or leased, not completed). */
  pendingCount(): Promise<number>;
  /**
   * The domain's pending jobs (queued or leased, not completed) counted by lane, every lane
   * present (0 when none). A dirty leased job counts in its lane until it is queued again.
   */
  pendingByLane(domainId: string): Promise<Record<RenderLane, number>>;
  /** The pending job (queued, or leased and not completed) for (domainId, path), or `null`. */
  pendingJob(domainId: string, path: string): Promise<PurgeJob | null>;
}
