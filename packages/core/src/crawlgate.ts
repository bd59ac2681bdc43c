import { type AccountAdmin, createAccountAdmin } from "./accounts/admin.js";
import type { ApiDeps } from "./api/context.js";
import { type Api, createApi } from "./api/create-api.js";
import { warmWith } from "./api/operations/warm-cache.js";
import {
  type Classification,
  type Classifier,
  compileClassifier,
  withCache,
} from "./classify/index.js";
import type { PlanTable } from "./config/plans.js";
import {
  type CrawlgateConfig,
  type IngestOptions,
  resolveConfig,
} from "./config/resolve-config.js";
import {
  createDashboard,
  DASHBOARD_PREFIX,
  type Dashboard,
  type DashboardOptions,
  httpOrigin,
  issueSignInToken,
  SIGN_IN_LINK_TTL_MS,
} from "./dashboard/index.js";
import { createEdge, type Edge } from "./edge/create-edge.js";
import { edgeRecorders } from "./edge/data-plane.js";
import { createOwnHosts } from "./edge/own-hosts.js";
import { createPageService } from "./edge/page-service.js";
import { createRobotsTxt, type RobotsTxt } from "./edge/robots-txt.js";
import { createSignedAgents } from "./edge/signed-agent.js";
import { invalidRequest } from "./errors.js";
import { createIngest, type Ingest, type RecordedCrawl } from "./ingest/ingest.js";
import {
  createReferralIngest,
  type RecordedReferral,
  type ReferralIngest,
} from "./ingest/record-referral.js";
import { createRequestRecording, type RecordRequest } from "./ingest/record-request.js";
import {
  crawlDaysJob,
  dayCloseJob,
  htmlRetentionJob,
  type Job,
  pageWorkerJob,
  rangeRefreshJob,
  readModelRefreshJob,
  recordRetentionJob,
  sitemapWarmJob,
  verificationRetryJob,
} from "./jobs/index.js";
import { createJsonLogger } from "./logging/json-logger.js";
import { createMarkdownPages } from "./markdown/markdown-pages.js";
import { createChargeWriter } from "./pay/charge-writer.js";
import type {
  AsnLookup,
  Clock,
  FetchLike,
  Logger,
  MarkdownConverter,
  Renderer,
  Resolver,
  Stores,
  X402Facilitator,
} from "./ports/index.js";
import { silentLogger } from "./ports/index.js";
import { createFetchRenderer } from "./render/fetch-renderer.js";
import type { KeyRing } from "./signing/key-ring.js";
import { type HtmlLinks, htmlLinks } from "./snapshots/links.js";
import { recordSnapshot, type SnapshotInput } from "./snapshots/record.js";
import { dropExpiredHtml } from "./snapshots/retention.js";
import { getTaxonomy, type Taxonomy } from "./taxonomy/registry.js";
import type { Domain, Snapshot } from "./types.js";
import { createRangeRefresher, type RangeRefresher } from "./verify/range-refresher.js";
import { createVerifier, type Verifier } from "./verify/verifier.js";
import {
  createWebBotAuthVerifier,
  type WebBotAuthVerifierOptions,
} from "./verify/web-bot-auth/verifier.js";
import {
  DEFAULT_WARM_RENDERS_PER_HOUR,
  type WarmOptions,
  type WarmSummary,
} from "./warming/index.js";

export type { CrawlgateConfig } from "./config/resolve-config.js";

