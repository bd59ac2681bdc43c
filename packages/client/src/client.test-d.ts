// Type tests: checked by `pnpm typecheck` (never run). Each `@ts-expect-error` must meet an error,
// so a type that stops rejecting a misspelt field or a wrong value fails the typecheck.
import {
  type AggregateTier,
  CrawlgateApiError,
  type CrawlLogsCsvPage,
  type CrawlLogsParquetResponse,
  createCrawlgateClient,
  type Tiers,
} from "./index.js";

const client = createCrawlgateClient({ baseUrl: "https://api.example.com", apiKey: "cg_live_x" });
const domainId = "0f8fad5b-d9cb-469f-a165-70867728950e";

export async function requests(): Promise<void> {
  await client.exportPageAnalytics({ domainId, period: "7d", pageSize: 100 });
  // One page exactly, whatever its rank (page detail).
  await client.exportPageAnalytics({ domainId, path: "/pricing" });
  // @ts-expect-error an exact path is one string
  await client.exportPageAnalytics({ domainId, path: ["/pricing"] });
  // @ts-expect-error misspelt request field (`period`)
  await client.exportPageAnalytics({ domainId, perod: "7d" });
  // @ts-expect-error a period the endpoint does not take
  await client.exportCrawlLogs({ domainId, period: "90d" });
  // @ts-expect-error a format that does not exist
  await client.exportCrawlLogs({ domainId, format: "xml" });
  const rule = { sourcePath: "/a", targetUrl: "/b" };
  // @ts-expect-error redirect codes are 301 or 302
  await client.createRoutingRule(domainId, { ...rule, redirectCode: 303 });
  // @ts-expect-error misspelt field (`redirect_code`), refused by the API as an unknown field too
  await client.updateRoutingRule(domainId, domainId, { redirect_code: 302 });
  // @ts-expect-error a policy action is allow, block or charge
  await client.replaceCrawlerPolicy(domainId, { defaultAction: { type: "deny" } });
  // @ts-expect-error purge-cache needs a path
  await client.purgeCache({ domain: "shop.example.com" });
}

export async function responses(): Promise<void> {
  const page = await client.exportPageAnalytics({ domainId });
  const next: string | null = page.nextCursor;
  // @ts-expect-error misspelt response field (`nextCursor`)
  page.nextCursur;
  for await (const row of client.pageAnalytics.iterate({ domainId, series: false })) {
    const total: number = row.total + row.tiers.verified;
    // @ts-expect-error misspelt row field (`path`)
    row.paht;
    void total;
  }
  for await (const row of client.crawlLogs.iterate({ domainId, tier: ["verified", "declared"] })) {
    const tier: "verified" | "declared" | "automation" | "unknown" | null = row.tier;
    void tier;
  }
  // The crawl-log format picks the answer's type.
  const csv: CrawlLogsCsvPage = await client.exportCrawlLogs({ domainId, format: "csv" });
  const body: ReadableStream<Uint8Array> = csv.body;
  const files: CrawlLogsParquetResponse = await client.exportCrawlLogs({
    domainId,
    format: "parquet",
  });
  const json = await client.exportCrawlLogs({ domainId });
  const rows: number = json.rowCount;
  // @ts-expect-error a JSON page has no files
  json.files;
  void [next, body, files, rows];
}

export function errors(error: unknown): string | null {
  if (!(error instanceof CrawlgateApiError)) return null;
  if (error.error === "rate_limit_exceeded_monthly") return `retry in ${error.retryAfter} s`;
  if (error.error === "not found") return "no such snapshot";
  // @ts-expect-error not an error code of the API
  if (error.error === "rate_limited") return "never";
  return error.message;
}

// Every tier of the document's `Tiers` is in AGGREGATE_TIERS (a missing one is a compile error).
export const everyTier: Record<Exclude<keyof Tiers, AggregateTier>, never> = {};
