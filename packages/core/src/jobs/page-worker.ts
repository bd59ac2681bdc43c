import { pageKey, variantOfKey } from "../edge/page-key.js";
import type { PageService } from "../edge/page-service.js";
import type { AccountStore, JobQueue, Logger } from "../ports/index.js";
import type { PurgeJob } from "../types.js";
import { WARM_ORIGIN_CONCURRENCY } from "../warming/limits.js";
import type { Job, JobReport } from "./job.js";

export interface PageWorkerOptions {
  /** Renders at once. */
  concurrency: number;
  /** How often the queue is polled, in ms. */
  pollMs: number;
  /** A worker render's deadline, in ms: leases last a little longer. */
  renderDeadlineMs: number;
  /** Attempts before a job is given up. */
  maxAttempts: number;
}

/** Runs tasks with at most `max` at once per key (the others wait their turn). */
export function perKeyLimit(max: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    while ((running.get(key) ?? 0) >= max) {
      await new Promise<void>((resume) => {
        const queue = waiting.get(key) ?? [];
        queue.push(resume);
        waiting.set(key, queue);
      });
    }
    running.set(key, (running.get(key) ?? 0) + 1);
    try {
      return await task();
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left === 0) running.delete(key);
      else running.set(key, left);
      const queue = waiting.get(key);
      const next = queue?.shift();
      if (queue?.length === 0) waiting.delete(key);
      next?.();
    }
  };
}

/** Backoff before attempt n+1: 2 s, 4 s, 8 s, … capped at 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(300_000, 1_000 * 2 ** attempts);

/**
 * The `page_worker` job: purge, pre-warm and stale-refresh renders from the `JobQueue`. Each run
 * leases up to `concurrency` jobs, renders and stores them, and completes them. Delivery is at
 * least once: a job whose worker dies is leased again when its lease ends. A failed render is
 * retried with backoff until `maxAttempts`; a job whose domain is gone, has no origin, or whose
 * path is no page is dropped with a log line. Warm renders of one origin run at most
 * `WARM_ORIGIN_CONCURRENCY` at once. Not a singleton: every instance renders.
 */
export function pageWorkerJob(
  deps: { accounts: AccountStore; purgeQueue: JobQueue; logger: Logger },
  pages: () => PageService | null,
  options: PageWorkerOptions,
): Job {
  const leaseMs = options.renderDeadlineMs + 30_000;
  const perOrigin = perKeyLimit(WARM_ORIGIN_CONCURRENCY);

  async function work(service: PageService, job: PurgeJob, now: Date): Promise<string> {
    // The job of a mobile render carries its variant on its path (`variantKey`).
    const { key: target, variant } = variantOfKey(job.path);
    const key = pageKey(target);
    const domain = await deps.accounts.getDomain(job.domainId);
    if (!domain?.originUrl || key === null || !domain.renderVariants.includes(variant)) {
      await deps.purgeQueue.complete(job.jobId);
      deps.logger.warn("page_worker.dropped", {
        jobId: job.jobId,
        reason: !domain
          ? "domain is gone"
          : !domain.originUrl
            ? "domain has no origin"
            : key === null
              ? "not a page"
              : `domain keeps no ${variant} render`,
      });
      return "dropped";
    }
    const site = {
      domainId: domain.domainId,
      hostname: domain.hostname,
      originUrl: domain.originUrl,
      pageCacheTtlSeconds: domain.pageCacheTtlSeconds,
      originHost: domain.originHost,
    };
    let failure: string;
    try {
      const outcome = await service.refresh(site, { key: key.key, path: key.path, variant });
      if (outcome.stored) {
        await deps.purgeQueue.complete(job.jobId);
        return "rendered";
      }
      failure = outcome.reason;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (job.attempts >= options.maxAttempts) {
      await deps.purgeQueue.complete(job.jobId);
      deps.logger.warn("page_worker.gave_up", {
        jobId: job.jobId,
        attempts: job.attempts,
        failure,
      });
      return "gave_up";
    }
    const at = new Date(now.getTime() + retryDelayMs(job.attempts));
    await deps.purgeQueue.retryAt(job.jobId, at);
    deps.logger.warn("page_worker.retry", { jobId: job.jobId, attempts: job.attempts, failure });
    return "retried";
  }

  return {
    name: "page_worker",
    everyMs: options.pollMs,
    singleton: false,
    async run(now): Promise<JobReport | null> {
      const service = pages();
      if (!service) return null;
      const jobs = await deps.purgeQueue.lease(now, leaseMs, options.concurrency);
      if (jobs.length === 0) return null;
      const results = await Promise.all(
        jobs.map((job) =>
          job.lane === "warm"
            ? perOrigin(job.domainId, () => work(service, job, now))
            : work(service, job, now),
        ),
      );
      const counts: Record<string, number> = {};
      for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
      return { leased: jobs.length, ...counts };
    },
  };
}
