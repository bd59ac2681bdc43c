import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JobQueue } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";
import { renderLaneCases } from "./job-queue-lane-cases.js";

const T = (s: string) => new Date(`2026-11-20T10:00:${s}Z`);

/** The JobQueue contract (see `ports/`), for every adapter. */
export function jobQueueSuite(
  name: string,
  setup: () => Promise<Harness<{ purgeQueue: JobQueue }>>,
): void {
  describe(`JobQueue conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("de-duplicates a pending (domain, path) and keeps others apart", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const first = await jobs.enqueuePurge(d, "/a", T("00.000"));
      expect(first.enqueued).toBe(true);
      expect(first.job).toMatchObject({
        domainId: d,
        path: "/a",
        attempts: 0,
        enqueuedAt: T("00.000"),
      });
      const again = await jobs.enqueuePurge(d, "/a", T("05.000"));
      expect(again).toEqual({ enqueued: false, job: first.job });
      expect((await jobs.enqueuePurge(d, "/b", T("06.000"))).enqueued).toBe(true);
      expect((await jobs.enqueuePurge(crypto.randomUUID(), "/a", T("07.000"))).enqueued).toBe(true);
      expect(await jobs.pendingCount()).toBe(3);
    });

    it("finds the pending job of a (domain, path), leased or not, until it completes", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      expect(await jobs.pendingJob(d, "/a")).toBeNull();
      const a = (await jobs.enqueuePurge(d, "/a", T("01.000"))).job;
      await jobs.enqueuePurge(d, "/b", T("02.000"));
      expect(await jobs.pendingJob(d, "/a")).toEqual(a);
      expect(await jobs.pendingJob(d, "/A")).toBeNull();
      expect(await jobs.pendingJob(crypto.randomUUID(), "/a")).toBeNull();
      const [leased] = await jobs.lease(T("10.000"), 30_000, 1);
      expect(await jobs.pendingJob(d, "/a")).toEqual({ ...a, attempts: 1 });
      expect(await jobs.complete(leased?.jobId as string)).toBe(true);
      expect(await jobs.pendingJob(d, "/a")).toBeNull();
      expect((await jobs.pendingJob(d, "/b"))?.path).toBe("/b");
    });

    it("leases oldest first up to max, counts attempts, hides leased jobs until the lease ends", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const a = (await jobs.enqueuePurge(d, "/a", T("01.000"))).job;
      const b = (await jobs.enqueuePurge(d, "/b", T("02.000"))).job;
      const c = (await jobs.enqueuePurge(d, "/c", T("03.000"))).job;
      const leased = await jobs.lease(T("10.000"), 30_000, 2);
      expect(leased.map((j) => j.jobId)).toEqual([a.jobId, b.jobId]);
      expect(leased.map((j) => j.attempts)).toEqual([1, 1]);
      expect((await jobs.lease(T("11.000"), 30_000, 5)).map((j) => j.jobId)).toEqual([c.jobId]);
      expect(await jobs.lease(T("39.999"), 30_000, 5)).toEqual([]);
      const again = await jobs.lease(T("40.000"), 30_000, 5);
      expect(again.map((j) => [j.jobId, j.attempts])).toEqual([
        [a.jobId, 2],
        [b.jobId, 2],
      ]);
      // A leased job is still pending: the same page gets no second job (a purge marks it dirty).
      const purge = await jobs.enqueuePurge(d, "/a", T("41.000"));
      expect(purge.job.jobId).toBe(a.jobId);
      expect(await jobs.pendingCount()).toBe(3);
      expect(await jobs.lease(T("41.000"), 1000, 0)).toEqual([]);
    });

    it("completes once; the page can then be queued again", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const { job } = await jobs.enqueuePurge(d, "/a", T("00.000"));
      await jobs.lease(T("01.000"), 1000, 1);
      expect(await jobs.complete(job.jobId)).toBe(true);
      expect(await jobs.complete(job.jobId)).toBe(false);
      expect(await jobs.complete(crypto.randomUUID())).toBe(false);
      expect(await jobs.pendingCount()).toBe(0);
      expect((await jobs.enqueuePurge(d, "/a", T("02.000"))).enqueued).toBe(true);
    });

    it("retryAt hides a leased job until then, keeps its attempts and its de-duplication", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const { job } = await jobs.enqueuePurge(d, "/a", T("00.000"));
      await jobs.lease(T("01.000"), 60_000, 1);
      expect(await jobs.retryAt(job.jobId, T("20.000"))).toBe(true);
      expect(await jobs.lease(T("19.999"), 60_000, 5)).toEqual([]);
      expect((await jobs.enqueuePurge(d, "/a", T("19.999"))).enqueued).toBe(false);
      const again = await jobs.lease(T("20.000"), 60_000, 5);
      expect(again.map((j) => [j.jobId, j.attempts])).toEqual([[job.jobId, 2]]);
      await jobs.complete(job.jobId);
      expect(await jobs.retryAt(job.jobId, T("30.000"))).toBe(false);
      expect(await jobs.retryAt(crypto.randomUUID(), T("30.000"))).toBe(false);
    });

    it("a purge during a lease wins: the job is dirty, and completing it queues it again", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const { job } = await jobs.enqueuePurge(d, "/a", T("00.000"));
      await jobs.lease(T("01.000"), 60_000, 1);
      // The render under way may predate the change the purge is for.
      expect(await jobs.enqueuePurge(d, "/a", T("02.000"))).toEqual({
        enqueued: true,
        job: { ...job, attempts: 1 },
      });
      // One more render is pending already.
      expect((await jobs.enqueuePurge(d, "/a", T("03.000"))).enqueued).toBe(false);
      expect(await jobs.complete(job.jobId)).toBe(true);
      expect(await jobs.pendingJob(d, "/a")).toEqual({ ...job, enqueuedAt: T("02.000") });
      expect((await jobs.enqueuePurge(d, "/a", T("04.000"))).enqueued).toBe(false);
      const again = await jobs.lease(T("05.000"), 60_000, 5);
      expect(again.map((j) => [j.jobId, j.attempts])).toEqual([[job.jobId, 1]]);
      expect(await jobs.complete(job.jobId)).toBe(true);
      expect(await jobs.pendingCount()).toBe(0);
    });

    it("a new lease or a retry clears the dirty mark (they render after the purge)", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const { job } = await jobs.enqueuePurge(d, "/a", T("00.000"));
      await jobs.lease(T("01.000"), 1_000, 1);
      expect((await jobs.enqueuePurge(d, "/a", T("01.500"))).enqueued).toBe(true);
      // The lease ran out and another worker took the job: its render follows the purge.
      expect((await jobs.lease(T("02.000"), 60_000, 1)).map((j) => j.jobId)).toEqual([job.jobId]);
      expect(await jobs.complete(job.jobId)).toBe(true);
      expect(await jobs.pendingCount()).toBe(0);
      const b = (await jobs.enqueuePurge(d, "/b", T("03.000"))).job;
      await jobs.lease(T("04.000"), 60_000, 1);
      expect((await jobs.enqueuePurge(d, "/b", T("05.000"))).enqueued).toBe(true);
      expect(await jobs.retryAt(b.jobId, T("09.000"))).toBe(true);
      expect((await jobs.enqueuePurge(d, "/b", T("06.000"))).enqueued).toBe(false);
      await jobs.lease(T("09.000"), 60_000, 1);
      expect(await jobs.complete(b.jobId)).toBe(true);
      expect(await jobs.pendingCount()).toBe(0);
    });

    it("a purge always wins, whatever the interleaving of purges, renders and retries", async () => {
      const { purgeQueue: jobs } = h();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom("purge", "start", "finish", "fail"), { maxLength: 24 }),
          async (steps) => {
            const d = crypto.randomUUID();
            let clock = Date.parse("2026-11-20T10:00:00.000Z");
            const now = () => {
              clock += 10;
              return new Date(clock);
            };
            let content = 0;
            let cached = 0;
            const worker: { render: { jobId: string; content: number } | null } = { render: null };
            const start = async () => {
              const [job] = await jobs.lease(now(), 3_600_000, 1);
              if (job) worker.render = { jobId: job.jobId, content };
              return job !== undefined;
            };
            const finish = async () => {
              if (!worker.render) return;
              cached = worker.render.content;
              await jobs.complete(worker.render.jobId);
              worker.render = null;
            };
            for (const step of steps) {
              if (step === "purge") {
                content++;
                await jobs.enqueuePurge(d, "/p", now());
              } else if (step === "start" && !worker.render) {
                await start();
              } else if (step === "finish") {
                await finish();
              } else if (step === "fail" && worker.render) {
                await jobs.retryAt(worker.render.jobId, now());
                worker.render = null;
              }
            }
            await finish();
            // The worker drains the queue: the page ends with the last purge's content.
            for (let i = 0; i < 10 && (await start()); i++) await finish();
            expect(cached).toBe(content);
            expect(await jobs.pendingJob(d, "/p")).toBeNull();
          },
        ),
        { numRuns: 40 },
      );
    }, 120_000);

    it("never hands one job to two concurrent leases", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      for (let i = 0; i < 20; i++) await jobs.enqueuePurge(d, `/p${i}`, T("00.000"));
      const batches = await Promise.all(
        Array.from({ length: 8 }, () => jobs.lease(T("01.000"), 60_000, 5)),
      );
      const ids = batches.flat().map((j) => j.jobId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(20);
    });

    it("de-duplicates concurrent enqueues of one page", async () => {
      const { purgeQueue: jobs } = h();
      const d = crypto.randomUUID();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => jobs.enqueuePurge(d, "/same", T("00.000"))),
      );
      expect(results.filter((r) => r.enqueued)).toHaveLength(1);
      expect(new Set(results.map((r) => r.job.jobId)).size).toBe(1);
    });

    renderLaneCases(h);
  });
}
