import type { Classifier } from "../classify/index.js";
import type { CrawlEvent } from "../ingest/ingest.js";
import type { VisitEvent } from "../ingest/record-referral.js";
import type { EdgeVerification } from "../policy/subject.js";
import type { EdgeSettings, Logger } from "../ports/index.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import type { ServedFrom } from "../types.js";
import { isStaticAsset, type PageKey, pageKey } from "./page-key.js";
import { type PageBody, type PageService, RENDER_MARKER_HEADER } from "./page-service.js";
import { type PolicyAnswer, type PolicyGate, policyAnswer } from "./policy-gate.js";
import { type RobotsAnswer, serveRobotsTxt } from "./robots-answer.js";
import type { RobotsTxt } from "./robots-txt.js";
import { normalizeHost } from "./site-settings.js";

/** One HTTP request as the data plane sees it (the bridges fill it from their framework). */
export interface EdgeHttpRequest {
  method: string;
  /** The Host header. */
  host: string;
  /** The request target: path and query as on the request line (`/a/b?x=1`). */
  url: string;
  /** Scheme the visitor used; default `https`. */
  protocol?: "http" | "https";
  /** Request headers, names lower-case (only the few the edge reads are looked at). */
  headers: Readonly<Record<string, string | undefined>>;
  /** The visitor's address: used to verify a crawler, then dropped. Never stored. */
  clientIp: string | null;
}

/** What the response turned out to be, for the crawl row of a passed-through request. */
export interface ServedOutcome {
  status: number;
  bytes: number;
}

/** What the routing rules say: a redirect, a proxy, or `null` when no rule matches. */
export type RuleMatch =
  | { kind: "redirect"; status: 301 | 302; location: string; ruleId: string }
  | { kind: "proxy"; upstream: string; ruleId: string }
  | null;

/** What a bridge does with a request. */
export type EdgeResponse =
  /** A redirect rule matched. */
  | { kind: "redirect"; status: 301 | 302; location: string; ruleId: string }
  /** A proxy rule matched: forward to `upstream`, then `report` the outcome. */
  | { kind: "proxy"; upstream: string; ruleId: string; report(outcome: ServedOutcome): void }
  /** HTML from the page cache or a render, ready to send. */
  | {
      kind: "page";
      servedFrom: "cache" | "render";
      status: number;
      headers: Record<string, string>;
      /** The body to send (empty for HEAD). */
      body: Uint8Array;
    }
  /**
   * The origin answers: pass the request to `originUrl` (or to the host application); `null`
   * when the domain has no origin. Then `report` the outcome.
   */
  | { kind: "origin"; originUrl: string | null; report(outcome: ServedOutcome): void }
  /** The host's `/robots.txt`: the origin's file merged with the crawler policy's groups. */
  | RobotsAnswer
  /** The crawler policy blocks or charges the crawler: send this JSON answer. */
  | PolicyAnswer
  /** Not a domain of this instance (or its settings could not be loaded: `failed`). */
  | { kind: "none"; failed: boolean };

export interface DataPlaneDeps {
  settingsFor(host: string): Promise<EdgeSettings | null>;
  route(settings: EdgeSettings, host: string, url: string, protocol: "http" | "https"): RuleMatch;
  classifier(): Classifier;
  /** The domain's crawler policy, compiled once per settings object. */
  policy: PolicyGate;
  /** What is known of a claimed bot's address now, without waiting (`Verifier.peek`). */
  verification(bot: Readonly<BotDefinition>, ip: string): EdgeVerification;
  pages: PageService;
  /** Serves `/robots.txt` (`null`: the origin's own file is passed through). */
  robotsTxt: RobotsTxt | null;
  /** Records a crawl (resolves when stored); called without waiting. */
  recordCrawl(event: CrawlEvent): Promise<unknown>;
  /** Records a human visit that may be an AI referral; called without waiting. */
  recordReferral(visit: VisitEvent): Promise<unknown>;
  hasRenderer: boolean;
  now(): Date;
  logger: Logger;
}

const NOTHING = () => {};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The edge flow per request: host → settings → routing rules (first match wins) → `GET`/`HEAD`
 * of `/robots.txt`: the merged robots.txt, for everyone → for crawlers and automation clients,
 * the crawler policy (a block or charge is answered here) → for `GET` and
 * `HEAD` of a page requested by a crawler (a taxonomy bot other than `unknown`): the page cache
 * (fresh: `cache`; stale: `cache` and a re-render queued; miss: render now within the budget,
 * `render`), falling back to the origin when that fails. Everything else goes to the origin;
 * humans with an AI Referer record a referral. Every crawler or automation request answered is
 * recorded in the background with what was served.
 */