/** The adapters a crawlgate instance runs on. */
export interface CrawlgateDeps extends Stores {
  clock?: Clock;
  /**
   * Where the instance reports what went wrong (a render that failed, a store that refused a
   * write) and what it did (range refreshes, sign-ins). Default: JSON lines on the console's
   * error stream (`createJsonLogger()`). `false`: log nothing.
   */
  logger?: Logger | false;
  /**
   * Reverse and forward DNS for verifying bots by reverse DNS (the Node entry passes node:dns).
   * Without one, such bots are recorded `declared` (a warning is logged once).
   */
  resolver?: Resolver;
  /** Org-level ASN of an address, for `asn_only` bots and the archive's `ip_asn`. */
  asn?: AsnLookup;
  /**
   * Fetches the operators' published IP-range files (the `range_refresh` job); default the
   * runtime's `fetch`. `null`: never refresh (the shipped files stay in use).
   */
  fetch?: FetchLike | null;
  /**
   * Renders pages for the edge's cache on a miss, a purge or a refresh. Default: the fetch
   * renderer (the origin's HTML as served) over `originFetch`. `null`: no rendering; crawlers
   * get the origin.
   */
  renderer?: Renderer | null;
  /**
   * The HTTP client the default renderer fetches origins with; default the runtime's `fetch`.
   * Origins are operator configuration and may be on loopback or a private network: on Node
   * pass `createPinnedFetch({ isAllowedAddress: () => true })` (proxy-node), which pins each
   * connection to the address it resolved.
   */
  originFetch?: FetchLike;
  /**
   * Converts cached pages to Markdown for requests that prefer it (`Accept: text/markdown`):
   * `createMarkdownConverter()` of `@crawlgate/markdown`. Absent or `null`: pages are HTML only.
   */
  markdown?: MarkdownConverter | null;
  /** The HTTP client the edge fetches origins' robots.txt with; default `originFetch`. */
  robotsFetch?: FetchLike;
  /**
   * Web Bot Auth at the edge: the key-directory fetch (on Node the pinned, public-only fetch),
   * the trusted origins and their fetch, and the `KeyDirectoryCache` / `NonceStore` ports
   * (`createRedisStores` or the memory adapters). Absent: signatures are not read, and a signed
   * request is judged by its User-Agent alone.
   */
  webBotAuth?: Omit<WebBotAuthVerifierOptions, "now">;
  /**
   * Verifies and settles x402 payments (`createHttpFacilitator` over the pinned fetch). Absent:
   * no domain is offered x402, whatever its policy says.
   */
  x402Facilitator?: X402Facilitator | null;
}

/** Recording what crawlers and AI-referred visitors did. */
export interface IngestService {
  /**
   * The one recording rule (the edge and `import-logs` call it): classifies once, tells page,
   * asset and probe apart and records a crawler's request as a crawl, a person's page visit as
   * a referral candidate, or nothing (see `recordingOf`). Returns what it decided and, unless
   * skipped, the recorder's promise.
   */
  recordRequest: RecordRequest<Promise<RecordedCrawl | RecordedReferral>>;
  /** The instance's User-Agent classifier (compiled once, cached per User-Agent). */
  classify(userAgent: string): Classification;
  /** Classifies, verifies, drops the address and stores one crawl; resolves once stored. */
  recordCrawl: Ingest["recordCrawl"];
  /**
   * `recordCrawl` without an acknowledgement (the edge's): `failed` is called when the crawl
   * could not be stored, once per failed batch.
   */
  offerCrawl: Ingest["offerCrawl"];
  /**
   * `recordCrawl` for many events with one acknowledgement (log importers): each distinct
   * (bot, address) pair is verified once; resolves once all are stored, one result per event.
   */
  recordCrawls: Ingest["recordCrawls"];
  /** Stores one AI-referred visit (others record nothing); resolves once stored. */
  recordReferral: ReferralIngest["recordReferral"];
  /** Verifies again the crawls whose check timed out; returns how many were upgraded. */
  retryPending: Ingest["retryPending"];
  /** Crawls waiting for a late verification. */
  pendingVerifications: Ingest["pendingVerifications"];
  /** A domain stored a new robots.txt version: its next crawls are judged against it. */
  robotsChanged: Ingest["robotsChanged"];
  /** The verifier, with the operators' published ranges loaded. */
  verifier: Verifier;
  /** Keeps the verifier's published ranges current (the `range_refresh` job calls it). */
  ranges: RangeRefresher;
  /**
   * Writes every crawl and visit accepted so far and resolves once they are stored; keeps
   * accepting (a stopping server flushes before it releases its stores).
   */
  flush(): Promise<void>;
  /** Writes everything buffered, then refuses more (flush on shutdown). */
  close(): Promise<void>;
}

/** Snapshot recording, retention and links over the instance's stores. */
export interface SnapshotService {
  /** Records the HTML served for a page (see `recordSnapshot`). */
  record(input: SnapshotInput): Promise<{ snapshot: Snapshot; created: boolean }>;
  /** Drops HTML whose snapshots were all last recorded before `olderThan` (metadata stays). */
  dropExpiredHtml(olderThan: Date): Promise<{ dropped: number }>;
  /** Presigned `htmlUrl`s valid about 24 hours from now, sharing one expiry. */
  htmlLinks(): HtmlLinks;
}

/** The dashboard: its handler and its sign-in links. */
export interface DashboardService {
  /** The handler of everything below `/dashboard`, serving the UI from `options.assets`. */
  create(options?: DashboardOptions): Dashboard;
  /**
   * A single-use sign-in link's path for the user (`/dashboard/sign-in?token=…`), valid 15
   * minutes from now, for `origin` (`https://host[:port]`, put in front of the path): the
   * dashboard refuses the link at any other origin. Rejects (`invalid_request`) when `origin`
   * is not an http(s) origin, or its host is a served domain's, where the dashboard does not
   * answer (its path belongs to the site).
   */
  signInPath(userId: string, origin: string): Promise<{ path: string; expiresAt: Date }>;
}

