import { z } from "zod";
import { OVERFLOW_PATH } from "../../ingest/path-cap.js";
import { summarizeSeo } from "../../snapshots/seo-audit.js";
import { legacyKeys } from "../../taxonomy/registry.js";
import { compareUtf8 } from "../../text/compare-utf8.js";
import type { DomainAccess, Snapshot } from "../../types.js";
import { STANDARD_WINDOW, type Window } from "../../window/window.js";
import type { ApiDeps, Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { addDayCount, type DayCounts, zeroFilledSeries } from "../exports/day-series.js";
import { requestWindow } from "../exports/export-scope.js";
import { windowShapes } from "../exports/window-fields.js";
import { count, day, instant, role, uuid } from "../responses/shapes.js";

/** Only `period`: no dates, no `domainId`. */
export const input = z.strictObject({ period: windowShapes(STANDARD_WINDOW).byPeriod.period });

const LEGACY_KEYS = legacyKeys().map((k) => k.key);
const perKey = Object.fromEntries(LEGACY_KEYS.map((key) => [key, count]));

/** One domain's block: the 25 legacy per-bot keys are fixed, in their published order. */
const userAnalyticsDomain = z.strictObject({
  domain: z.string(),
  domainId: uuid,
  role,
  summary: z.strictObject({
    totalCrawls: count,
    prerenders: count,
    cachedViews: count,
    cacheMisses: count,
    cacheHitRate: z.number().min(0).max(100).describe("cachedViews / totalCrawls as a percentage"),
  }),
  botTotals: z.strictObject(perKey).describe("Total visits per legacy bot key"),
  botSeries: z.array(z.strictObject({ date: day, ...perKey })),
  topPages: z.array(
    z.strictObject({
      url: z.string(),
      seoScore: z.int().min(0).max(100).nullable(),
      seoIssuesCount: count.nullable(),
      botTotal: count,
    }),
  ),
  seo: z.strictObject({
    good: count,
    needsWork: count,
    poor: count,
    unknown: count,
    totalPages: count,
    totalIssues: count,
  }),
});

export const output = z.strictObject({
  generatedAt: instant,
  period: z.enum(STANDARD_WINDOW.periods as [string, ...string[]]),
  userId: uuid,
  domainCount: count,
  domains: z.array(userAnalyticsDomain),
});

export const contract: EndpointContract = {
  summary: "Export per-domain cache and legacy bot analytics",
  description: `Every accessible domain (no per-domain parameter), sorted by hostname. Only \`period\` is accepted. Keys of \`botTotals\` and \`botSeries\` are the 25 legacy per-bot keys (${LEGACY_KEYS.join(", ")}); every series entry has every key, 0 where there was no traffic. \`topPages\` lists the 20 most crawled pages of the window with the SEO audit of their latest snapshot (null without one); \`seo\` summarizes the latest snapshot of every snapshotted page.`,
  status: 200,
  errors: ["invalid_request"],
};

/** Pages listed in `topPages` per domain. */
export const TOP_PAGES = 20;

/**
 * POST /export-user-analytics: per domain of the caller, the cache summary, counts per legacy
 * per-bot key (totals and a daily series), the most crawled pages with their SEO audit and the
 * SEO buckets of the domain's pages. Only `period` is accepted (no dates, no domainId).
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const window = requestWindow(input(), now, STANDARD_WINDOW);
  const domains = await deps.accounts.listAccessibleDomains(user.userId);
  const out = [];
  for (const access of domains) out.push(await domainAnalytics(deps, access, window));
  return {
    status: 200,
    body: {
      generatedAt: now.toISOString(),
      period: window.period ?? STANDARD_WINDOW.defaultPeriod,
      userId: user.userId,
      domainCount: out.length,
      domains: out,
    },
  };
};

async function domainAnalytics(deps: ApiDeps, access: DomainAccess, window: Window) {
  const { domainId, hostname } = access.domain;
  const { startDate, endDate } = window;
  const [served, legacy, paths, latest] = await Promise.all([
    deps.crawls.daySummaryCounts(domainId, startDate, endDate),
    deps.crawls.legacyDayCounts(domainId, startDate, endDate),
    deps.crawls.pathDayCounts(domainId, startDate, endDate),
    deps.snapshots.latestSnapshots(domainId),
  ]);
  const summary = { cache: 0, render: 0, origin: 0 };
  for (const row of served) summary[row.servedFrom] += row.count;
  const totalCrawls = summary.cache + summary.render + summary.origin;

  const keys = legacyKeys().map((k) => k.key);
  const botTotals: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
  const perDay: DayCounts = new Map();
  for (const row of legacy) {
    botTotals[row.key] = (botTotals[row.key] ?? 0) + row.total;
    addDayCount(perDay, row.day, row.key, row.total);
  }

  return {
    domain: hostname,
    domainId,
    role: access.role,
    summary: {
      totalCrawls,
      prerenders: summary.render,
      cachedViews: summary.cache,
      cacheMisses: summary.render + summary.origin,
      cacheHitRate: hitRate(summary.cache, totalCrawls),
    },
    botTotals,
    botSeries: zeroFilledSeries(window, keys, perDay),
    topPages: topPages(hostname, paths, latest),
    seo: summarizeSeo(latest.map((s) => s.seo)),
  };
}

/** Percentage of crawls answered from the cache, one decimal; 0 when there were no crawls. */
export function hitRate(cachedViews: number, totalCrawls: number): number {
  return totalCrawls === 0 ? 0 : Math.round((cachedViews / totalCrawls) * 1000) / 10;
}

/**
 * The `TOP_PAGES` paths with the most crawls in the window (`__overflow__` left out), by count
 * descending then path (UTF-8 byte order); `url` is `https://<hostname><path>`; SEO fields come
 * from the path's latest snapshot, `null` when it has none.
 */
function topPages(
  hostname: string,
  rows: readonly { path: string; count: number }[],
  latest: readonly Snapshot[],
) {
  const perPath = new Map<string, number>();
  for (const row of rows) {
    if (row.path === OVERFLOW_PATH) continue;
    perPath.set(row.path, (perPath.get(row.path) ?? 0) + row.count);
  }
  const audits = new Map(latest.map((s) => [s.path, s.seo]));
  return [...perPath]
    .sort(([a, x], [b, y]) => y - x || compareUtf8(a, b))
    .slice(0, TOP_PAGES)
    .map(([path, botTotal]) => {
      const seo = audits.get(path);
      return {
        url: `https://${hostname}${path}`,
        seoScore: seo ? seo.score : null,
        seoIssuesCount: seo ? seo.issues.length : null,
        botTotal,
      };
    });
}
