import { variantKey } from "../edge/page-key.js";
import {
  RENDER_MARKER_HEADER,
  RENDER_USER_AGENT,
  renderOriginHeaders,
} from "../edge/page-service.js";
import type { Scheme } from "../http/index.js";
import type { FetchLike, JobQueue, PageCache, WarmingStore } from "../ports/index.js";
import type { Domain, RenderVariant } from "../types.js";
import {
  type CollectedPages,
  collectPages,
  type ListedPage,
  type SitemapReport,
} from "./collect.js";
import { WARM_ORDER, type WarmDecision, warmDecision } from "./diff.js";
import { sitemapRoots } from "./discover.js";
import { enqueueWarm } from "./enqueue.js";
import { readSitemap } from "./sitemap-fetch.js";

/** What a warm did (or, dry, would do): the answer of `warm-cache` and `crawlgate warm`. */
export interface WarmSummary {
  /** Pages queued for a render (a page counts once). */
  queued: number;
  /** Listed pages whose cached render will do. */
  alreadyFresh: number;
  /** Entries not warmed: not a page of the domain, or a render of it pending already. */
  skipped: number;
  /** Pages that need a render but are over the domain's renders-per-hour budget. */
  budgetDeferred: number;
  sitemaps: SitemapReport[];
}

export interface WarmDeps {
  pages: PageCache;
  purgeQueue: JobQueue;
  warming: WarmingStore;
  /** The origin fetch (renders'): a sitemap on the domain's host is fetched from its origin. */
  fetch: FetchLike;
  /** The origin's robots.txt (the edge's cached copy), or `null`. */
  robotsFile(site: WarmSite): Promise<string | null>;
  defaults: { pageCacheTtlSeconds: number; rendersPerHour: number; publicScheme: Scheme };
}

export type WarmSite = Pick<
  Domain,
  "domainId" | "hostname" | "originUrl" | "originHost" | "pageCacheTtlSeconds" | "renderVariants"
>;

export interface WarmOptions {
  /** Read this sitemap (an index or a urlset) instead of discovering them. */
  sitemapUrl?: string | null;
  /** Page keys rendered whatever their cache holds (unless pending); no sitemap read then, unless `sitemapUrl`. */
  paths?: readonly string[];
  /** Compute the answer, queue nothing, take no budget. */
  dryRun?: boolean;
  /** Progress: files read, then pages checked. */
  onProgress?(progress: { phase: "sitemaps" | "pages"; done: number; total: number }): void;
}

const LOOKUP_BATCH = 64;

/**
 * Warms a domain's page cache from its sitemaps (see `collectPages`, `warmDecision`): queues
 * warm renders, pages crawlers would miss first, within the domain's renders-per-hour budget
 * (its setting, else `defaults.rendersPerHour`); a page whose render is pending already is
 * skipped. The domain must have an origin (callers check).
 */
export async function warmDomain(
  deps: WarmDeps,
  site: WarmSite & { originUrl: string },
  options: WarmOptions,
  now: Date,
): Promise<WarmSummary> {
  const settings = await deps.warming.getWarmSettings(site.domainId);
  const progress = options.onProgress ?? (() => {});
  const forced = [...new Set(options.paths ?? [])];
  let collected: CollectedPages = { pages: [], sitemaps: [], skipped: 0 };
  if (options.sitemapUrl || forced.length === 0) {
    const roots = sitemapRoots({
      explicit: options.sitemapUrl ?? null,
      listed: settings.sitemapUrls,
      robotsText: options.sitemapUrl ? null : await deps.robotsFile(site),
      hostname: site.hostname,
      scheme: deps.defaults.publicScheme,
    });
    collected = await collectPages(
      site.hostname,
      roots,
      (url) => readSitemap(deps.fetch, sitemapRequest(site, url)),
      (done, total) => progress({ phase: "sitemaps", done, total }),
    );
  }
  const ttlMs = (site.pageCacheTtlSeconds ?? deps.defaults.pageCacheTtlSeconds) * 1000;
  const wanted: Record<WarmDecision, DuePage[]> = {
    never_cached: [],
    changed: [],
    expired: [],
    fresh: [],
  };
  let skipped = collected.skipped;
  const forcedKeys = new Set(forced);
  const listed = collected.pages.filter((p) => !forcedKeys.has(p.key));
  const checks = [...forced.map((key) => ({ key, lastmod: null, forced: true })), ...listed];
  for (let i = 0; i < checks.length; i += LOOKUP_BATCH) {
    const batch = checks.slice(i, i + LOOKUP_BATCH);
    const answers = await Promise.all(
      batch.map((page) => pageDecision(deps, site, page, now, ttlMs)),
    );
    answers.forEach((answer, j) => {
      if (answer.decision === "pending") skipped++;
      else wanted[answer.decision].push({ key: (batch[j] as { key: string }).key, ...answer });
    });
    progress({
      phase: "pages",
      done: Math.min(checks.length, i + LOOKUP_BATCH),
      total: checks.length,
    });
  }
  const due = WARM_ORDER.flatMap((decision) => wanted[decision]);
  const spent = await spendBudget(deps, site, settings.rendersPerHour, due, options, now);
  return {
    queued: spent.queued,
    alreadyFresh: wanted.fresh.length,
    skipped: skipped + spent.skipped,
    budgetDeferred: spent.deferred,
    sitemaps: collected.sitemaps,
  };
}