export interface Crawlgate {
  api: Api;
  dashboard: DashboardService;
  admin: AccountAdmin;
  plans: PlanTable;
  /** Signs and verifies cursors and presigned links. */
  signing: KeyRing;
  /** The data plane: `route` (the rules alone) and `handle` (rules, page cache, renders). */
  edge: Edge;
  /**
   * Whether crawlgate's own endpoints (API, dashboard, health) answer on this Host header: the
   * configured `apiHosts` and every host that is not a served domain. The bridges pass other
   * hosts' requests on to the edge. Rejects with `service_unavailable` when the stores cannot
   * say.
   */
  ownHost(host: string): Promise<boolean>;
  /** The robots.txt each customer's host serves (the edge's `/robots.txt`, the API's preview). */
  robotsTxt: RobotsTxt;
  snapshots: SnapshotService;
  /** Created on first use: the classifier is compiled then. */
  ingest: IngestService;
  /**
   * The instance's maintenance jobs: `read_model_refresh`, `html_retention`, `record_retention`,
   * `verification_retry`, `range_refresh`, `day_close`, `crawl_days` (PostgreSQL's day partitions
   * of raw rows, created ahead), `page_worker` (purge, warm and refresh
   * renders) and `sitemap_warm` (hourly warming of the domains whose warm settings say so). Run them with `createScheduler(crawlgate.jobs, …)` or from a cron.
   */
  jobs: readonly Job[];
  /** The renderer the edge and the worker use, or `null`. */
  renderer: Renderer | null;
  /**
   * Warms a domain's page cache from its sitemaps now (what `POST /warm-cache` and the
   * `sitemap_warm` job do). Rejects with `invalid_request` when the domain has no origin or
   * `sitemapUrl` is not on its host.
   */
  warm(domain: Domain, options?: WarmOptions): Promise<WarmSummary>;
  /**
   * Writes buffered crawls, referrals and the edge's charges, and keeps accepting
   * (`ingest.flush` if it was used).
   */
  flush(): Promise<void>;
  /** Writes buffered crawls, referrals and charges. The renderer is closed by whoever created it. */
  close(): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date() };

