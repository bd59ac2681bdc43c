import { expect, it } from "vitest";
import type { JobQueue } from "../ports/index.js";

const T = (s: string) => new Date(`2026-11-20T11:00:${s}Z`);

/** The lane sentences of the JobQueue contract (run inside `jobQueueSuite`). */
export function renderLaneCases(h: () => { purgeQueue: JobQueue }): void {
  it("leases purges, then warms, then refreshes, each oldest first", async () => {
    const { purgeQueue: jobs } = h();
    const d = crypto.randomUUID();
    await jobs.enqueuePurge(d, "/refresh-old", T("00.000"), "refresh");
    await jobs.enqueuePurge(d, "/warm-old", T("01.000"), "warm");
    await jobs.enqueuePurge(d, "/warm-new", T("02.000"), "warm");
    await jobs.enqueuePurge(d, "/purge-new", T("03.000"));
    await jobs.enqueuePurge(d, "/refresh-new", T("04.000"), "refresh");
    const leased = await jobs.lease(T("05.000"), 60_000, 10);
    expect(leased.map((j) => [j.path, j.lane])).toEqual([
      ["/purge-new", "purge"],
      ["/warm-old", "warm"],
      ["/warm-new", "warm"],
      ["/refresh-old", "refresh"],
      ["/refresh-new", "refresh"],
    ]);
  });

  it("counts one domain's pending jobs by lane, leased ones included, completed ones not", async () => {
    const { purgeQueue: jobs } = h();
    const d = crypto.randomUUID();
    const other = crypto.randomUUID();
    expect(await jobs.pendingByLane(d)).toEqual({ purge: 0, warm: 0, refresh: 0 });
    await jobs.enqueuePurge(d, "/p", T("00.000"));
    for (const path of ["/w1", "/w2", "/w3"]) await jobs.enqueuePurge(d, path, T("01.000"), "warm");
    await jobs.enqueuePurge(d, "/r", T("02.000"), "refresh");
    await jobs.enqueuePurge(d, "/w3", T("02.500")); // moves up to purge
    await jobs.enqueuePurge(other, "/w1", T("03.000"), "warm");
    await jobs.enqueuePurge(other, "/x", T("03.000"), "refresh");
    expect(await jobs.pendingByLane(d)).toEqual({ purge: 2, warm: 2, refresh: 1 });
    const leased = await jobs.lease(T("04.000"), 60_000, 3); // /p, /w3, then /w1
    expect(await jobs.pendingByLane(d)).toEqual({ purge: 2, warm: 2, refresh: 1 });
    for (const job of leased) await jobs.complete(job.jobId);
    expect(await jobs.pendingByLane(d)).toEqual({ purge: 0, warm: 1, refresh: 1 });
    expect(await jobs.pendingByLane(other)).toEqual({ purge: 0, warm: 1, refresh: 1 });
  });

  it("moves a queued job up to an earlier lane, never down, keeping its instant", async () => {
    const { purgeQueue: jobs } = h();
    const d = crypto.randomUUID();
    const first = await jobs.enqueuePurge(d, "/a", T("00.000"), "refresh");
    expect(first.job.lane).toBe("refresh");
    await jobs.enqueuePurge(d, "/b", T("01.000"), "warm");
    const up = await jobs.enqueuePurge(d, "/a", T("02.000"), "warm");
    expect(up).toEqual({ enqueued: false, job: { ...first.job, lane: "warm" } });
    const down = await jobs.enqueuePurge(d, "/a", T("03.000"), "refresh");
    expect(down.job.lane).toBe("warm");
    expect((await jobs.pendingJob(d, "/a"))?.lane).toBe("warm");
    const purged = await jobs.enqueuePurge(d, "/b", T("04.000"));
    expect(purged).toMatchObject({ enqueued: false, job: { lane: "purge" } });
    const leased = await jobs.lease(T("05.000"), 60_000, 10);
    expect(leased.map((j) => j.path)).toEqual(["/b", "/a"]);
  });

  it("a warm or refresh of a leased job dirties nothing; a purge does and requeues as purge", async () => {
    const { purgeQueue: jobs } = h();
    const d = crypto.randomUUID();
    const { job } = await jobs.enqueuePurge(d, "/a", T("00.000"), "warm");
    await jobs.lease(T("01.000"), 60_000, 1);
    expect((await jobs.enqueuePurge(d, "/a", T("02.000"), "warm")).enqueued).toBe(false);
    expect((await jobs.enqueuePurge(d, "/a", T("02.500"), "refresh")).enqueued).toBe(false);
    expect(await jobs.complete(job.jobId)).toBe(true);
    expect(await jobs.pendingJob(d, "/a")).toBeNull();

    const again = (await jobs.enqueuePurge(d, "/a", T("03.000"), "warm")).job;
    await jobs.lease(T("04.000"), 60_000, 1);
    expect((await jobs.enqueuePurge(d, "/a", T("05.000"))).enqueued).toBe(true);
    expect(await jobs.complete(again.jobId)).toBe(true);
    expect(await jobs.pendingJob(d, "/a")).toEqual({
      ...again,
      enqueuedAt: T("05.000"),
      attempts: 0,
      lane: "purge",
    });
  });

  it("a retried job keeps its lane", async () => {
    const { purgeQueue: jobs } = h();
    const d = crypto.randomUUID();
    const { job } = await jobs.enqueuePurge(d, "/a", T("00.000"), "warm");
    await jobs.enqueuePurge(d, "/b", T("00.500"), "refresh");
    await jobs.lease(T("01.000"), 60_000, 1);
    await jobs.retryAt(job.jobId, T("02.000"));
    const leased = await jobs.lease(T("03.000"), 60_000, 2);
    expect(leased.map((j) => [j.path, j.lane, j.attempts])).toEqual([
      ["/a", "warm", 2],
      ["/b", "refresh", 1],
    ]);
  });
}
