import { forwardingHeaders, type Scheme } from "../http/forwarded.js";
import type {
  BlobStore,
  Clock,
  EdgeSettings,
  JobQueue,
  Logger,
  PageCache,
  Renderer,
  RenderResult,
  SnapshotStore,
} from "../ports/index.js";
import { gunzip, gzip, utf8 } from "../snapshots/content.js";
import { htmlKey, recordSnapshot } from "../snapshots/record.js";
import type { CachedPage, RenderVariant } from "../types.js";
import type { EdgeOptions } from "./options.js";
import { variantKey } from "./page-key.js";
import { singleFlight } from "./single-flight.js";

export interface PageServiceDeps {
  pages: PageCache;
  snapshots: SnapshotStore;
  blobs: BlobStore;
  purgeQueue: JobQueue;
  /** `null`: this instance has no renderer; crawlers get the origin. */
  renderer: Renderer | null;
  clock: Clock;
  logger: Logger;
  options: EdgeOptions;
  /** `X-Forwarded-Proto` of the worker's renders (no visitor's scheme to pass on). */
  publicScheme: Scheme;
}

/** A cached page with its HTML, as the edge serves it. */
export interface PageBody {
  entry: CachedPage;
  /** The HTML's UTF-8 bytes (decompressed once, on first use, when read from the store). */
  identity(): Promise<Uint8Array>;
  /** The same, gzip-compressed: the stored blob as it is (compressed once after a render). */
  gzip(): Promise<Uint8Array>;
}

export type StoreOutcome =
  | { stored: true; page: PageBody; newSnapshot: boolean }
  | { stored: false; reason: string };

/** One device render of a page: what is rendered, cached and queued. */
export interface PageTarget {
  /** The page key (`PageKey.key`): the origin URL's path and query. */
  key: string;
  /** The path as requested (`PageKey.path`): what snapshots record. */
  path: string;
  variant: RenderVariant;
}

/** The part of the edge settings a render needs. */
export type PageSite = Pick<
  EdgeSettings,
  "domainId" | "hostname" | "originUrl" | "pageCacheTtlSeconds" | "originHost"
>;

/**
 * What every request of a render to the origin carries (the page and its subresources): the
 * forwarding headers a visitor's pass-through gets, `X-Forwarded-Host` the domain and
 * `X-Forwarded-Proto` the scheme (no `X-Forwarded-For`: the render is the edge's own request,
 * its HTML served to every crawler), and with `originHost: "public"` the domain as `Host`.
 */
export function renderOriginHeaders(site: PageSite, proto: Scheme): Record<string, string> {
  const headers = forwardingHeaders({ host: site.hostname, proto });
  if (site.originHost === "public") headers.host = site.hostname;
  return headers;
}

/**
 * Statuses whose render replaces the cached page: pages, redirects and "gone". Anything else
 * (401, 403, 429, every 5xx) is the origin having a bad moment: served from the origin, never
 * cached, so it never replaces a good page.
 */
export const CACHEABLE_STATUSES: ReadonlySet<number> = new Set([
  200, 203, 204, 300, 301, 302, 303, 307, 308, 404, 410,
]);

/** The User-Agent renders fetch the origin with; not a crawler, so the edge passes it through. */
export const RENDER_USER_AGENT =
  "Mozilla/5.0 (compatible; crawlgate-render/1.0; +https://github.com/crawlgate/crawlgate)";
/**
 * The User-Agent of mobile renders: a phone browser's (an origin that serves phones other HTML
 * tells them apart by `Mobile`/`Android`), with the same `crawlgate-render` token; no crawler.
 */