/** `make`'s value, made on the first call and kept. */
function firstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** Wires core over the given adapters. Throws a `CrawlgateError` `invalid_config` for a bad config. */
export function createCrawlgate(deps: CrawlgateDeps, config: CrawlgateConfig = {}): Crawlgate {
  const resolved = resolveConfig(config);
  const clock = deps.clock ?? systemClock;
  const logger = loggerOf(deps.logger);
  const { signing, baseUrl, plans } = resolved;
  const snapshotDeps = { snapshots: deps.snapshots, blobs: deps.blobs, clock };
  // Created on first use: API-only instances never compile the classifier or load ranges.
  let verification: Verification | undefined;
  const verify = () => {
    verification ??= createVerification(deps, clock, logger, resolved.ingest.verifyTimeoutMs);
    return verification;
  };
  const classify = firstUse(() => withCache(compileClassifier(getTaxonomy() as Taxonomy)));
  let ingest: IngestService | undefined;
  const ingestService = () => {
    ingest ??= createIngestService(deps, clock, logger, resolved.ingest, verify(), classify());
    return ingest;
  };
  const renderer =
    deps.renderer === null
      ? null
      : (deps.renderer ?? createFetchRenderer({ fetch: deps.originFetch ?? runtimeFetch() }));
  const pages = createPageService({
    ...deps,
    renderer,
    clock,
    logger,
    options: resolved.edge,
    publicScheme: resolved.publicScheme,
  });
  const robotsTxt = createRobotsTxt({
    fetch: deps.robotsFetch ?? deps.originFetch ?? runtimeFetch(),
    robots: deps.robots,
    taxonomy: () => getTaxonomy() as Taxonomy,
    clock,
    logger,
    onNewVersion: (domainId) => ingest?.robotsChanged(domainId),
  });
  const charges = createChargeWriter(deps.charges, logger);
  const { accounts, rules, settingsCache } = deps;
  const apiDeps = {
    ...storesOf(deps),
    robotsTxt,
    clock,
    plans,
    ratePerMinute: resolved.ratePerMinute,
    logger,
    signing,
    baseUrl,
    domainChecks: { resolver: deps.resolver ?? null, fetch: deps.originFetch ?? runtimeFetch() },
    warmDefaults: warmDefaultsOf(resolved),
    archiveReadBudgetBytes: resolved.archiveReadBudgetBytes,
  };
  const edge = createEdge(
    { accounts, rules, settingsCache, clock, logger },
    {
      classifier: classify,
      signedAgents: signedAgentsOf(deps.webBotAuth, clock),
      verification: (bot, ip) => verify().verifier.peek(bot, ip),
      pages,
      markdown: deps.markdown ? createMarkdownPages({ converter: deps.markdown, logger }) : null,
      robotsTxt,
      recordRequest: (request, how) => ingestService().recordRequest(request, how),
      recorders: edgeRecorders(() => ingestService(), logger),
      hasRenderer: renderer !== null,
      charges,
      x402: deps.x402Facilitator ?? null,
      requireVerified: resolved.requireVerifiedDomains,
      now: () => clock.now(),
    },
  );
  const ownHost = createOwnHosts({
    apiHosts: resolved.apiHosts,
    servesHost: (host) => edge.servesHost(host),
  });
  return {
    api: createApi(apiDeps),
    dashboard: dashboardService(apiDeps, ownHost),
    robotsTxt,
    admin: createAccountAdmin(accounts, clock, settingsCache, deps.warming),
    plans,
    signing,
    edge,
    ownHost,
    snapshots: {
      record: (input) => recordSnapshot(snapshotDeps, input),
      dropExpiredHtml: (olderThan) => dropExpiredHtml(snapshotDeps, olderThan),
      htmlLinks: () => htmlLinks(signing, baseUrl, clock.now()),
    },
    get ingest() {
      return ingestService();
    },
    jobs: [
      readModelRefreshJob(deps.crawls),
      htmlRetentionJob(snapshotDeps, resolved.htmlRetentionDays),
      recordRetentionJob(deps),
      verificationRetryJob(() => ingest ?? null),
      rangeRefreshJob(() => (deps.fetch === null ? null : verify().ranges)),
      dayCloseJob(deps, () => ingest ?? null),
      crawlDaysJob(deps.crawls),
      pageWorkerJob({ ...deps, logger }, () => (renderer === null ? null : pages), {
        concurrency: resolved.edge.workerConcurrency,
        pollMs: resolved.edge.workerPollMs,
        renderDeadlineMs: resolved.edge.renderDeadlineMs,
        maxAttempts: resolved.edge.maxAttempts,
      }),
      sitemapWarmJob({ ...deps, logger }, (domain, now) => warmWith(apiDeps, domain, {}, now)),
    ],
    renderer,
    warm: (domain, options = {}) => warmWith(apiDeps, domain, options, clock.now()),
    async flush() {
      await Promise.all([ingest?.flush(), charges.flush()]);
    },
    async close() {
      await Promise.all([ingest?.close(), charges.flush()]);
    },
  };
}

/** What warming falls back to on this instance (see `ApiDeps.warmDefaults`). */
function warmDefaultsOf(resolved: ReturnType<typeof resolveConfig>): ApiDeps["warmDefaults"] {
  return {
    pageCacheTtlSeconds: resolved.edge.pageCacheTtlSeconds,
    rendersPerHour: DEFAULT_WARM_RENDERS_PER_HOUR,
    publicScheme: resolved.publicScheme,
  };
}

/** The instance's logger: the embedder's, none for `false`, else JSON lines on the console. */
function loggerOf(logger: CrawlgateDeps["logger"]): Logger {
  if (logger === false) return silentLogger;
  return logger ?? createJsonLogger();
}

/** The edge's Web Bot Auth identities, when the deps give the verifier what it needs. */
function signedAgentsOf(options: CrawlgateDeps["webBotAuth"], clock: Clock) {
  if (!options) return null;
  const verifier = createWebBotAuthVerifier({ ...options, now: () => clock.now().getTime() });
  return createSignedAgents(verifier, () => getTaxonomy() as Taxonomy);
}

/** The stores among the deps (the API gets no environment ports it does not use). */
function storesOf(deps: CrawlgateDeps): Stores {
  const { accounts, rules, rateLimiter, purgeQueue, settingsCache } = deps;
  const { crawls, snapshots, referrals, blobs, pages, archive, robots, dashboardSessions } = deps;
  const { charges, warming } = deps;
  return {
    accounts,
    rules,
    rateLimiter,
    purgeQueue,
    settingsCache,
    crawls,
    snapshots,
    referrals,
    blobs,
    pages,
    archive,
    robots,
    dashboardSessions,
    charges,
    warming,
  };
}

