import {
  compareUtf8,
  type JobQueue,
  type PurgeJob,
  RENDER_LANES,
  type RenderLane,
} from "@crawlgate/core/adapter-kit";

interface Entry {
  job: PurgeJob;
  leaseUntil: number | null;
  /** Leased (a render under way) rather than queued. */
  leased: boolean;
  /** When a purge arrived during the lease, or `null`. */
  dirtyAt: number | null;
}

const copyJob = (j: PurgeJob): PurgeJob => ({ ...j, enqueuedAt: new Date(j.enqueuedAt.getTime()) });
const rank = (lane: RenderLane) => RENDER_LANES.indexOf(lane);

const pairOf = (domainId: string, path: string) => `${domainId}\u0000${path}`;

/**
 * Purge jobs in a map, with the pending job of each (domain, path) pair indexed; completed jobs
 * are removed, so "pending" is "present".
 */
export function createMemoryJobQueue() {
  const jobs = new Map<string, Entry>();
  const pairs = new Map<string, Entry>();
  return {
    async enqueuePurge(domainId, path, now, lane = "purge") {
      const entry = pairs.get(pairOf(domainId, path));
      if (entry) {
        const dirtied = lane === "purge" && entry.leased && entry.dirtyAt === null;
        if (dirtied) entry.dirtyAt = now.getTime();
        if (!entry.leased && rank(lane) < rank(entry.job.lane)) entry.job.lane = lane;
        return { enqueued: dirtied, job: copyJob(entry.job) };
      }
      const job: PurgeJob = {
        jobId: crypto.randomUUID(),
        domainId,
        path,
        enqueuedAt: new Date(now.getTime()),
        attempts: 0,
        lane,
      };
      const added: Entry = { job, leaseUntil: null, leased: false, dirtyAt: null };
      jobs.set(job.jobId, added);
      pairs.set(pairOf(domainId, path), added);
      return { enqueued: true, job: copyJob(job) };
    },
    async lease(now, leaseMs, max) {
      const t = now.getTime();
      const ready = [...jobs.values()]
        .filter((e) => e.leaseUntil === null || e.leaseUntil <= t)
        .sort(
          (a, b) =>
            rank(a.job.lane) - rank(b.job.lane) ||
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
      if (entry.dirtyAt === null) {
        pairs.delete(pairOf(entry.job.domainId, entry.job.path));
        return jobs.delete(jobId);
      }
      // A purge arrived during the render: the page is rendered again.
      entry.job.enqueuedAt = new Date(entry.dirtyAt);
      entry.job.attempts = 0;
      entry.job.lane = "purge";
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
    async pendingByLane(domainId) {
      const counts: Record<RenderLane, number> = { purge: 0, warm: 0, refresh: 0 };
      for (const { job } of jobs.values()) if (job.domainId === domainId) counts[job.lane]++;
      return counts;
    },
    async pendingJob(domainId, path) {
      const entry = pairs.get(pairOf(domainId, path));
      return entry ? copyJob(entry.job) : null;
    },
  } satisfies JobQueue;
}
