import {
  compareUtf8,
  type EnqueueResult,
  type JobQueue,
  type PurgeJob,
  RENDER_LANES,
  type RenderLane,
} from "@crawlgate/core/adapter-kit";
import { type Selectable, sql } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, date } from "./schema.js";

const toJob = (r: Selectable<Database["purge_jobs"]>): PurgeJob => ({
  jobId: r.job_id,
  domainId: r.domain_id,
  path: r.path,
  enqueuedAt: date(r.enqueued_at),
  attempts: Number(r.attempts),
  lane: RENDER_LANES[Number(r.lane)] ?? "purge",
});

const rank = (lane: RenderLane) => RENDER_LANES.indexOf(lane);

const leaseOrder = (a: PurgeJob, b: PurgeJob) =>
  rank(a.lane) - rank(b.lane) ||
  a.enqueuedAt.getTime() - b.enqueuedAt.getTime() ||
  compareUtf8(a.jobId, b.jobId);

/**
 * Render jobs in `purge_jobs`. A row exists while the job is pending; completing deletes it, or,
 * when a purge marked it dirty during its render (`dirty_at`), queues it again. `lane` (0 purge,
 * 1 warm, 2 refresh) leads the lease order. The unique
 * (domain_id, path) constraint de-duplicates pending jobs; leases use `FOR UPDATE SKIP LOCKED`
 * on PostgreSQL, so concurrent workers never share a job.
 */
export function createKyselyJobQueue({ db, lockRows }: KyselyHandle) {
  // A render under way may predate what a purge is for: mark it dirty.
  const dirty = (domainId: string, path: string, now: Date) =>
    db
      .updateTable("purge_jobs")
      .set({ dirty_at: now.getTime() })
      .where("domain_id", "=", domainId)
      .where("path", "=", path)
      .where("leased", "=", 1)
      .where("dirty_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  const queue = {
    async enqueuePurge(
      domainId: string,
      path: string,
      now: Date,
      lane: RenderLane = "purge",
    ): Promise<EnqueueResult> {
      const jobId = crypto.randomUUID();
      const inserted = await db
        .insertInto("purge_jobs")
        .values({
          job_id: jobId,
          domain_id: domainId,
          path,
          enqueued_at: now.getTime(),
          attempts: 0,
          lane: rank(lane),
        })
        .onConflict((oc) => oc.columns(["domain_id", "path"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { enqueued: true, job: toJob(inserted) };
      // A queued job in a later lane moves up.
      await db
        .updateTable("purge_jobs")
        .set({ lane: rank(lane) })
        .where("domain_id", "=", domainId)
        .where("path", "=", path)
        .where("leased", "=", 0)
        .where("lane", ">", rank(lane))
        .execute();
      const dirtied = lane === "purge" ? await dirty(domainId, path, now) : undefined;
      if (dirtied) return { enqueued: true, job: toJob(dirtied) };
      const existing = await queue.pendingJob(domainId, path);
      if (existing) return { enqueued: false, job: existing };
      // Completed between our insert and select: try again.
      return queue.enqueuePurge(domainId, path, now, lane);
    },
    async lease(now, leaseMs, max) {
      if (max <= 0) return [];
      const t = now.getTime();
      const ready = lockRows(
        db
          .selectFrom("purge_jobs")
          .select("job_id")
          .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", t)]))
          .orderBy("lane")
          .orderBy("enqueued_at")
          .orderBy("job_id")
          .limit(max),
        { skipLocked: true },
      );
      const rows = await db
        .updateTable("purge_jobs")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          lease_until: t + leaseMs,
          leased: 1,
          dirty_at: null,
        }))
        .where("job_id", "in", ready)
        .returningAll()
        .execute();
      return rows.map(toJob).sort(leaseOrder);
    },
    async complete(jobId) {
      const deleted = await db
        .deleteFrom("purge_jobs")
        .where("job_id", "=", jobId)
        .where("dirty_at", "is", null)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) return true;
      // Dirty: a purge arrived during the render, so the page is rendered again. Nothing but
      // this call, a lease or a retry clears the mark, so it cannot vanish in between.
      const requeued = await db
        .updateTable("purge_jobs")
        .set({
          enqueued_at: sql<number>`dirty_at`,
          attempts: 0,
          lane: 0,
          lease_until: null,
          leased: 0,
          dirty_at: null,
        })
        .where("job_id", "=", jobId)
        .where("dirty_at", "is not", null)
        .executeTakeFirst();
      return Number(requeued.numUpdatedRows) > 0;
    },
    async retryAt(jobId, at) {
      const result = await db
        .updateTable("purge_jobs")
        .set({ lease_until: at.getTime(), leased: 0, dirty_at: null })
        .where("job_id", "=", jobId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async pendingCount() {
      const row = await db
        .selectFrom("purge_jobs")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async pendingByLane(domainId: string) {
      const rows = await db
        .selectFrom("purge_jobs")
        .select((eb) => ["lane", eb.fn.countAll().as("n")])
        .where("domain_id", "=", domainId)
        .groupBy("lane")
        .execute();
      const counts: Record<RenderLane, number> = { purge: 0, warm: 0, refresh: 0 };
      for (const row of rows) counts[RENDER_LANES[Number(row.lane)] ?? "purge"] += Number(row.n);
      return counts;
    },
    async pendingJob(domainId: string, path: string) {
      const row = await db
        .selectFrom("purge_jobs")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("path", "=", path)
        .executeTakeFirst();
      return row ? toJob(row) : null;
    },
  } satisfies JobQueue;
  return queue;
}