const NO_DNS: Resolver = {
  reverse: () => Promise.reject(new Error("no resolver configured")),
  forward: () => Promise.reject(new Error("no resolver configured")),
  txt: () => Promise.reject(new Error("no resolver configured")),
};

/** The instance's verifier with the operators' published ranges, and what keeps them current. */
interface Verification {
  taxonomy: Taxonomy;
  verifier: Verifier;
  ranges: RangeRefresher;
}

function createVerification(
  deps: CrawlgateDeps,
  clock: Clock,
  logger: Logger,
  timeoutMs: number,
): Verification {
  if (!deps.resolver)
    logger.warn("ingest.no_resolver", { effect: "reverse-DNS bots stay declared" });
  const taxonomy = getTaxonomy() as Taxonomy;
  const verifier = createVerifier({ resolver: deps.resolver ?? NO_DNS, asn: deps.asn, timeoutMs });
  const fetch = deps.fetch ?? runtimeFetch();
  // The refresher starts from the files shipped with core, then the last good copies in the
  // blob store; no verification runs before those are loaded.
  const ranges = createRangeRefresher({
    verifier,
    taxonomy,
    fetch,
    clock,
    logger,
    store: deps.blobs,
  });
  const verify: Verifier["verify"] = async (bot, ip) => {
    await ranges.ready();
    return verifier.verify(bot, ip);
  };
  return { taxonomy, verifier: { ...verifier, verify }, ranges };
}

const NO_FETCH: FetchLike = () => Promise.reject(new Error("no fetch in this runtime"));
const runtimeFetch = () => (globalThis.fetch as FetchLike | undefined) ?? NO_FETCH;

function createIngestService(
  deps: CrawlgateDeps,
  clock: Clock,
  logger: Logger,
  options: IngestOptions,
  { verifier, ranges }: Verification,
  classifier: Classifier,
): IngestService {
  const { pathCap, maxBatch, maxBuffered, intervalMs, eagerBatch, concurrency } = options;
  const batching = { maxBatch, maxBuffered, intervalMs, eagerBatch, concurrency };
  const crawls = createIngest({
    crawls: deps.crawls,
    classifier,
    verifier,
    asn: deps.asn,
    robots: deps.robots,
    clock,
    logger,
    batching,
    pathCap,
  });
  const referrals = createReferralIngest({ referrals: deps.referrals, batching, pathCap });
  return {
    recordRequest: createRequestRecording<Promise<RecordedCrawl | RecordedReferral>>(
      () => classifier,
      {
        crawl: (event) => crawls.recordCrawl(event),
        referral: (visit) => referrals.recordReferral(visit),
      },
    ),
    classify: (userAgent) => classifier.classify(userAgent),
    recordCrawl: (event) => crawls.recordCrawl(event),
    offerCrawl: (event, failed) => crawls.offerCrawl(event, failed),
    recordCrawls: (events) => crawls.recordCrawls(events),
    recordReferral: (visit) => referrals.recordReferral(visit),
    retryPending: (maxAttempts) => crawls.retryPending(maxAttempts),
    pendingVerifications: () => crawls.pendingVerifications(),
    robotsChanged: (domainId) => crawls.robotsChanged(domainId),
    verifier,
    ranges,
    async flush() {
      await Promise.all([crawls.flush(), referrals.flush()]);
    },
    async close() {
      await Promise.all([crawls.close(), referrals.close()]);
    },
  };
}

/** The dashboard's handler factory and its sign-in links (for crawlgate's own hosts only). */
function dashboardService(
  deps: ApiDeps,
  ownHost: (host: string) => Promise<boolean>,
): DashboardService {
  return {
    create: (options) => createDashboard(deps, options),
    async signInPath(userId, origin) {
      const normalized = httpOrigin(origin);
      if (normalized === null)
        throw invalidRequest(
          `a sign-in link needs an http(s) origin such as https://api.example.com, not ${JSON.stringify(origin)}`,
        );
      if (!(await ownHost(new URL(normalized).host)))
        throw invalidRequest(
          `${normalized} is a served domain's address: the dashboard answers on crawlgate's own hosts only (the base URL's and CRAWLGATE_API_HOSTS)`,
        );
      const expiresAt = new Date(deps.clock.now().getTime() + SIGN_IN_LINK_TTL_MS);
      const token = await issueSignInToken(deps.signing, userId, expiresAt, normalized);
      return { path: `${DASHBOARD_PREFIX}/sign-in?token=${token}`, expiresAt };
    },
  };
}
