import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, type FetchLike, getTaxonomy, type Resolver } from "@crawlgate/core";
import { createFakeClock, makeCrawl } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";

const DAY_MS = 86_400_000;
const jobOf = (crawlgate: ReturnType<typeof createCrawlgate>, name: string) => {
  const job = crawlgate.jobs.find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job;
};

describe("crawlgate.jobs", () => {
  it("lists the seven maintenance jobs and the page worker; the shared-state ones are fleet singletons", () => {
    const crawlgate = createCrawlgate(createMemoryStores());
    expect(crawlgate.jobs.map((j) => [j.name, j.singleton])).toEqual([
      ["read_model_refresh", true],
      ["html_retention", true],
      ["record_retention", true],
      ["verification_retry", false],
      ["range_refresh", false],
      ["day_close", true],
      ["crawl_days", true],
      ["page_worker", false],
      ["sitemap_warm", true],
    ]);
    for (const job of crawlgate.jobs.filter((j) => j.name !== "page_worker")) {
      expect(job.everyMs).toBeGreaterThanOrEqual(60_000);
    }
  });

  it("day_close archives yesterday's crawls of every domain and reports what it did", async () => {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate(stores);
    const user = await crawlgate.admin.createUser("archivist", "pro");
    if (!user.ok) throw new Error(user.message);
    const domain = await crawlgate.admin.addDomain(user.value.userId, "archive.example");
    if (!domain.ok) throw new Error(domain.message);
    await stores.crawls.appendCrawls(
      [makeCrawl(domain.value.domainId, { ts: new Date("2026-11-19T08:00:00Z") })],
      { pathCap: 100 },
    );
    const report = await jobOf(crawlgate, "day_close").run(new Date("2026-11-20T00:30:00Z"));
    expect(report).toMatchObject({ through: "2026-11-19", domainDays: 1, written: 1, rows: 1 });
    const files = await stores.archive.listArchiveFiles(
      domain.value.domainId,
      "2026-11-19",
      "2026-11-19",
    );
    expect(files).toHaveLength(1);
  });

  it("read_model_refresh brings the read model up to yesterday", async () => {
    const stores = createMemoryStores();
    const calls: string[] = [];
    const crawlgate = createCrawlgate({
      ...stores,
      crawls: {
        ...stores.crawls,
        refreshReadModel: async (through: string) => {
          calls.push(through);
          return { domains: 3 };
        },
      },
    });
    const report = await jobOf(crawlgate, "read_model_refresh").run(
      new Date("2026-11-20T00:30:00Z"),
    );
    expect(report).toEqual({ through: "2026-11-19", domains: 3 });
    expect(calls).toEqual(["2026-11-19"]);
  });

  it("html_retention drops the HTML of snapshots not served for the configured days", async () => {
    const stores = createMemoryStores();
    const clock = createFakeClock("2026-08-01T00:00:00.000Z");
    const crawlgate = createCrawlgate({ ...stores, clock }, { htmlRetentionDays: 30 });
    const domainId = crypto.randomUUID();
    const { snapshot } = await crawlgate.snapshots.record({
      domainId,
      path: "/",
      html: "<html><title>kept for a while</title></html>",
      renderStatus: 200,
    });
    const job = jobOf(crawlgate, "html_retention");
    const start = clock.now().getTime();
    expect(await job.run(new Date(start + 29 * DAY_MS))).toMatchObject({ dropped: 0 });
    expect(await job.run(new Date(start + 31 * DAY_MS))).toEqual({
      olderThan: new Date(start + DAY_MS).toISOString(),
      dropped: 1,
    });
    expect((await stores.snapshots.getSnapshot(snapshot.snapshotId))?.htmlRetained).toBe(false);
  });

  it("record_retention deletes ended dashboard sessions and used sign-in links once they expired", async () => {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate(stores);
    const t = Date.parse("2026-11-20T12:00:00.000Z");
    const session = (idHash: string, lastSeenAt: number, expiresAt: number) => ({
      idHash,
      userId: crypto.randomUUID(),
      csrfToken: "c",
      createdAt: new Date(lastSeenAt),
      lastSeenAt: new Date(lastSeenAt),
      expiresAt: new Date(expiresAt),
    });
    await stores.dashboardSessions.createSession(session("live", t - 3_600_000, t + DAY_MS));
    await stores.dashboardSessions.createSession(session("idle", t - 13 * 3_600_000, t + DAY_MS));
    await stores.dashboardSessions.createSession(session("ended", t - 60_000, t - 1));
    expect(await stores.dashboardSessions.useSignInToken("used-live", new Date(t + 1))).toBe(true);
    expect(await stores.dashboardSessions.useSignInToken("used-old", new Date(t))).toBe(true);
    const report = await jobOf(crawlgate, "record_retention").run(new Date(t));
    expect(report).toMatchObject({ sessions: 2, usedSignInLinks: 1 });
    expect(await stores.dashboardSessions.getSession("live")).not.toBeNull();
    expect(await stores.dashboardSessions.getSession("idle")).toBeNull();
    expect(await stores.dashboardSessions.getSession("ended")).toBeNull();
    // The link still within its time stays used; the forgotten one could not verify anyway.
    expect(await stores.dashboardSessions.useSignInToken("used-live", new Date(t + 1))).toBe(false);
  });

  it("record_retention forgets compliance event ids after a week; the counts stay", async () => {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate(stores);
    const domainId = crypto.randomUUID();
    const event = (eventId: string, ts: string) => ({
      eventId,
      domainId,
      botId: "gptbot",
      ts: new Date(ts),
      disallowed: true,
    });
    const old = event("old", "2026-11-12T23:59:59.999Z");
    const recent = event("recent", "2026-11-13T00:00:00.000Z");
    await stores.robots.addComplianceEvents([old, recent]);
    const report = await jobOf(crawlgate, "record_retention").run(
      new Date("2026-11-20T00:00:00.000Z"),
    );
    expect(report).toMatchObject({
      complianceEventIds: 1,
      complianceEventsBefore: "2026-11-13T00:00:00.000Z",
    });
    expect(await stores.robots.addComplianceEvents([recent])).toEqual({ inserted: 0 });
    const counts = await stores.robots.complianceDayCounts(domainId, "2026-11-12", "2026-11-13");
    expect(counts.map((c) => [c.day, c.requests])).toEqual([
      ["2026-11-12", 1],
      ["2026-11-13", 1],
    ]);
  });

  it("verification_retry upgrades a crawl whose reverse-DNS check ran out of time", async () => {
    let dnsUp = false;
    const never = new Promise<string[]>(() => {});
    const resolver: Resolver = {
      reverse: async (ip) => (dnsUp ? [`${ip.replaceAll(".", "-")}.spider.yandex.com`] : never),
      forward: async (name) => (dnsUp ? [name.split(".")[0]?.replaceAll("-", ".") ?? ""] : never),
      txt: async () => never,
    };
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate(
      { ...stores, resolver, fetch: null },
      { ingest: { verifyTimeoutMs: 20, intervalMs: 5 } },
    );
    const job = jobOf(crawlgate, "verification_retry");
    // Ingest unused so far: nothing is created, nothing is pending.
    expect(await job.run(new Date())).toEqual({ pending: 0, upgraded: 0 });
    const domainId = crypto.randomUUID();
    const recorded = await crawlgate.ingest.recordCrawl({
      domainId,
      ts: new Date("2026-11-20T10:00:00Z"),
      path: "/",
      userAgent: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
      ip: "5.255.253.7",
      servedFrom: "origin",
      status: 200,
      bytes: 10,
    });
    expect(recorded.verdict).toBe("declared");
    dnsUp = true;
    expect(await job.run(new Date())).toEqual({ pending: 1, upgraded: 1 });
    const counts = await stores.crawls.botDayCounts(domainId, "2026-11-20", "2026-11-20");
    expect(counts.map((c) => [c.botId, c.tier, c.count])).toEqual([["yandexbot", "verified", 1]]);
    expect(await job.run(new Date())).toEqual({ pending: 0, upgraded: 0 });
    await crawlgate.ingest.close();
  });

  it("range_refresh downloads the operators' files when due, keeps them when a download fails", async () => {
    const fetched: string[] = [];
    let failing = false;
    const fetch: FetchLike = async (url) => {
      fetched.push(url);
      if (failing) throw new Error("offline");
      const file = {
        creationTime: "2026-11-19T00:00:00Z",
        prefixes: [{ ipv4Prefix: "192.0.2.0/24" }],
      };
      return new Response(JSON.stringify(file), {
        headers: { "content-type": "application/json" },
      });
    };
    const clock = createFakeClock("2026-11-20T10:00:00.000Z");
    const crawlgate = createCrawlgate({ ...createMemoryStores(), clock, fetch });
    const job = jobOf(crawlgate, "range_refresh");
    const first = await job.run(clock.now());
    expect(first).toMatchObject({ due: true, failed: [] });
    expect(first?.files).toBe(fetched.length);
    expect(await job.run(clock.now())).toEqual({ due: false });
    clock.advance(8 * DAY_MS);
    failing = true;
    expect(await job.run(clock.now())).toMatchObject({ due: true, ok: 0 });
    // The last good copies stay loaded: an address only the downloaded file lists verifies.
    const googlebot = getTaxonomy()?.botById("googlebot");
    if (!googlebot) throw new Error("no googlebot in the taxonomy");
    expect((await crawlgate.ingest.verifier.verify(googlebot, "192.0.2.5")).tier).toBe("verified");
    const off = createCrawlgate({ ...createMemoryStores(), fetch: null });
    expect(await jobOf(off, "range_refresh").run(new Date())).toEqual({ due: false });
  });
});
