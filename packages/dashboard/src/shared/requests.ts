import { addDays, type Period } from "./period.js";

/** One call of the API (the dashboard API mirrors `/functions/v1/<path>`). */
export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Below `/functions/v1`, e.g. `/export-crawl-analytics`. */
  path: string;
  body?: Record<string, unknown>;
}

/**
 * The read requests the views make, built in one place: the live UI sends them, and
 * `crawlgate report` runs the very same ones to fill the report's inline data.
 */
export const requests = {
  domains: (): ApiCall => ({ method: "POST", path: "/list-user-domains", body: {} }),
  definitions: (): ApiCall => ({ method: "POST", path: "/get-bot-definitions", body: {} }),
  crawlAnalytics: (period: Period, domainId?: string): ApiCall => ({
    method: "POST",
    path: "/export-crawl-analytics",
    body: { period, ...(domainId ? { domainId } : {}) },
  }),
  /** The 14 days ending `endDate`: this week against the week before. */
  twoWeeks: (endDate: string, domainId?: string): ApiCall => ({
    method: "POST",
    path: "/export-crawl-analytics",
    body: { startDate: addDays(endDate, -13), endDate, ...(domainId ? { domainId } : {}) },
  }),
  topPages: (
    domainId: string,
    period: Period,
    options: { sortBy?: "total" | "verified"; pathPrefix?: string; cursor?: string } = {},
  ): ApiCall => ({
    method: "POST",
    path: "/export-page-analytics",
    body: options.cursor
      ? { cursor: options.cursor }
      : {
          domainId,
          period,
          pageSize: 50,
          ...(options.sortBy && options.sortBy !== "total" ? { sortBy: options.sortBy } : {}),
          ...(options.pathPrefix ? { pathPrefix: options.pathPrefix } : {}),
        },
  }),
  /** One page's row: the exact `path` filter reads that path alone, whatever its rank. */
  pageDetail: (domainId: string, period: Period, path: string): ApiCall => ({
    method: "POST",
    path: "/export-page-analytics",
    body: { domainId, period, path },
  }),
  snapshots: (domainId: string, period: Period, url: string): ApiCall => ({
    method: "POST",
    path: "/export-page-snapshots",
    body: { domainId, period, url, pageSize: 400 },
  }),
  snapshotHtml: (snapshotId: string): ApiCall => ({
    method: "POST",
    path: "/get-snapshot",
    body: { snapshot_id: snapshotId },
  }),
  referrals: (domainId: string, period: Period): ApiCall => ({
    method: "POST",
    path: "/export-ai-referrals",
    body: { domainId, period },
  }),
  /** Crawls against referrals per AI operator (export-crawl-to-refer). */
  crawlToRefer: (domainId: string, period: Period): ApiCall => ({
    method: "POST",
    path: "/export-crawl-to-refer",
    body: { domainId, period },
  }),
  rules: (domainId: string): ApiCall => ({
    method: "GET",
    path: `/domains/${domainId}/routing-rules`,
  }),
  purge: (domain: string, path: string): ApiCall => ({
    method: "POST",
    path: "/purge-cache",
    body: { domain, path },
  }),
  /** Warms the domain's cache from its sitemaps (warm-cache). */
  warm: (domain: string): ApiCall => ({
    method: "POST",
    path: "/warm-cache",
    body: { domain },
  }),
  /** One page's cache status, per render variant of the domain. */
  cacheStatus: (domainId: string, path: string): ApiCall => ({
    method: "GET",
    path: `/domains/${encodeURIComponent(domainId)}/cache-status?${new URLSearchParams({ path })}`,
  }),
  verify: (domainId: string): ApiCall => ({
    method: "POST",
    path: `/domains/${encodeURIComponent(domainId)}/verify`,
  }),
};

/** A stable key of a call (object keys sorted), under which the report stores its answer. */
export function callKey(call: ApiCall): string {
  return `${call.method} ${call.path} ${stableJson(call.body ?? null)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
