import type { Classification, Classifier } from "../classify/index.js";
import type { CrawlEvent } from "../ingest/crawl-rows.js";
import type { VisitEvent } from "../ingest/record-referral.js";
import type {
  RecordedRequest,
  RecordHow,
  RequestRecorders,
  SeenRequest,
} from "../ingest/record-request.js";
import { EDGE_RECORDING, isCrawler, recordingOf, requestKind } from "../ingest/request-kind.js";
import { prefersMarkdownCached } from "../markdown/accept.js";
import type { MarkdownPages } from "../markdown/markdown-pages.js";
import type { ChargeWriter } from "../pay/charge-writer.js";
import type { PendingCharge, Settlement } from "../pay/pending-charge.js";
import type { EdgeSettings, Logger, X402Facilitator } from "../ports/index.js";
import { crawlerDevice } from "../taxonomy/mobile-crawlers.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { OriginHost, RenderVariant, ServedFrom } from "../types.js";
import type { EdgeVerification } from "../verify/peek.js";
import type { PageKey } from "./page-key.js";
import { representation } from "./page-representation.js";
import { type PageBody, type PageService, RENDER_MARKER_HEADER } from "./page-service.js";
import { paidAccess } from "./paid-access.js";
import type { PolicyAnswer, PolicyGate } from "./policy-gate.js";
import { type ReadRequest, readEdgeRequest } from "./request.js";
import { type RobotsAnswer, serveRobotsTxt } from "./robots-answer.js";
import type { RobotsTxt } from "./robots-txt.js";
import type { Route } from "./route.js";
import { type SignalHeaders, signalHeaderValues } from "./signal-headers.js";
import type { SignedAgent, SignedAgents } from "./signed-agent.js";
import type { SiteOf } from "./site-settings.js";

export type { RuleMatch } from "./route.js";

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

/**
 * What the hop to the origin (or a proxy rule's upstream) is told of the client: the domain it
 * asked for, normalized (`ReadRequest.host`), and the scheme it used. Bridges add the peer's
 * address and send `forwardedRequestHeaders` (`http/forwarded.ts`).
 */
export interface EdgeForwarded {
  host: string;
  proto: "http" | "https";
}

/** What a bridge does with a request. */
export type EdgeResponse =
  /** A redirect rule matched. */
  | { kind: "redirect"; status: 301 | 302; location: string; ruleId: string }
  /**
   * A proxy rule matched: forward to `upstream`, then `report` the outcome. A paid request
   * carries its `payment`: see `PendingCharge` (settle before sending, add its headers).
   */
  | {
      kind: "proxy";
      upstream: string;
      ruleId: string;
      forwarded: EdgeForwarded;
      report(outcome: ServedOutcome): void;
      payment?: PendingCharge;
      /** Headers to add to the upstream's answer (`signalHeaderValues`); absent: none. */
      signals?: SignalHeaders;
    }
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
  | {
      kind: "origin";
      originUrl: string | null;
      forwarded: EdgeForwarded;
      /** `Domain.originHost`: `public` sends `forwarded.host` as the origin's `Host`. */
      originHost: OriginHost;
      report(outcome: ServedOutcome): void;
      payment?: PendingCharge;
      /** Headers to add to the origin's answer (`signalHeaderValues`); absent: none. */
      signals?: SignalHeaders;
    }
  /** The host's `/robots.txt`: the origin's file merged with the crawler policy's groups. */
  | RobotsAnswer
  /** The crawler policy blocks or charges the crawler: send this JSON answer. */
  | PolicyAnswer
  /** Not a domain of this instance (or its settings could not be loaded: `failed`). */
  | { kind: "none"; failed: boolean };

/** The `origin` answer. */
type OriginAnswer = Extract<EdgeResponse, { kind: "origin" }>;

