import {
  type CrawlLogsCsvPage,
  concatCsvPages,
  csvPageOf,
  downloadStream,
  snapshotHtmlStream,
} from "./downloads.js";
import { CrawlgateResponseError } from "./errors.js";
import { createPager, type Pager } from "./paging.js";
import {
  type ClientOptions,
  createTransport,
  type RequestOptions,
  type Transport,
} from "./transport.js";
import type {
  CrawlLogRow,
  CrawlLogsCursorRequest,
  CrawlLogsJsonResponse,
  CrawlLogsParquetResponse,
  CrawlLogsQuery,
  CreateRoutingRuleRequest,
  CreateRoutingRuleResponse,
  DeleteRoutingRuleResponse,
  ExportAiReferralsRequest,
  ExportAiReferralsResponse,
  ExportCrawlAnalyticsRequest,
  ExportCrawlAnalyticsResponse,
  ExportCrawlerChargesRequest,
  ExportCrawlerChargesResponse,
  ExportCrawlLogsRequest,
  ExportCrawlToReferRequest,
  ExportCrawlToReferResponse,
  ExportPageAnalyticsRequest,
  ExportPageAnalyticsResponse,
  ExportPageSnapshotsRequest,
  ExportPageSnapshotsResponse,
  ExportRobotsComplianceRequest,
  ExportRobotsComplianceResponse,
  ExportUserAnalyticsRequest,
  ExportUserAnalyticsResponse,
  GetBotDefinitionsRequest,
  GetBotDefinitionsResponse,
  GetCacheStatusResponse,
  GetCrawlerPolicyResponse,
  GetDomainSettingsResponse,
  GetRobotsTxtResponse,
  GetRoutingRuleResponse,
  GetSnapshotRequest,
  GetSnapshotResponse,
  ListRoutingRulesResponse,
  ListUserDomainsResponse,
  PageRow,
  PurgeCacheRequest,
  PurgeCacheResponse,
  ReplaceCrawlerPolicyRequest,
  ReplaceCrawlerPolicyResponse,
  SnapshotDayRow,
  UpdateDomainSettingsRequest,
  UpdateDomainSettingsResponse,
  UpdateRoutingRuleRequest,
  UpdateRoutingRuleResponse,
  VerifyDomainResponse,
  WarmCacheRequest,
  WarmCacheResponse,
} from "./types.js";

/** A JSON-format crawl-log request: a window and filters with `format` `json` or left out. */
export type CrawlLogsJsonQuery = CrawlLogsQuery & { format?: "json" | null };

/** export-crawl-logs, typed by `format`. */
export interface ExportCrawlLogs {
  (body: CrawlLogsQuery & { format: "csv" }, options?: RequestOptions): Promise<CrawlLogsCsvPage>;
  (
    body: CrawlLogsQuery & { format: "parquet" },
    options?: RequestOptions,
  ): Promise<CrawlLogsParquetResponse>;
  (body: CrawlLogsJsonQuery, options?: RequestOptions): Promise<CrawlLogsJsonResponse>;
  /** A cursor continues in the format of the page that handed it out: JSON or CSV. */
  (
    body: CrawlLogsCursorRequest,
    options?: RequestOptions,
  ): Promise<CrawlLogsJsonResponse | CrawlLogsCsvPage>;
}

/** export-crawler-charges, typed by `format`. */
export interface ExportCrawlerCharges {
  (
    body: ExportCrawlerChargesRequest & { format: "csv" },
    options?: RequestOptions,
  ): Promise<string>;
  (
    body: ExportCrawlerChargesRequest & { format?: "json" | null },
    options?: RequestOptions,
  ): Promise<ExportCrawlerChargesResponse>;
}

