import { compareUtf8, type JobQueue, type PurgeJob } from "@crawlgate/core/adapter-kit";

interface Entry {
  job: PurgeJob;
  leaseUntil: number | null;
}

const copyJob = (j: PurgeJob): PurgeJob => ({ ...j, enqueuedAt: new Date(j.enqueuedAt.getTime()) });

/** Purge jobs in a map; completed jobs are removed, so "pending" is "present". */
export function createMemoryJobQueue() {
  const jobs = new Map<string, Entry>();
  return {
    async enqueuePurge(domainId, path, now) {
      for (const entry of jobs.values()) {
        if (entry.job.domainId === domainId && entry.job.path === path) {
          return { enqueued: false, job: copyJob(entry.job) };
        }
      }
      const job: PurgeJob = {
        jobId: crypto.randomUUID(),
        domainId,
        path,
        enqueuedAt: new Date(now.getTime()),
        attempts: 0,
      };
      jobs.set(job.jobId, { job, leaseUntil: null });
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
      }
      return ready.map((e) => copyJob(e.job));
    },
    async complete(jobId) {
      return jobs.delete(jobId);
    },
    async retryAt(jobId, at) {
      const entry = jobs.get(jobId);
      if (!entry) return false;
      entry.leaseUntil = at.getTime();
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