export const MOBILE_RENDER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 (compatible; crawlgate-render/1.0; +https://github.com/crawlgate/crawlgate)";
/** Marks the edge's own render requests: an edge that sees it passes the request to the origin. */
export const RENDER_MARKER_HEADER = "x-crawlgate-render";

/** The User-Agent a render of each device fetches the origin with. */
export const RENDER_USER_AGENTS: Readonly<Record<RenderVariant, string>> = {
  desktop: RENDER_USER_AGENT,
  mobile: MOBILE_RENDER_USER_AGENT,
};

const renderHeaders = (variant: RenderVariant): Record<string, string> => ({
  "user-agent": RENDER_USER_AGENTS[variant],
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
  [RENDER_MARKER_HEADER]: "1",
});

const HOT_MAX_ENTRIES = 5_000;
/** A stale page queues one re-render per instance at most this often. */
const REQUEUE_MS = 30_000;

/**
 * Render deadlines bound real waiting, so they come from the wall clock, not the injected
 * `Clock` (which stamps cache entries and may be a test's fake).
 */
const wallClockDeadline = (ms: number) => new Date(Date.now() + ms);

const slot = (domainId: string, key: string) => `${domainId}\u0000${key}`;

/** Why a render is not cached (a status or type that must not replace a page), or `null`. */
function uncacheable(result: RenderResult): string | null {
  if (!CACHEABLE_STATUSES.has(result.status)) return `origin status ${result.status}`;
  const type = result.headers["content-type"];
  if (type !== undefined && !/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
    return `not HTML (${type.slice(0, 60)})`;
  }
  return null;
}

/** Whether a stale page's re-render may be queued now: once per `REQUEUE_MS` per page, here. */
function requeueGate(): (id: string, now: number) => boolean {
  const until = new Map<string, number>();
  return (id, now) => {
    if ((until.get(id) ?? 0) > now) return false;
    if (until.size >= HOT_MAX_ENTRIES) until.clear();
    until.set(id, now + REQUEUE_MS);
    return true;
  };
}

/** A page from its HTML (a render) or from its stored gzip blob (a store read). */
function pageBody(
  entry: CachedPage,
  from: { identity: Uint8Array } | { gzipped: Uint8Array },
): PageBody {
  let plain = "identity" in from ? Promise.resolve(from.identity) : undefined;
  let compressed = "gzipped" in from ? Promise.resolve(from.gzipped) : undefined;
  return {
    entry,
    identity: () => {
      plain ??= gunzip((from as { gzipped: Uint8Array }).gzipped);
      return plain;
    },
    gzip: () => {
      compressed ??= gzip((from as { identity: Uint8Array }).identity);
      return compressed;
    },
  };
}

/**
 * The page cache as the edge and the worker use it: lookups (with a few seconds of per-instance
 * memory for hot pages), renders coalesced per page, and storing a render as a content-addressed
 * snapshot plus a cache entry.
 */
export function createPageService(deps: PageServiceDeps) {
  const { options } = deps;
  const hot = new Map<string, { page: PageBody; until: number }>();
  const inflight = new Map<string, Promise<StoreOutcome>>();
  /** Store reads of pages in progress, by page: concurrent lookups share one. */
  const loading = new Map<string, Promise<PageBody | null>>();
  const mayRequeue = requeueGate();
  const snapshotDeps = { snapshots: deps.snapshots, blobs: deps.blobs, clock: deps.clock };

  function remember(page: PageBody, now: number): void {
    if (options.hotCacheMs <= 0) return;
    const key = slot(page.entry.domainId, page.entry.pageKey);
    hot.delete(key);
    if (hot.size >= HOT_MAX_ENTRIES) hot.delete(hot.keys().next().value as string);
    hot.set(key, { page, until: now + options.hotCacheMs });
  }

  async function read(domainId: string, key: string, now: number): Promise<PageBody | null> {
    const entry = await deps.pages.getPage(domainId, key);
    if (!entry) return null;
    const stored = await deps.blobs.getBlob(htmlKey(entry.contentHash));
    if (!stored) return null;
    // Decompressed only when a client that does not take gzip asks (most crawlers take it).
    const page = pageBody(entry, { gzipped: stored });
    // A render stored while this read ran is newer: it stays in the hot memory.
    const current = hot.get(slot(domainId, key))?.page.entry.renderedAt.getTime() ?? -1;
    if (current <= entry.renderedAt.getTime()) remember(page, now);
    return page;
  }

  async function renderAndStore(
    site: PageSite,
    target: PageTarget,
    render: { deadline: Date; proto: Scheme },
  ): Promise<StoreOutcome> {
    const renderer = deps.renderer;
    if (!renderer || !site.originUrl) return { stored: false, reason: "no renderer or origin" };
    const { key, path, variant } = target;
    const result = await renderer.render({
      url: site.originUrl + key,
      headers: renderHeaders(variant),
      originHeaders: renderOriginHeaders(site, render.proto),
      deadline: render.deadline,
      device: variant,
    });
    const refused = uncacheable(result);
    if (refused !== null) return { stored: false, reason: refused };
    const { snapshot, created } = await recordSnapshot(snapshotDeps, {
      domainId: site.domainId,
      path,
      html: result.html,
      renderStatus: result.status,
      variant,
    });
    const now = deps.clock.now();
    const ttl = site.pageCacheTtlSeconds ?? options.pageCacheTtlSeconds;
    const entry: CachedPage = {
      domainId: site.domainId,
      pageKey: variantKey(key, variant),
      snapshotId: snapshot.snapshotId,
      contentHash: snapshot.contentHash,
      status: result.status,
      location: result.headers.location ?? null,
      renderedAt: now,
      expiresAt: new Date(now.getTime() + ttl * 1000),
    };
    await deps.pages.putPage(entry);
    const page = pageBody(entry, { identity: utf8(result.html) });
    remember(page, now.getTime());
    return { stored: true, page, newSnapshot: created };
  }

  return {
    /**
     * The cached render of a page for a device, with its HTML, or `null` (never cached, or its
     * HTML was dropped): from the hot memory, else from the stores. Concurrent lookups of one
     * render share one read, so a hot page expiring under load is read once, not once per
     * request in flight.
     */
    lookup(domainId: string, key: string, variant: RenderVariant): Promise<PageBody | null> {
      const now = deps.clock.now().getTime();
      const cacheKey = variantKey(key, variant);
      const id = slot(domainId, cacheKey);
      const remembered = hot.get(id);
      if (remembered && remembered.until > now) return Promise.resolve(remembered.page);
      return singleFlight(loading, id, () => read(domainId, cacheKey, now));
    },

    /**
     * Renders now for a waiting crawler, telling the origin the scheme the crawler used;
     * concurrent misses of one render over one scheme share one render.
     */
    renderNow(site: PageSite, target: PageTarget, proto: Scheme): Promise<StoreOutcome> {
      const id = `${slot(site.domainId, variantKey(target.key, target.variant))}\u0000${proto}`;
      return singleFlight(inflight, id, () =>
        renderAndStore(site, target, {
          deadline: wallClockDeadline(options.renderBudgetMs),
          proto,
        }),
      );
    },

    /** Renders for the worker (purge, pre-warm, refresh): its deadline, the public scheme. */
    refresh(site: PageSite, target: PageTarget): Promise<StoreOutcome> {
      const deadline = wallClockDeadline(options.renderDeadlineMs);
      return renderAndStore(site, target, { deadline, proto: deps.publicScheme });
    },

    /** Queues a re-render of a stale render: that variant's job alone (`requeueGate`). */
    async requeue(domainId: string, key: string, variant: RenderVariant): Promise<void> {
      const now = deps.clock.now();
      const cacheKey = variantKey(key, variant);
      if (!mayRequeue(slot(domainId, cacheKey), now.getTime())) return;
      await deps.purgeQueue.enqueuePurge(domainId, cacheKey, now, "refresh");
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;