/** The crawlgate API: one method per endpoint of the OpenAPI document, and cursor iteration. */
export interface CrawlgateClient {
  purgeCache(body: PurgeCacheRequest, options?: RequestOptions): Promise<PurgeCacheResponse>;
  /** Reads the domain's sitemaps and queues renders of new, changed and expired pages. */
  warmCache(body: WarmCacheRequest, options?: RequestOptions): Promise<WarmCacheResponse>;
  listUserDomains(options?: RequestOptions): Promise<ListUserDomainsResponse>;
  exportUserAnalytics(
    body?: ExportUserAnalyticsRequest,
    options?: RequestOptions,
  ): Promise<ExportUserAnalyticsResponse>;
  exportCrawlAnalytics(
    body?: ExportCrawlAnalyticsRequest,
    options?: RequestOptions,
  ): Promise<ExportCrawlAnalyticsResponse>;
  /** One page; see `pageAnalytics` to walk them all. */
  exportPageAnalytics(
    body: ExportPageAnalyticsRequest,
    options?: RequestOptions,
  ): Promise<ExportPageAnalyticsResponse>;
  /** One page; see `pageSnapshots` to walk them all. */
  exportPageSnapshots(
    body: ExportPageSnapshotsRequest,
    options?: RequestOptions,
  ): Promise<ExportPageSnapshotsResponse>;
  /** One page (JSON or CSV) or the Parquet file list; see `crawlLogs` to walk the pages. */
  exportCrawlLogs: ExportCrawlLogs;
  exportAiReferrals(
    body?: ExportAiReferralsRequest,
    options?: RequestOptions,
  ): Promise<ExportAiReferralsResponse>;
  exportRobotsCompliance(
    body: ExportRobotsComplianceRequest,
    options?: RequestOptions,
  ): Promise<ExportRobotsComplianceResponse>;
  /**
   * What crawlers paid on one domain (owner or manager): JSON, or with `format: "csv"` the CSV
   * text.
   */
  exportCrawlerCharges: ExportCrawlerCharges;
  /** Page crawls of each AI operator's bots against the referrals its answer surfaces sent. */
  exportCrawlToRefer(
    body: ExportCrawlToReferRequest,
    options?: RequestOptions,
  ): Promise<ExportCrawlToReferResponse>;
  getBotDefinitions(
    body?: GetBotDefinitionsRequest,
    options?: RequestOptions,
  ): Promise<GetBotDefinitionsResponse>;
  getSnapshot(body: GetSnapshotRequest, options?: RequestOptions): Promise<GetSnapshotResponse>;
  listRoutingRules(domainId: string, options?: RequestOptions): Promise<ListRoutingRulesResponse>;
  /** The robots.txt the domain's host serves now (a preview: stores nothing). */
  getRobotsTxt(domainId: string, options?: RequestOptions): Promise<GetRobotsTxtResponse>;
  /** The domain's edge settings (any role). */
  getDomainSettings(domainId: string, options?: RequestOptions): Promise<GetDomainSettingsResponse>;
  /** Changes the page-cache lifetime, origin Host or render variants (owner or manager). */
  updateDomainSettings(
    domainId: string,
    body: UpdateDomainSettingsRequest,
    options?: RequestOptions,
  ): Promise<UpdateDomainSettingsResponse>;
  /** Whether the edge holds a render of `path`, per render variant of the domain (any role). */
  getCacheStatus(
    domainId: string,
    path: string,
    options?: RequestOptions,
  ): Promise<GetCacheStatusResponse>;
  getRoutingRule(
    domainId: string,
    ruleId: string,
    options?: RequestOptions,
  ): Promise<GetRoutingRuleResponse>;
  createRoutingRule(
    domainId: string,
    body: CreateRoutingRuleRequest,
    options?: RequestOptions,
  ): Promise<CreateRoutingRuleResponse>;
  updateRoutingRule(
    domainId: string,
    ruleId: string,
    body: UpdateRoutingRuleRequest,
    options?: RequestOptions,
  ): Promise<UpdateRoutingRuleResponse>;
  deleteRoutingRule(
    domainId: string,
    ruleId: string,
    options?: RequestOptions,
  ): Promise<DeleteRoutingRuleResponse>;
  /** The domain's crawler policy (the default, `updatedAt` null, when it never saved one). */
  getCrawlerPolicy(domainId: string, options?: RequestOptions): Promise<GetCrawlerPolicyResponse>;
  /** Replaces the domain's crawler policy whole; omitted fields take the default's values. */
  replaceCrawlerPolicy(
    domainId: string,
    body: ReplaceCrawlerPolicyRequest,
    options?: RequestOptions,
  ): Promise<ReplaceCrawlerPolicyResponse>;
  /**
   * Checks the ownership challenge of a domain the caller owns (DNS TXT record or token file);
   * `verificationStage` `pending` with a `message` of what was found when neither holds the token.
   */
  verifyDomain(domainId: string, options?: RequestOptions): Promise<VerifyDomainResponse>;
  /** The server's OpenAPI 3.1 document (`GET /functions/v1/openapi.json`). */
  getOpenApiDocument(options?: RequestOptions): Promise<Record<string, unknown>>;