export function createDataPlane(deps: DataPlaneDeps) {
  function record(event: CrawlEvent): void {
    deps.recordCrawl(event).catch((error) => {
      deps.logger.error("edge.record_failed", { error: errorText(error) });
    });
  }

  return async function handle(request: EdgeHttpRequest): Promise<EdgeResponse> {
    const host = normalizeHost(request.host);
    if (host === null || !request.url.startsWith("/")) return { kind: "none", failed: false };
    let settings: EdgeSettings | null;
    try {
      settings = await deps.settingsFor(host);
    } catch (error) {
      deps.logger.error("edge.settings_failed", { host, error: errorText(error) });
      return { kind: "none", failed: true };
    }
    if (!settings) return { kind: "none", failed: false };
    const site = settings;
    const protocol = request.protocol ?? "https";
    const ts = deps.now();
    const userAgent = request.headers["user-agent"] ?? "";
    const { bot, automation } = deps.classifier().classify(userAgent);
    const crawler = bot.botId !== "unknown";
    const recorded = crawler || automation;
    const key = pageKey(request.url);
    const path = key?.path ?? request.url.split(/[?#]/, 1)[0] ?? "/";

    const crawl = (servedFrom: ServedFrom, outcome: ServedOutcome, page?: PageBody) =>
      record({
        domainId: site.domainId,
        ts,
        path,
        userAgent,
        ip: request.clientIp ?? "",
        servedFrom,
        status: outcome.status,
        bytes: outcome.bytes,
        contentHash: page?.entry.contentHash ?? null,
        snapshotId: page?.entry.snapshotId ?? null,
      });
    const report = recorded ? (o: ServedOutcome) => crawl("origin", o) : NOTHING;
    const origin = (): EdgeResponse => ({ kind: "origin", originUrl: site.originUrl, report });

    const match = deps.route(site, host, request.url, protocol);
    if (match?.kind === "redirect") return match;
    if (match?.kind === "proxy") return { ...match, report };

    // The edge's own render and robots.txt fetches (not crawlers) pass to the origin untouched.
    // The marker is a plain header: a crawler that sends it still meets the policy below and
    // only skips the cache.
    const marked = request.headers[RENDER_MARKER_HEADER] !== undefined;
    if (marked && !recorded) return { kind: "origin", originUrl: site.originUrl, report: NOTHING };
    if (path === "/robots.txt" && deps.robotsTxt) {
      const answer = await serveRobotsTxt(deps.robotsTxt, site, request.method);
      if (answer) {
        if (recorded) crawl("origin", { status: answer.status, bytes: answer.body.byteLength });
        return answer;
      }
    }
    if (!recorded) {
      const referer = request.headers.referer;
      if (referer) {
        deps
          .recordReferral({
            domainId: site.domainId,
            ts,
            path: request.url,
            referer,
            siteHost: host,
          })
          .catch((error) => deps.logger.error("edge.referral_failed", { error: errorText(error) }));
      }
      return origin();
    }
    const method = request.method.toUpperCase();
    const denied = deps.policy.deny(
      site,
      bot,
      request.clientIp ? deps.verification(bot, request.clientIp) : "pending",
      request.url.split(/[?#]/, 1)[0] ?? "/",
    );
    if (denied) {
      // Answered here: never the origin, the renderer or the page cache. The spec's servedFrom
      // has no value for the edge itself: `origin` (no snapshot), with the real status.
      const answer = policyAnswer(denied, method);
      crawl("origin", { status: answer.status, bytes: answer.body.byteLength });
      return answer;
    }
    if (
      marked ||
      !crawler ||
      (method !== "GET" && method !== "HEAD") ||
      key === null ||
      isStaticAsset(key.path) ||
      site.originUrl === null ||
      !deps.hasRenderer
    ) {
      return origin();
    }

    return servePage(deps, { site, host, key, path, method, request, ts, crawl, origin });
  };
}

/** A crawler's page: from the cache (queueing a refresh when stale), else rendered now. */
async function servePage(
  deps: DataPlaneDeps,
  ctx: {
    site: EdgeSettings;
    host: string;
    key: PageKey;
    path: string;
    method: string;
    request: EdgeHttpRequest;
    ts: Date;
    crawl: (servedFrom: ServedFrom, outcome: ServedOutcome, page?: PageBody) => void;
    origin: () => EdgeResponse;
  },
): Promise<EdgeResponse> {
  const { site, host, key, path, method, request, ts, crawl, origin } = ctx;
  let page: PageBody | null = null;
  let servedFrom: "cache" | "render" = "cache";
  try {
    page = await deps.pages.lookup(site.domainId, key.key);
  } catch (error) {
    deps.logger.error("edge.cache_failed", { host, error: errorText(error) });
  }
  if (page && page.entry.expiresAt.getTime() <= ts.getTime()) {
    deps.pages.requeue(site.domainId, key.key).catch((error) => {
      deps.logger.error("edge.requeue_failed", { host, error: errorText(error) });
    });
  }
  if (!page) {
    servedFrom = "render";
    try {
      const outcome = await deps.pages.renderNow(site, key.key, key.path);
      if (!outcome.stored) {
        deps.logger.warn("edge.render_not_cached", { host, path, reason: outcome.reason });
        return origin();
      }
      page = outcome.page;
    } catch (error) {
      deps.logger.warn("edge.render_failed", { host, path, error: errorText(error) });
      return origin();
    }
  }

  const gzip = /\bgzip\b/i.test(request.headers["accept-encoding"] ?? "");
  const full = gzip ? await page.gzip() : page.identity;
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(full.byteLength),
    vary: "Accept-Encoding",
    "x-crawlgate-served-from": servedFrom,
  };
  if (gzip) headers["content-encoding"] = "gzip";
  if (page.entry.location !== null) headers.location = page.entry.location;
  const body = method === "HEAD" ? new Uint8Array(0) : full;
  crawl(servedFrom, { status: page.entry.status, bytes: body.byteLength }, page);
  return { kind: "page", servedFrom, status: page.entry.status, headers, body };
}