export interface DataPlaneDeps {
  /** The host's settings (`null`: no domain; `failed`: could not be loaded). */
  siteOf: SiteOf;
  route: Route;
  classifier(): Classifier;
  /** The domain's crawler policy, compiled once per settings object. */
  policy: PolicyGate;
  /**
   * Reads a request's Web Bot Auth signature (`null` when it carries none); absent: signatures
   * are not read and such a request is judged by its User-Agent alone.
   */
  signedAgents?: SignedAgents | null;
  /** What is known of a claimed bot's address now, without waiting (`Verifier.peek`). */
  verification(bot: Readonly<BotDefinition>, ip: string): EdgeVerification;
  pages: PageService;
  /**
   * Markdown of cached pages for requests that prefer it (`Accept: text/markdown`); `null`: no
   * Markdown, every page is HTML (and its answer does not vary on `Accept`).
   */
  markdown: MarkdownPages | null;
  /** Serves `/robots.txt` (`null`: the origin's own file is passed through). */
  robotsTxt: RobotsTxt | null;
  /** The recording rule (`IngestService.recordRequest`), called with `recorders`. */
  recordRequest(request: SeenRequest, how: RecordHow<void>): RecordedRequest<void>;
  /** Where the edge's crawls and referral candidates go (`edgeRecorders`): nothing waits. */
  recorders: RequestRecorders<void>;
  hasRenderer: boolean;
  /** Where the charges of paid requests are written. */
  charges: ChargeWriter;
  /** Verifies and settles x402 payments; absent or `null`: no x402 offers. */
  x402?: X402Facilitator | null;
  /** Domains not verified go to their origin untouched (`requireVerifiedDomains`). */
  requireVerified: boolean;
  now(): Date;
  logger: Logger;
}

const NOTHING = () => {};
const NO_SIGNALS = {};
const NO_HEADERS = { contentUsage: null, license: null };
const NOT_OURS: EdgeResponse = { kind: "none", failed: false };
const FAILED: EdgeResponse = { kind: "none", failed: true };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Who asks, what it asks for, and what of it is recorded: decided once per request. A request
 * carrying Web Bot Auth headers is an agent whatever its User-Agent (`signed`).
 */
function visitorOf(
  deps: DataPlaneDeps,
  request: EdgeHttpRequest,
  read: ReadRequest,
  signed: SignedAgent | null,
) {
  const classification: Classification = signed
    ? { bot: signed.bot, automation: false }
    : deps.classifier().classify(request.headers["user-agent"] ?? "");
  const kind = requestKind(read.path);
  return {
    classification,
    kind,
    /** A taxonomy bot: the only visitor the page cache serves. */
    bot: classification.bot.botId !== UNKNOWN_BOT_ID,
    /** A bot or an automation client: the crawler policy applies. */
    crawler: isCrawler(classification),
    recording: recordingOf(classification, kind, EDGE_RECORDING),
    signed,
  };
}

/**
 * One request once its site is known: what every answer and the crawl row read. One object per
 * request instead of closures over these (a cache hit builds no function).
 */
interface Asked {
  request: EdgeHttpRequest;
  read: ReadRequest;
  site: EdgeSettings;
  forwarded: EdgeForwarded;
  ts: Date;
  who: ReturnType<typeof visitorOf>;
  /** The recording rule keeps this request as a crawl. */
  crawled: boolean;
  /** A paid request's charge (set once the policy priced it). */
  payment: PendingCharge | null;
  /** The Content-Usage and licence headers of the path: on every answer with content. */
  signals: SignalHeaders | null;
  /**
   * Whether a Markdown-preferring request would be answered in Markdown here, so that the
   * origin's answer varies on Accept (set once the request is read).
   */
  varies: boolean;
}

/** Records what one request was answered (the ingest's rule decides what is kept). */
function record(
  deps: DataPlaneDeps,
  asked: Asked,
  servedFrom: ServedFrom,
  outcome: ServedOutcome,
  page?: PageBody,
): void {
  const { request, read, site, ts, who } = asked;
  const { signed } = who;
  const seen: SeenRequest = {
    domainId: site.domainId,
    ts,
    path: read.path,
    query: read.query === "" ? "" : `?${read.query}`,
    userAgent: request.headers["user-agent"] ?? "",
    ip: request.clientIp ?? "",
    referer: request.headers.referer ?? null,
    siteHost: read.host,
    servedFrom,
    status: outcome.status,
    bytes: outcome.bytes,
    contentHash: page?.entry.contentHash ?? null,
    snapshotId: page?.entry.snapshotId ?? null,
    ...(signed
      ? { signed: { bot: signed.bot, agent: signed.agent, signature: signed.signature } }
      : {}),
  };
  const { classification, kind } = who;
  deps.recordRequest(seen, { classification, kind, recorders: deps.recorders });
}

/**
 * The edge's recorders: a crawl is offered to the ingest (`offerCrawl`: no acknowledgement is
 * held per crawl), a referral candidate recorded; neither is waited for, and a failure is
 * logged (`edge.record_failed` once per failed batch, `edge.referral_failed` per visit).
 */