  /** Page analytics across cursor pages: `for await (const page of client.pageAnalytics.iterate(…))`. */
  pageAnalytics: Pager<ExportPageAnalyticsRequest, ExportPageAnalyticsResponse, PageRow>;
  /** Page snapshots across cursor pages; rows are days (each page's `snapshots` map is on `pages`). */
  pageSnapshots: Pager<ExportPageSnapshotsRequest, ExportPageSnapshotsResponse, SnapshotDayRow>;
  /** JSON crawl-log rows across cursor pages, and every CSV page as one stream. */
  crawlLogs: Pager<
    CrawlLogsJsonQuery | CrawlLogsCursorRequest,
    CrawlLogsJsonResponse,
    CrawlLogRow
  > & {
    /** Every CSV page of the request as one stream with one header row. */
    csvStream(
      body: CrawlLogsQuery & { format: "csv" },
      options?: RequestOptions,
    ): ReadableStream<Uint8Array>;
  };

  /** The bytes behind a presigned link (a Parquet `url`, an `htmlUrl`), without `Authorization`. */
  downloadFile(url: string, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;
  /** A snapshot's HTML behind its `htmlUrl`, decompressed (it is stored and sent gzipped). */
  downloadSnapshotHtml(
    htmlUrl: string,
    options?: RequestOptions,
  ): Promise<ReadableStream<Uint8Array>>;
}

const id = (value: string) => encodeURIComponent(value);
const rulesPath = (domainId: string) => `/domains/${id(domainId)}/routing-rules`;
const policyPath = (domainId: string) => `/domains/${id(domainId)}/crawler-policy`;

/** A 2xx answer's JSON body; a body that is not JSON is a response error. */
async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CrawlgateResponseError(response.status, response.headers.get("content-type"), text);
  }
}

