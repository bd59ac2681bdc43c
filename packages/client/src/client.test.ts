import { closeArchive } from "@crawlgate/core";
import { makeCrawl } from "@crawlgate/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PageRow } from "./index.js";
import { type InProcess, inProcess, seedShop } from "./testing/in-process.js";

const HTML = "<!doctype html><html><title>Snapshot ✓ 日本</title><h1>Hi</h1></html>";

/** Every page of a raw export, following `nextCursor` by hand as a caller without the client. */
async function rawPages(
  api: InProcess,
  path: string,
  first: Record<string, unknown>,
  rows: string,
): Promise<unknown[]> {
  const out: unknown[] = [];
  let body: Record<string, unknown> = first;
  while (true) {
    const res = await api.post(path, body);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Record<string, unknown>;
    out.push(...(page[rows] as unknown[]));
    if (page.nextCursor === null) return out;
    body = { cursor: page.nextCursor, ...("series" in first ? { series: first.series } : {}) };
  }
}

const collect = async <T>(rows: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
};

describe("@crawlgate/client against the API in-process (fetch handler, no network)", () => {
  let api: InProcess;
  beforeEach(async () => {
    api = await inProcess();
  });
  afterEach(() => api.close());
  const shop = () => api.world.domains.shop.domainId;

  it("walks every page of page analytics and gets exactly the rows of the raw API", async () => {
    await seedShop(api.world, 61);
    const client = api.client();
    const request = { domainId: shop(), period: "30d" as const, pageSize: 7 };
    const rows: PageRow[] = [];
    for await (const row of client.pageAnalytics.iterate(request)) rows.push(row);
    expect(rows).toHaveLength(61);
    expect(rows).toEqual(await rawPages(api, "/export-page-analytics", request, "pages"));
    const pages = await collect(client.pageAnalytics.pages(request));
    expect(pages.map((p) => p.pages.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 5]);
    expect(pages.slice(1).every((p) => p.period === null)).toBe(true);

    // `series` is the one field a cursor request may change, and it is carried to every page.
    const bare = { ...request, series: false };
    const noSeries = await collect(client.pageAnalytics.iterate(bare));
    expect(noSeries.some((row) => "series" in row)).toBe(false);
    expect(noSeries).toEqual(await rawPages(api, "/export-page-analytics", bare, "pages"));
  });

  it("walks page snapshots and crawl logs, and streams CSV pages and Parquet files", async () => {
    const domainId = shop();
    const { snapshot } = await api.world.crawlgate.snapshots.record({
      domainId,
      path: "/p",
      html: HTML,
      renderStatus: 200,
    });
    const crawls = ["13", "14", "15", "16", "17", "18", "19"].flatMap((day) =>
      [7, 9].map((hour) =>
        makeCrawl(domainId, {
          path: "/p",
          ts: new Date(`2026-11-${day}T0${hour}:00:00.000Z`),
          snapshotId: snapshot.snapshotId,
          contentHash: snapshot.contentHash,
        }),
      ),
    );
    await api.world.deps.crawls.appendCrawls(crawls, { pathCap: 1000 });
    const client = api.client();

    const days = { domainId, url: "/p", pageSize: 2 };
    const dayRows = await collect(client.pageSnapshots.iterate(days));
    expect(dayRows.map((r) => r.day)).toEqual(
      crawls.filter((_, i) => i % 2 === 0).map((c) => c.ts.toISOString().slice(0, 10)),
    );
    expect(dayRows).toEqual(await rawPages(api, "/export-page-snapshots", days, "rows"));
    const [first] = await collect(client.pageSnapshots.pages(days));
    const htmlUrl = first?.snapshots[snapshot.snapshotId]?.htmlUrl as string;
    expect(htmlUrl).toMatch(/^http:\/\/api\.test\/functions\/v1\/files\/snapshots\//);
    const html = await client.downloadSnapshotHtml(htmlUrl);
    expect(await new Response(html).text()).toBe(HTML);

    await closeArchive(api.world.deps, api.world.clock.now(), { partRows: 3 });
    const logs = { domainId, period: "7d" as const, pageSize: 3 };
    const rows = await collect(client.crawlLogs.iterate(logs));
    expect(rows).toHaveLength(12); // the 7d window starts on 2026-11-14
    expect(rows).toEqual(await rawPages(api, "/export-crawl-logs", logs, "rows"));

    const csv = await new Response(client.crawlLogs.csvStream({ ...logs, format: "csv" })).text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "ts,domain,path,userAgent,uaHash,servedFrom,status,bytes,botOperator,matchedRange,tier,contentHash,signatureAgent,signature",
    );
    expect(lines.slice(1, -1).map((l) => l.split(",")[0])).toEqual(rows.map((r) => r.ts));
    expect(lines.at(-1)).toBe("");
    const page = await client.exportCrawlLogs({ ...logs, format: "csv" });
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.filename).toBe(`crawl-logs-shop.example.com-2026-11-14-2026-11-20.csv`);
    expect(page.missingDays).toEqual([]); // today is scanned by the last page only
    expect((await new Response(page.body).text()).split("\r\n")).toHaveLength(5);
    const next = await client.exportCrawlLogs({ cursor: page.nextCursor as string });
    expect(next.format).toBe("csv");
    const csvCursor = { cursor: page.nextCursor as string };
    await expect(collect(client.crawlLogs.iterate(csvCursor))).rejects.toThrow(
      "expected a JSON page, got csv",
    );

    const parquet = await client.exportCrawlLogs({ domainId, period: "7d", format: "parquet" });
    expect(parquet.fileCount).toBe(parquet.files.length);
    const file = await client.downloadFile(parquet.files[0]?.url as string);
    const bytes = new Uint8Array(await new Response(file).arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("PAR1");
    expect(bytes.length).toBe(parquet.files[0]?.sizeBytes);
  });

  it("has a typed method for every endpoint of the document", async () => {
    const client = api.client();
    const domainId = shop();
    const document = await client.getOpenApiDocument();
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>)
      .flatMap((item) => Object.values(item) as { operationId?: string; tags?: string[] }[])
      .filter((op) => op.operationId && !op.tags?.includes("Files"))
      .map((op) => op.operationId as string);
    expect(operations).toHaveLength(26);
    for (const name of operations)
      expect(typeof (client as unknown as Record<string, unknown>)[name]).toBe("function");

    expect(await client.purgeCache({ domain: "shop.example.com", path: "/x" })).toMatchObject({
      queued: true,
      path: "/x",
    });
    expect(
      await client.warmCache({ domain: "shop.example.com", paths: ["/x", "/y"], dryRun: true }),
    ).toEqual({ queued: 1, alreadyFresh: 0, skipped: 1, budgetDeferred: 0, sitemaps: [] });
    expect((await client.listUserDomains()).domainCount).toBe(2);
    expect((await client.exportUserAnalytics({ period: "7d" })).period).toBe("7d");
    expect((await client.exportCrawlAnalytics()).period).toBe("30d");
    expect((await client.exportAiReferrals({ domainId })).domainCount).toBe(1);
    expect((await client.getRobotsTxt(domainId)).domainId).toBe(domainId);
    const settings = await client.updateDomainSettings(domainId, {
      renderVariants: ["mobile", "desktop"],
    });
    expect(settings).toMatchObject({
      renderVariants: ["desktop", "mobile"],
      cacheInvalidated: true,
    });
    expect((await client.getDomainSettings(domainId)).renderVariants).toEqual([
      "desktop",
      "mobile",
    ]);
    await client.updateDomainSettings(domainId, { renderVariants: ["desktop"] });
    expect(await client.getCacheStatus(domainId, "/x?b=2&a=1")).toEqual({
      path: "/x?b=2&a=1",
      variants: [expect.objectContaining({ variant: "desktop", cached: false })],
    });
    expect((await client.exportRobotsCompliance({ domainId })).summary).toEqual({
      requests: 0,
      disallowedRequests: 0,
      signalContradictions: 0,
    });
    const charges = await client.exportCrawlerCharges({ domainId, groupBy: "day" });
    expect([charges.groupBy, charges.rows, charges.totals]).toEqual(["day", [], []]);
    expect(await client.exportCrawlerCharges({ domainId, format: "csv" })).toBe(
      "day,path,botId,signatureAgent,currency,charged,amount\r\n",
    );
    const refer = await client.exportCrawlToRefer({ domainId, groupBy: "path" });
    expect([refer.groupBy, refer.operators, refer.unattributedReferrals]).toEqual(["path", [], 0]);
    expect((await client.getBotDefinitions()).definitionsVersion).toBe("1.1");
    const { snapshot } = await api.world.crawlgate.snapshots.record({
      domainId,
      path: "/s",
      html: HTML,
      renderStatus: 200,
    });
    expect(await client.getSnapshot({ snapshot_id: snapshot.snapshotId })).toEqual({ html: HTML });
    expect((await client.exportPageAnalytics({ domainId, period: "7d" })).pageCount).toBe(0);
    expect(await client.exportPageAnalytics({ domainId, path: "/s" })).toMatchObject({
      pageCount: 0,
      pages: [],
    });
    expect((await client.exportPageSnapshots({ domainId, url: "/s" })).rows).toEqual([]);
    expect((await client.exportCrawlLogs({ domainId })).format).toBe("json");

    const created = await client.createRoutingRule(domainId, {
      sourcePath: "/old",
      targetUrl: "/new",
    });
    const { ruleId } = created.rule;
    expect(created.rule).toMatchObject({ domainId, sourcePath: "/old", redirectCode: 301 });
    expect((await client.listRoutingRules(domainId)).rules.map((r) => r.ruleId)).toContain(ruleId);
    expect((await client.getRoutingRule(domainId, ruleId)).rule.targetUrl).toBe("/new");
    const updated = await client.updateRoutingRule(domainId, ruleId, {
      redirectCode: 302,
      notes: "temp",
    });
    expect(updated.rule).toMatchObject({ redirectCode: 302, notes: "temp" });
    expect(await client.deleteRoutingRule(domainId, ruleId)).toMatchObject({
      deleted: true,
      rule: { ruleId },
    });

    expect((await client.getCrawlerPolicy(domainId)).updatedAt).toBeNull();
    const replaced = await client.replaceCrawlerPolicy(domainId, {
      rules: [{ match: { type: "botId", value: "gptbot" }, action: { type: "block" } }],
    });
    expect(replaced).toEqual({
      policy: {
        rules: [
          {
            match: { type: "botId", value: "gptbot" },
            path: null,
            action: { type: "block", status: 403, message: null },
          },
        ],
        defaultAction: { type: "allow" },
        impostorProtection: true,
        inBandPricing: false,
        x402: null,
        contentSignals: { search: null, aiInput: null, aiTrain: null },
        contentSignalPaths: [],
        licenseUrl: null,
      },
      cacheInvalidated: true,
    });
    expect((await client.getCrawlerPolicy(domainId)).policy).toEqual(replaced.policy);
    const verification = await client.verifyDomain(domainId);
    expect(verification).toMatchObject({ domainId, verificationStage: "pending" });
    expect(verification.challenge?.dnsName).toBe("_crawlgate-challenge.shop.example.com");
  });
});
