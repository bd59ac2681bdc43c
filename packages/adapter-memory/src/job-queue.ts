import { compareUtf8, type JobQueue, type PurgeJob } from "@crawlgate/core/adapter-kit";

interface Entry {
  job: PurgeJob;
  leaseUntil: number | null;
  /** Leased (a render under way) rather than queued. */
  leased: boolean;
  /** When a purge arrived during the lease, or `null`. */
  dirtyAt: number | null;
}

const copyJob = (j: PurgeJob): PurgeJob => ({ ...j, enqueuedAt: new Date(j.enqueuedAt.getTime()) });

/** Purge jobs in a map; completed jobs are removed, so "pending" is "present". */
export function createMemoryJobQueue() {
  const jobs = new Map<string, Entry>();
  return {
    async enqueuePurge(domainId, path, now) {
      for (const entry of jobs.values()) {
        if (entry.job.domainId === domainId && entry.job.path === path) {
          const dirtied = entry.leased && entry.dirtyAt === null;
          if (dirtied) entry.dirtyAt = now.getTime();
          return { enqueued: dirtied, job: copyJob(entry.job) };
        }
      }
      const job: PurgeJob = {
        jobId: crypto.randomUUID(),
        domainId,
        path,
        enqueuedAt: new Date(now.getTime()),
        attempts: 0,
      };
      jobs.set(job.jobId, { job, leaseUntil: null, leased: false, dirtyAt: null });
      return { enqueued: true, job: copyJob(job) };
    },
    async lease(now, leaseMs, max) {
      const t = now.getTime();
      const ready = [...jobs.values()]
        .filter((e) => e.leaseUntil === null || e.leaseUntil <= t)
        .sort(
          (a, b) =>
            a.job.enqueuedAt.getTime() - b.job.enqueuedAt.getTime() ||
            compareUtf8(a.job.jobId, b.job.jobId),
        )
        .slice(0, Math.max(0, max));
      for (const entry of ready) {
        entry.job.attempts += 1;
        entry.leaseUntil = t + leaseMs;
        entry.leased = true;
        entry.dirtyAt = null;
      }
      return ready.map((e) => copyJob(e.job));
    },
    async complete(jobId) {
      const entry = jobs.get(jobId);
      if (!entry) return false;
      if (entry.dirtyAt === null) return jobs.delete(jobId);
      // A purge arrived during the render: the page is rendered again.
      entry.job.enqueuedAt = new Date(entry.dirtyAt);
      entry.job.attempts = 0;
      entry.leaseUntil = null;
      entry.leased = false;
      entry.dirtyAt = null;
      return true;
    },
    async retryAt(jobId, at) {
      const entry = jobs.get(jobId);
      if (!entry) return false;
      entry.leaseUntil = at.getTime();
      entry.leased = false;
      entry.dirtyAt = null;
      return true;
    },
    async pendingCount() {
      return jobs.size;
    },
    async pendingJob(domainId, path) {
      for (const { job } of jobs.values()) {
        if (job.domainId === domainId && job.path === path) return copyJob(job);
      }
      return null;
    },
  } satisfies JobQueue;
}
