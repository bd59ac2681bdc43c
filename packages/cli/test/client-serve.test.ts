import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CrawlgateApiError,
  createCrawlgateClient,
  type ExportPageAnalyticsRequest,
  type PageRow,
} from "@crawlgate/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServeProcess, startServe } from "./fleet/serve-fleet.js";

interface Demo {
  keys: Record<"owner" | "manager" | "viewer" | "starter" | "revoked", string>;
  domains: { domainId: string; domain: string }[];
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** `@crawlgate/client` over the network against a `crawlgate serve --demo` child process. */
describe("@crawlgate/client against a real serve process", () => {
  let dir: string;
  let serve: ServeProcess;
  let demo: Demo;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-client-"));
    const env = { ...process.env, CRAWLGATE_RANGE_REFRESH: "off" };
    // The walks below take more than the default 60 requests a minute.
    const args = ["--demo", "--data-dir", join(dir, "data"), "--rate-per-minute", "1000"];
    serve = await startServe(env, args);
    demo = serve.ready.demo as Demo;
  }, 120_000);
  afterAll(async () => {
    await serve?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every page of the raw API, following `nextCursor` by hand. */
  async function rawRows(body: ExportPageAnalyticsRequest): Promise<unknown[]> {
    const rows: unknown[] = [];
    let request: Record<string, unknown> = body;
    while (true) {
      const res = await fetch(`${serve.baseUrl}/functions/v1/export-page-analytics`, {
        method: "POST",
        headers: { authorization: `Bearer ${demo.keys.owner}`, "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { pages: unknown[]; nextCursor: string | null };
      rows.push(...page.pages);
      if (page.nextCursor === null) return rows;
      request = { cursor: page.nextCursor };
    }
  }

  it("walks every page of a demo domain's page analytics: exactly the rows of the raw API", async () => {
    const client = createCrawlgateClient({ baseUrl: serve.baseUrl, apiKey: demo.keys.owner });
    const domainId = demo.domains[0]?.domainId as string;
    // A window of past days only: the demo's live traffic lands today.
    const request = { domainId, startDate: day(-30), endDate: day(-1), pageSize: 100 };
    const rows: PageRow[] = [];
    for await (const row of client.pageAnalytics.iterate(request)) rows.push(row);
    const first = await client.exportPageAnalytics(request);
    expect(rows.length).toBe(first.pageCount);
    expect(rows.length).toBeGreaterThan(2 * request.pageSize);
    expect(rows).toEqual(await rawRows(request));
  }, 120_000);

  it("streams crawl logs as CSV and downloads a Parquet part", async () => {
    const client = createCrawlgateClient({ baseUrl: serve.baseUrl, apiKey: demo.keys.owner });
    const domainId = demo.domains[0]?.domainId as string;
    const window = { domainId, startDate: day(-3), endDate: day(-2) };
    const json = [];
    for await (const row of client.crawlLogs.iterate({ ...window, pageSize: 2000 })) json.push(row);
    const csv = await new Response(
      client.crawlLogs.csvStream({ ...window, format: "csv", pageSize: 2000 }),
    ).text();
    const lines = csv.split("\r\n").slice(1, -1);
    expect(lines.length).toBe(json.length);
    expect(lines.map((l) => l.slice(0, 24))).toEqual(json.map((r) => r.ts));

    const parquet = await client.exportCrawlLogs({ ...window, format: "parquet" });
    const file = parquet.files[0];
    expect(file?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/files\/archive\//);
    const bytes = await new Response(await client.downloadFile(file?.url as string)).arrayBuffer();
    expect(bytes.byteLength).toBe(file?.sizeBytes);
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("PAR1");
  }, 120_000);

  it("throws the API's errors as CrawlgateApiError over the network", async () => {
    const revoked = createCrawlgateClient({ baseUrl: serve.baseUrl, apiKey: demo.keys.revoked });
    const error = await revoked.listUserDomains().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrawlgateApiError);
    expect(error).toMatchObject({ status: 401, error: "invalid_api_key", retryAfter: null });
    const starter = createCrawlgateClient({ baseUrl: serve.baseUrl, apiKey: demo.keys.starter });
    await expect(starter.getBotDefinitions()).rejects.toMatchObject({
      status: 403,
      error: "plan_upgrade_required",
    });
  });
});