export function edgeRecorders(
  ingest: () => {
    offerCrawl(event: CrawlEvent, failed: (error: unknown) => void): void;
    recordReferral(visit: VisitEvent): Promise<unknown>;
  },
  logger: Logger,
): RequestRecorders<void> {
  const crawlFailed = (error: unknown) =>
    logger.error("edge.record_failed", { error: errorText(error) });
  const referralFailed = (error: unknown) =>
    logger.error("edge.referral_failed", { error: errorText(error) });
  return {
    crawl: (event) => ingest().offerCrawl(event, crawlFailed),
    referral: (visit) => {
      ingest().recordReferral(visit).catch(referralFailed);
    },
  };
}

/** What a passed-through answer reports: the crawl row, and the charge's outcome. */
function reportOf(deps: DataPlaneDeps, asked: Asked): (outcome: ServedOutcome) => void {
  return (o) => {
    if (asked.crawled) record(deps, asked, "origin", o);
    asked.payment?.sent(o.status);
  };
}

/** The origin answers, reporting to `report`. */
function pass(
  site: EdgeSettings,
  forwarded: EdgeForwarded,
  report: (outcome: ServedOutcome) => void,
): OriginAnswer {
  return {
    kind: "origin",
    originUrl: site.originUrl,
    forwarded,
    originHost: site.originHost,
    report,
  };
}

/** A paid request's charge, to spread into an answer (none: nothing). */
const paidOf = (asked: Asked) => (asked.payment ? { payment: asked.payment } : {});

/** The path's signal headers, to spread into an answer (none: nothing). */
const usageOf = (asked: Asked) => (asked.signals ? { signals: asked.signals } : NO_SIGNALS);

/** The origin answers, with the charge and the signal headers (varying on Accept when due). */
function originOf(deps: DataPlaneDeps, asked: Asked): EdgeResponse {
  const { signals } = asked;
  return {
    ...pass(asked.site, asked.forwarded, reportOf(deps, asked)),
    ...paidOf(asked),
    ...(asked.varies
      ? { signals: { ...(signals ?? NO_HEADERS), varyAccept: true as const } }
      : usageOf(asked)),
  };
}

/**
 * The edge flow per request, read once (`readEdgeRequest`): host → settings → a redirect rule
 * (it carries no content, so it answers before the policy) → for people: a proxy rule, the
 * merged `/robots.txt`, else the origin, recording an AI referral of a page → for crawlers and
 * automation clients: the merged `/robots.txt` (unless a proxy rule claims it), then the
 * crawler policy (a block or charge is answered here: a denied crawler never gets content
 * through a proxy rule, a render or the cache), then a proxy rule, then for `GET` and `HEAD` of
 * a page requested by a taxonomy bot the page cache (fresh: `cache`; stale: `cache` and a
 * re-render queued; miss: render now within the budget, `render`), falling back to the origin.
 * Whoever prefers Markdown (`Accept: text/markdown`; a person, an automation client or a bot)
 * gets the cached page converted, past the same checks (`representation`).
 * What is recorded is the ingest's one rule (`recordingOf`), with the answer it got.
 */