/**
 * Queues the due pages' renders, most urgent first, within the budget, which counts renders (a
 * page with two variants to render takes two). The budget may end inside a page: its first
 * variants are queued, the rest wait for the next warm. `queued` counts the pages with a render
 * queued, `skipped` those whose granted renders were all pending already, `deferred` those with
 * no render granted.
 */
async function spendBudget(
  deps: WarmDeps,
  site: WarmSite,
  rendersPerHour: number | null,
  due: readonly DuePage[],
  options: WarmOptions,
  now: Date,
): Promise<{ queued: number; skipped: number; deferred: number }> {
  const renders = due.flatMap(({ key, variants }) => variants.map((variant) => ({ key, variant })));
  const perHour = rendersPerHour ?? deps.defaults.rendersPerHour;
  const granted = options.dryRun
    ? Math.max(
        0,
        Math.min(renders.length, perHour - (await deps.warming.warmBudgetUsed(site.domainId, now))),
      )
    : await deps.warming.takeWarmBudget(site.domainId, now, renders.length, perHour);
  const queued = new Set<string>();
  const reached = new Set<string>();
  for (const { key, variant } of renders.slice(0, granted)) {
    reached.add(key);
    if (options.dryRun || (await enqueueWarm(deps, site.domainId, key, [variant], now))) {
      queued.add(key);
    }
  }
  return {
    queued: queued.size,
    skipped: reached.size - queued.size,
    deferred: due.length - reached.size,
  };
}

/** A page to warm and the renders of it that need it. */
interface DuePage {
  key: string;
  variants: RenderVariant[];
}

/**
 * What a page needs, over the domain's render variants (a page counts once): the most urgent
 * decision of a variant that has no render pending (never cached, then changed, then expired),
 * `fresh` when every such variant is fresh, `pending` when every variant has a render pending;
 * and the variants to render (those not fresh and not pending).
 */
async function pageDecision(
  deps: WarmDeps,
  site: WarmSite,
  page: Pick<ListedPage, "key" | "lastmod"> & { forced?: boolean },
  now: Date,
  ttlMs: number,
): Promise<{ decision: WarmDecision | "pending"; variants: RenderVariant[] }> {
  let best: WarmDecision | "pending" = "pending";
  const variants: RenderVariant[] = [];
  for (const variant of site.renderVariants) {
    const key = variantKey(page.key, variant);
    if (await deps.purgeQueue.pendingJob(site.domainId, key)) continue;
    const decision = page.forced
      ? "expired"
      : warmDecision(page, await deps.pages.getPage(site.domainId, key), now, ttlMs);
    if (decision !== "fresh") variants.push(variant);
    if (best === "pending" || URGENCY.indexOf(decision) < URGENCY.indexOf(best)) best = decision;
  }
  return { decision: best, variants };
}

const URGENCY: readonly WarmDecision[] = [...WARM_ORDER, "fresh"];

/** A sitemap URL on the domain's host, fetched from its origin as renders are. */
function sitemapRequest(site: WarmSite & { originUrl: string }, url: string) {
  const parsed = new URL(url);
  const proto = parsed.protocol === "http:" ? "http" : "https";
  return {
    url: site.originUrl + parsed.pathname + parsed.search,
    headers: {
      "user-agent": RENDER_USER_AGENT,
      accept: "application/xml,text/xml;q=0.9,*/*;q=0.8",
      [RENDER_MARKER_HEADER]: "1",
      ...renderOriginHeaders(site, proto),
    },
  };
}
