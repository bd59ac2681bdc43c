/** Shared domain types of crawlgate. Instants are `Date` inside core; ISO strings at the edge. */

export type PlanName = "starter" | "pro" | "business" | "enterprise";
export const PLAN_NAMES: readonly PlanName[] = ["starter", "pro", "business", "enterprise"];

export type Role = "owner" | "manager" | "viewer";
/** A role a domain can be shared with (the owner is not a membership). */
export type MemberRole = "manager" | "viewer";

export interface User {
  userId: string;
  /** Unique, human-chosen handle (used by the CLI and the demo). */
  name: string;
  plan: PlanName;
  createdAt: Date;
}

/** A dashboard session as stored (the session ID itself is only in the browser's cookie). */
export interface DashboardSession {
  /** SHA-256 (lowercase hex) of the session ID. */
  idHash: string;
  userId: string;
  /** What every dashboard write must send in `X-CSRF-Token`. */
  csrfToken: string;
  createdAt: Date;
  /** The last request seen; the idle expiry counts from here. */
  lastSeenAt: Date;
  /** The absolute end: the session never lasts past it, however active. */
  expiresAt: Date;
}

export interface ApiKeyRecord {
  keyId: string;
  userId: string;
  /** Lowercase hex SHA-256 of the full key. The key itself is never stored. */
  keyHash: string;
  /** First characters of the key, safe to display (e.g. `cg_live_AbCd`). */
  displayPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface Domain {
  domainId: string;
  /** Lowercase hostname, unique across the store. */
  hostname: string;
  ownerId: string;
  /** Base URL (scheme, host, optional port) the edge renders pages from and passes visitors to. */
  originUrl: string | null;
  verificationStage: string | null;
  createdAt: Date;
  /** How long a cached page stays fresh, in seconds; `null` = the instance's default. */
  pageCacheTtlSeconds: number | null;
  /**
   * The `Host` the edge sends to the origin: `origin` (default), the origin URL's own host;
   * `public`, the domain's hostname, for an origin that serves several sites by Host.
   */
  originHost: OriginHost;
  /**
   * The renders kept per page: `["desktop"]` (default), or `["desktop", "mobile"]` for a site
   * that serves mobile crawlers different HTML (`RENDER_VARIANTS` order, no repeats).
   */
  renderVariants: RenderVariant[];
}

/** A device render of a page: what the edge caches per page and device. */
export type RenderVariant = "desktop" | "mobile";

/** Every variant, in the order settings and answers list them. */
export const RENDER_VARIANTS: readonly RenderVariant[] = ["desktop", "mobile"];

/** Which `Host` the origin gets (`Domain.originHost`). */
export type OriginHost = "origin" | "public";

export const ORIGIN_HOSTS: readonly OriginHost[] = ["origin", "public"];

export interface DomainAccess {
  domain: Domain;
  role: Role;
}

export type RuleType = "redirect" | "proxy";
export type RedirectCode = 301 | 302;

export interface RoutingRule {
  ruleId: string;
  domainId: string;
  sourcePath: string;
  targetUrl: string;
  ruleType: RuleType;
  redirectCode: RedirectCode | null;
  priority: number;
  isActive: boolean;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Priority of a render job: a purge (an owner's explicit request) before a warm (sitemap warming)
 * before a refresh (a stale page a crawler was served).
 */
export type RenderLane = "purge" | "warm" | "refresh";

/** The lanes in lease order. */
export const RENDER_LANES: readonly RenderLane[] = ["purge", "warm", "refresh"];

export interface PurgeJob {
  jobId: string;
  domainId: string;
  path: string;
  enqueuedAt: Date;
  /** Delivery attempts so far (leases handed out). */
  attempts: number;
  lane: RenderLane;
}

/**
 * A page in the edge's cache: which snapshot answers (domain, page key) and until when it is
 * fresh. The HTML lives once per content hash in the `BlobStore`; the snapshot has its metadata.
 */
export interface CachedPage {
  domainId: string;
  /** Normalised path and query (`pageKey`), e.g. `/p?a=1&b=2`. */
  pageKey: string;
  snapshotId: string;
  contentHash: string;
  /** Status served with the HTML (a declared 404, a redirect, or 200). */
  status: number;
  /** `Location` for a redirect status, else `null`. */
  location: string | null;
  renderedAt: Date;
  /** Fresh until then; after it the entry is served stale while a re-render is queued. */
  expiresAt: Date;
}

/** The raw per-request verdict; aggregates count `automation` as `unknown`. */
export type Verdict = "verified" | "declared" | "automation" | "unknown";
/** The tiers aggregates count (and `tier` filters and policy rules name), strongest first. */
export const AGGREGATE_TIERS = ["verified", "declared", "unknown"] as const;
export type AggregateTier = (typeof AGGREGATE_TIERS)[number];
export type ServedFrom = "cache" | "render" | "origin";
/** What a request's Web Bot Auth signature came to (`SignatureOutcome.outcome`). */
export const SIGNATURE_VERDICTS = ["verified", "invalid", "unverified"] as const;
export type SignatureVerdict = (typeof SIGNATURE_VERDICTS)[number];

/** One recorded crawl, after classification and verification; the client IP is already gone. */
export interface CrawlRecord {
  /** Unique per event: replaying an event is a no-op. */
  eventId: string;
  domainId: string;
  ts: Date;
  path: string;
  userAgent: string;
  uaHash: string;
  botId: string;
  verdict: Verdict;
  servedFrom: ServedFrom;
  status: number;
  bytes: number;
  botOperator: string | null;
  matchedRange: string | null;
  contentHash: string | null;
  snapshotId: string | null;
  /** Ingest stream the event came through. */
  streamId: string;
  /** Org-level ASN of the source address; 0 = unknown. */
  ipAsn: number;
  /**
   * The agent origin a Web Bot Auth signature verified against, or claimed when it did not
   * verify (`signature` says which); `null` for an unsigned request or a signature naming none.
   */
  signatureAgent: string | null;
  /** The request's Web Bot Auth outcome; `null` when it carried no signature headers. */
  signature: SignatureVerdict | null;
}

/** Per day, bot and tier. */
export interface BotDayCount {
  day: string;
  botId: string;
  tier: AggregateTier;
  count: number;
}

/** Per day, path, bot and tier; `path` may be `__overflow__`. */
export interface PathDayCount extends BotDayCount {
  path: string;
}

/** Crawls of one path by one bot summed over a window (every tier); `path` may be `__overflow__`. */
export interface PathBotCount {
  path: string;
  botId: string;
  count: number;
}

/** Which crawls a page-analytics read counts; `null` (or an empty list) means no filter. */
export interface PathCountFilter {
  botIds: readonly string[] | null;
  tiers: readonly AggregateTier[] | null;
}

/** A window of one domain's path aggregates with filters; `pathPrefix` is literal. */
export interface PathQuery extends PathCountFilter {
  domainId: string;
  startDay: string;
  endDay: string;
  pathPrefix: string | null;
}

/** What ranks a path: its total or its verified crawls (both under the query's filters). */
export type PathSort = "total" | "verified";

/** A ranked-list query: `after` is the keyset position (sort value, path) of the previous row. */
export interface PathRankQuery extends PathQuery {
  sortBy: PathSort;
  after: { value: number; path: string } | null;
  limit: number;
}

/** One ranked path: its counts in the window under the query's filters. */
export interface RankedPath {
  path: string;
  total: number;
  verified: number;
}

/** One page of a ranking and how many paths the query matches over all pages. */
export interface PathRanking {
  paths: RankedPath[];
  pathCount: number;
}

/** Failed checks of the SEO audit (see `snapshots/seo-audit.ts` for weights). */
export type SeoIssue =
  | "missing_title"
  | "title_length"
  | "missing_meta_description"
  | "meta_description_length"
  | "missing_h1"
  | "multiple_h1"
  | "missing_canonical"
  | "multiple_canonical"
  | "noindex"
  | "missing_lang"
  | "images_missing_alt"
  | "missing_structured_data"
  | "invalid_structured_data"
  | "render_status";

/** Result of auditing one snapshot's HTML. */
export interface SeoAudit {
  /** 0–100, or `null` when no audit was possible (no HTML document). */
  score: number | null;
  /** Failed checks, in the audit's fixed order; empty when `score` is `null`. */
  issues: SeoIssue[];
}

/** Where a score falls: `unknown` means no audit was possible. */
export type SeoBucket = "good" | "needsWork" | "poor" | "unknown";

/** Metadata of one rendered HTML version of a page; its HTML lives in the BlobStore. */
export interface Snapshot {
  snapshotId: string;
  domainId: string;
  path: string;
  /** Lowercase hex SHA-256 of the HTML's UTF-8 bytes. */
  contentHash: string;
  /** HTTP status of the render that produced it. */
  renderStatus: number | null;
  /** UTF-8 size of the HTML. */
  contentSizeBytes: number | null;
  /** First time this (domain, path, content) was recorded. */
  createdAt: Date;
  /** Last time it was recorded (rendered again with identical bytes); drives retention. */
  lastRecordedAt: Date;
  /** Whether its HTML is still kept; `false` once retention dropped it (metadata stays). */
  htmlRetained: boolean;
  seo: SeoAudit;
  /** The device render it came from: one snapshot per (domain, path, variant, contentHash). */
  variant: RenderVariant;
}
/** One human visit that arrived from an AI surface, after source detection. */
export interface ReferralVisit {
  /** Unique per visit: replaying a visit is a no-op. */
  visitId: string;
  domainId: string;
  ts: Date;
  /** The landing path, without query or fragment. */
  path: string;
  /** AI source key (`chatgpt`, `perplexity`, …, `unknown`). */
  source: string;
}

/** AI referral visits of one UTC day from one source. */
export interface ReferralDayCount {
  day: string;
  source: string;
  count: number;
}

/** Visits summed over sources: `total` equals the sum of `bySource`, whose counts are all > 0. */
export interface SourceCounts {
  total: number;
  bySource: Record<string, number>;
}

/** A landing path's AI referral visits in a window. */
export interface LandingPathCounts extends SourceCounts {
  path: string;
}
/**
 * Per day, bot, tier, servedFrom and snapshot for one path (the path of the path aggregates, so
 * crawls beyond the path cap are under `__overflow__`).
 */
export interface ServedDayCount extends BotDayCount {
  servedFrom: ServedFrom;
  snapshotId: string | null;
  /** The latest `ts` of the crawls counted here. */
  lastSeenAt: Date;
}

/** Crawls per day and servedFrom, every bot and tier (export-user-analytics summary). */
/**
 * Signed crawls per day, agent origin (`null`: a signature naming no agent) and signature
 * outcome.
 */
export interface SignedAgentDayCount {
  day: string;
  agent: string | null;
  signature: SignatureVerdict;
  count: number;
}

export interface DaySummaryCount {
  day: string;
  servedFrom: ServedFrom;
  count: number;
}

/** Crawls per day and legacy key; `verified <= total`. */
export interface LegacyDayCount {
  day: string;
  /** One of the 25 legacy per-bot keys of export-user-analytics (`legacy-keys.json`). */
  key: string;
  total: number;
  verified: number;
}

/** Counts of one legacy key for `CrawlStore.addLegacyCounts`. */
export type LegacyCountInput = Omit<LegacyDayCount, "day">;

/**
 * The synthetic path that collects crawls beyond the per-domain-day path cap (the cap itself is
 * ingest's, `ingest/path-cap.ts`; the name is here so that readers below ingest, such as the
 * referral landing paths, need not import up the layers).
 */
export const OVERFLOW_PATH = "__overflow__";