export function createDataPlane(deps: DataPlaneDeps) {
  return async function handle(request: EdgeHttpRequest): Promise<EdgeResponse> {
    const read = readEdgeRequest(request);
    if (read === null) return NOT_OURS;
    const site = await deps.siteOf(read.host);
    if (site === "failed") return FAILED;
    if (site === null) return NOT_OURS;
    const forwarded: EdgeForwarded = { host: read.host, proto: request.protocol ?? "https" };
    if (deps.requireVerified && !site.verified) return pass(site, forwarded, NOTHING);
    const ts = deps.now();
    // Verified before the policy; with the directory cached this reads no storage.
    const signed = deps.signedAgents ? await deps.signedAgents(request) : null;
    const who = visitorOf(deps, request, read, signed);
    const asked: Asked = {
      request,
      read,
      site,
      forwarded,
      ts,
      who,
      crawled: who.recording === "crawl",
      payment: null,
      signals: deps.policy.signals(site, read.path),
      varies: false,
    };
    const { crawled, signals } = asked;

    const match = deps.route(site, read, forwarded.proto);
    if (match?.kind === "redirect") return match;
    const proxy =
      match?.kind === "proxy"
        ? { ...match, forwarded, report: reportOf(deps, asked), ...usageOf(asked) }
        : null;
    if (!who.crawler && proxy) return proxy;

    // The edge's own render and robots.txt fetches (not crawlers) pass to the origin untouched.
    // The marker is a plain header: a crawler that sends it still meets the policy below and
    // only skips the cache.
    const marked = request.headers[RENDER_MARKER_HEADER] !== undefined;
    if (marked && !who.crawler) return pass(site, forwarded, NOTHING);
    if (read.path === "/robots.txt" && deps.robotsTxt && !proxy) {
      const answer = await serveRobotsTxt(deps.robotsTxt, site, request.method);
      if (answer) {
        if (crawled) {
          record(deps, asked, "origin", { status: answer.status, bytes: answer.body.byteLength });
        }
        return answer;
      }
    }
    const method = request.method.toUpperCase();
    const markdown = deps.markdown !== null && prefersMarkdownCached(request.headers.accept);
    const key = read.pageKey;
    const cacheable = servable(deps, site, method, who.kind);
    asked.varies = deps.markdown !== null && cacheable && key !== null;
    if (!who.crawler) {
      // A person asking for Markdown gets it from the cache, like an agent.
      if (markdown && cacheable && key !== null) {
        return servePage(deps, asked, { key, variant: "desktop", method, markdown });
      }
      // A person's page visit: an AI referral when an AI source sent it (the rule decides).
      if (who.recording === "referral") record(deps, asked, "origin", { status: 0, bytes: 0 });
      return originOf(deps, asked);
    }
    const { bot } = who.classification;
    const verification = signed
      ? signed.verification
      : request.clientIp
        ? deps.verification(bot, request.clientIp)
        : "pending";
    const agent = signed?.verifiedAgent ?? null;
    const denied = deps.policy.deny(site, bot, verification, read.path, agent);
    let inBand = false;
    if (denied) {
      const access = await paidAccess({
        denied,
        site,
        request,
        path: read.path,
        method,
        signed,
        ts,
        charges: deps.charges,
        botId: bot.botId,
        x402: deps.x402 ?? null,
        logger: deps.logger,
      });
      if (access.kind === "answer") {
        // Answered here: never a proxy rule, the origin, the renderer or the page cache. The
        // spec's servedFrom has no value for the edge itself: `origin` (no snapshot), with the
        // real status.
        const { answer } = access;
        if (signals?.license) answer.headers.link = signals.license;
        if (crawled) {
          record(deps, asked, "origin", { status: answer.status, bytes: answer.body.byteLength });
        }
        return answer;
      }
      if (access.kind === "pay") {
        asked.payment = licensed(access.payment, signals);
        inBand = access.inBand;
      }
    }
    if (proxy) return { ...proxy, ...paidOf(asked) };
    // Taxonomy bots get the cache; an automation client (an agent's HTTP library) only when it
    // asks for Markdown. An in-band price goes to the origin: its answer carries the price.
    if (marked || !(who.bot || markdown) || !cacheable || key === null || inBand) {
      return originOf(deps, asked);
    }
    const variant = variantOf(site, bot.botId, request.headers["user-agent"] ?? "");
    return servePage(deps, asked, { key, variant, method, markdown });
  };
}

/**
 * A paid request's charge whose refusal (an in-band price that is not the one offered) names the
 * licence, as the policy's own block and charge answers do.
 */
function licensed(payment: PendingCharge, signals: SignalHeaders | null): PendingCharge {
  const link = signals?.license;
  if (!link) return payment;
  return {
    settle(status, originPrice) {
      const withLink = (settlement: Settlement): Settlement =>
        settlement.kind === "send"
          ? settlement
          : { ...settlement, headers: { ...settlement.headers, link } };
      const settlement = payment.settle(status, originPrice);
      // An x402 settlement arrives later; a crawler-* one now (its answer is never held).
      return settlement instanceof Promise ? settlement.then(withLink) : withLink(settlement);
    },
    sent: (status) => payment.sent(status),
  };
}

/**
 * The render a crawler gets: the mobile one when the domain keeps one and the crawler crawls as
 * a phone (`crawlerDevice`, the mobile-crawler data), else the desktop one.
 */
function variantOf(site: EdgeSettings, botId: string, userAgent: string): RenderVariant {
  if (!site.renderVariants.includes("mobile")) return "desktop";
  return crawlerDevice(botId, userAgent);
}