const isCsv = (response: Response) =>
  (response.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv");

function crawlLogsOf(transport: Transport) {
  const exportCrawlLogs = (async (body: ExportCrawlLogsRequest, options?: RequestOptions) => {
    const response = await transport.api("POST", "/export-crawl-logs", body, options);
    return isCsv(response) ? csvPageOf(response) : json(response);
  }) as ExportCrawlLogs;
  const csvPage = async (body: ExportCrawlLogsRequest, options?: RequestOptions) => {
    const page = await exportCrawlLogs(body as CrawlLogsCursorRequest, options);
    if (page.format !== "csv") throw new TypeError("expected a CSV page");
    return page;
  };
  const jsonPage = async (body: ExportCrawlLogsRequest, options?: RequestOptions) => {
    const page = await exportCrawlLogs(body as CrawlLogsCursorRequest, options);
    if (page.format === "json") return page;
    if (page.format === "csv") await page.body.cancel();
    throw new TypeError(`expected a JSON page, got ${page.format} (use csvStream for CSV)`);
  };
  const crawlLogs: CrawlgateClient["crawlLogs"] = {
    ...createPager(jsonPage, (page) => page.rows),
    csvStream: (body, options) =>
      concatCsvPages(
        () => csvPage(body, options),
        (cursor) => csvPage({ cursor }, options),
      ),
  };
  return { exportCrawlLogs, crawlLogs };
}

/**
 * A client of the crawlgate API over fetch (Node 20+, browsers, workers). Every method resolves
 * to the typed success body and rejects with `CrawlgateApiError` on an error answer; `429` and
 * `503` are retried after `Retry-After` (twice, up to 60 s each, unless `retry` says otherwise).
 */
export function createCrawlgateClient(options: ClientOptions): CrawlgateClient {
  const transport = createTransport(options);
  const post = async <T>(path: string, body: unknown, call?: RequestOptions) =>
    json<T>(await transport.api("POST", path, body, call));
  const rule = async <T>(
    method: string,
    domainId: string,
    ruleId: string,
    call?: RequestOptions,
    body?: unknown,
  ) => json<T>(await transport.api(method, `${rulesPath(domainId)}/${id(ruleId)}`, body, call));
  const exportPageAnalytics = (body: ExportPageAnalyticsRequest, call?: RequestOptions) =>
    post<ExportPageAnalyticsResponse>("/export-page-analytics", body, call);
  const exportPageSnapshots = (body: ExportPageSnapshotsRequest, call?: RequestOptions) =>
    post<ExportPageSnapshotsResponse>("/export-page-snapshots", body, call);
  const { exportCrawlLogs, crawlLogs } = crawlLogsOf(transport);
  return {
    purgeCache: (body, call) => post("/purge-cache", body, call),
    warmCache: (body, call) => post("/warm-cache", body, call),
    listUserDomains: (call) => post("/list-user-domains", undefined, call),
    exportUserAnalytics: (body = {}, call) => post("/export-user-analytics", body, call),
    exportCrawlAnalytics: (body = {}, call) => post("/export-crawl-analytics", body, call),
    exportPageAnalytics,
    exportPageSnapshots,
    exportCrawlLogs,
    exportAiReferrals: (body = {}, call) => post("/export-ai-referrals", body, call),
    exportRobotsCompliance: (body, call) => post("/export-robots-compliance", body, call),
    exportCrawlerCharges: (async (body: ExportCrawlerChargesRequest, call?: RequestOptions) => {
      const response = await transport.api("POST", "/export-crawler-charges", body, call);
      return isCsv(response) ? response.text() : json(response);
    }) as ExportCrawlerCharges,
    exportCrawlToRefer: (body, call) => post("/export-crawl-to-refer", body, call),
    getBotDefinitions: (body = {}, call) => post("/get-bot-definitions", body, call),
    getSnapshot: (body, call) => post("/get-snapshot", body, call),
    getRobotsTxt: async (domainId, call) =>
      json(await transport.api("GET", `/domains/${id(domainId)}/robots-txt`, undefined, call)),
    getDomainSettings: async (domainId, call) =>
      json(await transport.api("GET", `/domains/${id(domainId)}/settings`, undefined, call)),
    updateDomainSettings: async (domainId, body, call) =>
      json(await transport.api("PATCH", `/domains/${id(domainId)}/settings`, body, call)),
    getCacheStatus: async (domainId, path, call) => {
      const query = new URLSearchParams({ path }).toString();
      const target = `/domains/${id(domainId)}/cache-status?${query}`;
      return json(await transport.api("GET", target, undefined, call));
    },
    listRoutingRules: async (domainId, call) =>
      json(await transport.api("GET", rulesPath(domainId), undefined, call)),
    getRoutingRule: (domainId, ruleId, call) => rule("GET", domainId, ruleId, call),
    createRoutingRule: async (domainId, body, call) =>
      json(await transport.api("POST", rulesPath(domainId), body, call)),
    updateRoutingRule: (domainId, ruleId, body, call) =>
      rule("PATCH", domainId, ruleId, call, body),
    deleteRoutingRule: (domainId, ruleId, call) => rule("DELETE", domainId, ruleId, call),
    getCrawlerPolicy: async (domainId, call) =>
      json(await transport.api("GET", policyPath(domainId), undefined, call)),
    replaceCrawlerPolicy: async (domainId, body, call) =>
      json(await transport.api("PUT", policyPath(domainId), body, call)),
    verifyDomain: async (domainId, call) =>
      json(await transport.api("POST", `/domains/${id(domainId)}/verify`, undefined, call)),
    getOpenApiDocument: async (call) =>
      json(await transport.api("GET", "/openapi.json", undefined, call)),
    pageAnalytics: createPager(exportPageAnalytics, (page) => page.pages, ["series"]),
    pageSnapshots: createPager(exportPageSnapshots, (page) => page.rows),
    crawlLogs,
    downloadFile: (url, call) => downloadStream(transport, url, call),
    downloadSnapshotHtml: (url, call) => snapshotHtmlStream(transport, url, call),
  };
}