/** Whether the page cache may answer: a page's `GET` or `HEAD`, with an origin and a renderer. */
function servable(
  deps: DataPlaneDeps,
  site: EdgeSettings,
  method: string,
  kind: ReturnType<typeof requestKind>,
): boolean {
  return (
    (method === "GET" || method === "HEAD") &&
    kind === "page" &&
    site.originUrl !== null &&
    deps.hasRenderer
  );
}

/** Whether a cached page redirects to the URL `forwarded` and `key` name. */
function redirectsToItself(page: PageBody, forwarded: EdgeForwarded, key: string): boolean {
  const location = page.entry.location;
  if (location === null) return false;
  try {
    const asked = new URL(`${forwarded.proto}://${forwarded.host}${key}`);
    return new URL(location).href === asked.href;
  } catch {
    return false;
  }
}

/** A cached page keeps none of the origin's headers: the signal headers are the policy's. */
const NO_OWN_HEADERS = { contentUsage: null, link: null, vary: null } as const;

/**
 * A crawler's page (or the Markdown anyone asked for): from the cache (queueing a refresh when
 * stale), else rendered now.
 */
async function servePage(
  deps: DataPlaneDeps,
  asked: Asked,
  ask: {
    key: PageKey;
    variant: RenderVariant;
    method: string;
    /** The request prefers Markdown (`prefersMarkdown`). */
    markdown: boolean;
  },
): Promise<EdgeResponse> {
  const { site, forwarded, request, ts, payment, signals } = asked;
  const { key, variant, method } = ask;
  const { host } = forwarded;
  const path = key.path;
  let page: PageBody | null = null;
  let servedFrom: "cache" | "render" = "cache";
  try {
    page = await deps.pages.lookup(site.domainId, key.key, variant);
  } catch (error) {
    deps.logger.error("edge.cache_failed", { host, error: errorText(error) });
  }
  // Rendered for the other scheme, a page may be the origin's redirect to this very URL (an
  // origin sending http to https): served, it would loop. This crawler gets a render of its own.
  if (page && redirectsToItself(page, forwarded, key.key)) page = null;
  if (page && page.entry.expiresAt.getTime() <= ts.getTime()) {
    deps.pages.requeue(site.domainId, key.key, variant).catch((error) => {
      deps.logger.error("edge.requeue_failed", { host, error: errorText(error) });
    });
  }
  if (!page) {
    servedFrom = "render";
    try {
      const target = { key: key.key, path: key.path, variant };
      const outcome = await deps.pages.renderNow(site, target, forwarded.proto);
      if (!outcome.stored) {
        deps.logger.warn("edge.render_not_cached", { host, path, reason: outcome.reason });
        return originOf(deps, asked);
      }
      page = outcome.page;
    } catch (error) {
      deps.logger.warn("edge.render_failed", { host, path, error: errorText(error) });
      return originOf(deps, asked);
    }
  }

  const { headers, full } = await representation(deps.markdown, page, {
    markdown: ask.markdown,
    url: ask.markdown ? `${forwarded.proto}://${host}${key.key}` : "",
    acceptEncoding: request.headers["accept-encoding"],
  });
  headers["x-crawlgate-served-from"] = servedFrom;
  if (site.renderVariants.length > 1) {
    // A domain with two renders answers one URL by User-Agent (dynamic serving): caches on the
    // way must key on it too.
    headers.vary = `${headers.vary}, User-Agent`;
    headers["x-crawlgate-variant"] = variant;
  }
  if (signals) Object.assign(headers, signalHeaderValues(signals, NO_OWN_HEADERS));
  const body = method === "HEAD" ? new Uint8Array(0) : full;
  const { status } = page.entry;
  // Priced by the rule (an in-band price goes to the origin instead). An x402 payment settles
  // now, before anything is sent: one that does not is answered by its refusal instead.
  const settled = payment ? await payment.settle(status, null) : null;
  if (settled?.kind === "refuse") {
    record(deps, asked, "origin", { status: settled.status, bytes: settled.body.byteLength });
    const { status: refused, headers: refusal, body: json } = settled;
    return { kind: "policy", action: "charge", status: refused, headers: refusal, body: json };
  }
  if (settled) Object.assign(headers, settled.headers);
  record(deps, asked, servedFrom, { status, bytes: body.byteLength }, page);
  payment?.sent(status);
  return { kind: "page", servedFrom, status, headers, body };
}
