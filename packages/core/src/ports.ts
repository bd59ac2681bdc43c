import type { CrawlerPolicy, StoredPolicy } from "./policy/schema.js";
import type {
  ApiKeyRecord,
  BotDayCount,
  CachedPage,
  CrawlRecord,
  DashboardSession,
  DaySummaryCount,
  Domain,
  DomainAccess,
  LandingPathCounts,
  LegacyCountInput,
  LegacyDayCount,
  MemberRole,
  PathCountFilter,
  PathDayCount,
  PathRanking,
  PathRankQuery,
  PlanName,
  PurgeJob,
  ReferralDayCount,
  ReferralVisit,
  RoutingRule,
  ServedDayCount,
  Snapshot,
  SourceCounts,
  User,
} from "./types.js";

/**
 * Ports: every storage or environment capability core needs, grouped by area. Adapters are
 * plain factories whose result `satisfies` these interfaces. Every method is required. Every
 * sentence of a contract below has a case in the conformance suites of `@crawlgate/core/testing`.
 * Days are UTC dates `YYYY-MM-DD`; a window `startDay..endDay` includes both bounds. "Byte order"
 * is UTF-8 byte order (`compareUtf8`).
 */

// ── environment ─────────────────────────────────────────────────────────────────────────────

/** Source of the current instant. */
export interface Clock {
  now(): Date;
}

/** Structured logging: one object per event. Adapters decide where lines go. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Reverse and forward DNS (node:dns in the Node entry, a fake in tests). */
export interface Resolver {
  /** PTR names of an address. Rejects on NXDOMAIN or failure. */
  reverse(ip: string): Promise<string[]>;
  /** A/AAAA addresses of a name. Rejects on NXDOMAIN or failure. */
  forward(hostname: string): Promise<string[]>;
  /**
   * TXT records of a name, each record's strings joined into one value (as RFC 7208 reads
   * them). Rejects on NXDOMAIN, no TXT record, or failure.
   */
  txt(hostname: string): Promise<string[]>;
}

/** Org-level ASN of an address. */
export interface AsnLookup {
  /** The ASN, or `null` when unknown. */
  asnOf(ip: string): Promise<number | null>;
}

/**
 * An HTTP client with the shape of the standard `fetch`. On Node, `createPinnedFetch` (proxy-node)
 * is one that refuses non-public addresses after DNS resolution.
 */
export type FetchLike = (
  url: string,
  init: {
    signal?: AbortSignal;
    redirect?: "follow" | "manual";
    method?: string;
    headers?: Record<string, string>;
    body?: Uint8Array | string | null;
  },
) => Promise<Response>;

// ── accounts ────────────────────────────────────────────────────────────────────────────────

/** Users, plans, API keys (hash only), domains and memberships. */
export interface AccountStore {
  /**
   * Creates a user. `name` is unique (exact string). A taken name returns `"duplicate_name"` and
   * changes nothing.
   */
  createUser(user: User): Promise<User | "duplicate_name">;
  /** The user with that ID, or `null`. */
  getUser(userId: string): Promise<User | null>;
  /** The user with that exact name, or `null`. */
  getUserByName(name: string): Promise<User | null>;
  /** Changes a user's plan. Returns `false` when there is no such user. */
  setUserPlan(userId: string, plan: PlanName): Promise<boolean>;

  /** Stores a key record. `keyHash` is unique. The user must exist. */
  createApiKey(key: ApiKeyRecord): Promise<void>;
  /**
   * The key record whose `keyHash` equals the argument, revoked or not, or `null`. Callers
   * compare hashes again in constant time and check `revokedAt` themselves.
   */
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** The user's keys, oldest first, ties by `keyId`. */
  listApiKeys(userId: string): Promise<ApiKeyRecord[]>;
  /**
   * Marks a key revoked at `at`. Returns `false` when there is no such key or it is revoked
   * already. The first revocation time is kept.
   */
  revokeApiKey(keyId: string, at: Date): Promise<boolean>;

  /**
   * Creates a domain. `hostname` is unique; callers pass it lowercase. A taken hostname returns
   * `"duplicate_hostname"` and changes nothing.
   */
  createDomain(domain: Domain): Promise<Domain | "duplicate_hostname">;
  /** The domain with that ID, whoever may see it, or `null`. */
  getDomain(domainId: string): Promise<Domain | null>;
  /** The domain with that exact (lowercase) hostname, or `null`. */
  getDomainByHostname(hostname: string): Promise<Domain | null>;
  /**
   * Grants `role` on a domain to a user, replacing that user's earlier membership of the domain.
   * Sharing with the owner is stored but never changes what the owner sees. Returns `false`
   * when the domain or the user does not exist.
   */
  shareDomain(domainId: string, userId: string, role: MemberRole): Promise<boolean>;
  /**
   * Every domain the user owns or is a member of, each once, sorted by hostname in byte order.
   * A domain both owned by and shared with the user has role `owner`.
   */
  listAccessibleDomains(userId: string): Promise<DomainAccess[]>;
  /**
   * The user's access to one domain (`owner` wins over a membership). `null` when the domain does
   * not exist or the user has no access: the two cases are indistinguishable on purpose.
   */
  getDomainAccess(userId: string, domainId: string): Promise<DomainAccess | null>;
  /**
   * Changes the edge settings of a domain: each field given replaces the stored one (`null`
   * clears it). Returns the updated domain, or `null` when there is no such domain.
   */
  setDomainSettings(domainId: string, settings: DomainSettings): Promise<Domain | null>;
  /**
   * The ownership challenge of a domain not verified yet: its stored token, else `token`, which
   * is then stored (and a `null` stage becomes `pending`). The token stays the same until the
   * domain is verified; under concurrent calls every caller receives the one token stored.
   * `null` when there is no such domain or it is `verified` (nothing to prove).
   */
  verificationToken(domainId: string, token: string): Promise<string | null>;
  /**
   * Sets the domain's stage to `verified` and forgets its challenge token. Returns the updated
   * domain, or `null` when there is no such domain.
   */
  markDomainVerified(domainId: string): Promise<Domain | null>;
}

/** The settings of a domain its operator may change after creation. */
export interface DomainSettings {
  originUrl?: string | null;
  pageCacheTtlSeconds?: number | null;
}

// ── routing ─────────────────────────────────────────────────────────────────────────────────

/** Result of `RuleStore.createRule` / `updateRule`. Expected outcomes are values, not throws. */
export type RuleWriteResult =
  | { ok: true; rule: RoutingRule }
  | { ok: false; reason: "duplicate_source_path" | "rule_limit_reached" | "rule_not_found" };

/** Routing rules per domain. */
export interface RuleStore {
  /**
   * Every rule of the domain, active and paused. Sorted by `priority` descending, then
   * `createdAt` ascending, then `ruleId` ascending. Empty when none.
   */
  listRules(domainId: string): Promise<RoutingRule[]>;
  /** Number of rules of the domain, active and paused. */
  countRules(domainId: string): Promise<number>;
  /** The rule with that ID on that domain, or `null` (also when it is another domain's). */
  getRule(domainId: string, ruleId: string): Promise<RoutingRule | null>;
  /**
   * Inserts `rule` on `rule.domainId` atomically with two checks, in this order. When `limit` is
   * a number and the domain has `limit` or more rules: `rule_limit_reached`. When another rule
   * of the domain has the same `sourceKey`: `duplicate_source_path`. Nothing is written on
   * failure. Both checks hold under any number of concurrent calls.
   */
  createRule(rule: RoutingRule, sourceKey: string, limit: number | null): Promise<RuleWriteResult>;
  /**
   * Replaces every field of the stored rule `rule.ruleId` on `rule.domainId`; `createdAt` is kept
   * as stored. `rule_not_found` when it is not there. `duplicate_source_path` when another rule
   * of the domain has `sourceKey`.
   */
  updateRule(rule: RoutingRule, sourceKey: string): Promise<RuleWriteResult>;
  /** Deletes the rule and returns it as it was, or `null` when it is not on that domain. */
  deleteRule(domainId: string, ruleId: string): Promise<RoutingRule | null>;
  /**
   * The domain's crawler policy as last saved, with when it was saved, or `null` when the
   * domain never saved one (callers then use `DEFAULT_POLICY`). The policy round-trips as given
   * (rule order, messages, prices as strings).
   */
  getPolicy(domainId: string): Promise<StoredPolicy | null>;
  /**
   * Replaces the domain's crawler policy whole (creates it on the first save) and returns it as
   * stored. Atomic: a concurrent reader sees the old policy or the new one, never a mix; the
   * last of concurrent writers wins.
   */
  replacePolicy(domainId: string, policy: CrawlerPolicy, updatedAt: Date): Promise<StoredPolicy>;
}

/** What the edge needs for one hostname, compiled from the stores. */
export interface EdgeSettings {
  domainId: string;
  hostname: string;
  /** Active and paused rules in list order; the edge skips paused ones. */
  rules: RoutingRule[];
  /** The domain's crawler policy (`DEFAULT_POLICY` when it never saved one). */
  policy: CrawlerPolicy;
  /** The domain's origin (`Domain.originUrl`); `null` when it has none. */
  originUrl: string | null;
  /** `Domain.pageCacheTtlSeconds`. */
  pageCacheTtlSeconds: number | null;
  /** Whether the domain's stage is `verified` (ownership proven). */
  verified: boolean;
  loadedAt: Date;
}

/** Per-hostname edge settings shared by every instance. */
export interface SettingsCache {
  /** Cached settings for the hostname, or `null` when absent or invalidated. */
  get(hostname: string): Promise<EdgeSettings | null>;
  /** Stores settings for `settings.hostname`, replacing earlier ones. */
  set(settings: EdgeSettings): Promise<void>;
  /**
   * Drops every cached entry of the domain. Returns `true` when the cache confirmed it (also
   * when nothing was cached) and `false` when the cache could not be reached. Callers report it
   * as `cacheInvalidated` and never fail the write because of it.
   */
  invalidate(domainId: string): Promise<boolean>;
}

// ── limits ──────────────────────────────────────────────────────────────────────────────────

/** What `RateLimiter.consume` decided. */
export type RateDecision =
  | { allowed: true; minuteUsage: number; monthUsage: number }
  | {
      allowed: false;
      reason: "per_minute" | "monthly";
      /** Requests counted in the exhausted window (minute or month). */
      usage: number;
      /** The exhausted window's limit. */
      limit: number;
      /** Whole seconds (>= 1) until the exhausted window resets. */
      retryAfterSeconds: number;
    };

export interface RateLimits {
  /** Requests allowed per fixed window of 60 s that starts at the first request. */
  perMinute: number;
  /** Requests allowed per UTC calendar month; `null` = unlimited. */
  monthly: number | null;
}

/** Per-user request limits. */
export interface RateLimiter {
  /**
   * Counts one request of `subject` at `now`, atomically. The per-minute window starts at the
   * first request after the previous one expired and lasts 60 s. The month is the UTC calendar
   * month of `now`. The minute is checked first, then the month. A refused request is counted in
   * neither window. Under N concurrent calls with room for K, exactly min(N, K) are allowed.
   */
  consume(subject: string, limits: RateLimits, now: Date): Promise<RateDecision>;
}

// ── purge queue ─────────────────────────────────────────────────────────────────────────────

/** Result of enqueueing a purge job. */
export interface EnqueueResult {
  /**
   * `false` when a render of the pair that starts after this call was pending already: nothing
   * was added. `true` when the call added a job, or marked the leased one dirty.
   */
  enqueued: boolean;
  job: PurgeJob;
}

/**
 * Purge / pre-warm jobs: de-duplicated while pending, delivered at least once with leases. A
 * purge always wins: a render leased before a purge of its page is followed by another render.
 * A pending job is queued (leasable, perhaps from a later instant) or leased (from `lease` until
 * `complete`, `retryAt` or the next `lease` of it); a leased job may be dirty.
 */
export interface JobQueue {
  /**
   * Adds a job for (domainId, path), queued. When the pair's job is pending: queued, or leased
   * and dirty, adds nothing and returns it with `enqueued: false`; leased and not dirty, marks it
   * dirty (the render under way may predate what the purge is for) and returns it with
   * `enqueued: true`.
   */
  enqueuePurge(domainId: string, path: string, now: Date): Promise<EnqueueResult>;
  /**
   * Leases up to `max` jobs that are queued or whose lease expired before `now`, oldest
   * `enqueuedAt` first, ties by `jobId`. Each leased job's `attempts` grows by one, it is no
   * longer dirty (this render starts after every purge so far), and no other `lease` call sees
   * it until `now + leaseMs`. Two concurrent calls never receive the same job.
   */
  lease(now: Date, leaseMs: number, max: number): Promise<PurgeJob[]>;
  /**
   * Removes a leased job for good; a dirty one is queued again instead (`attempts` 0,
   * `enqueuedAt` the instant of the purge that dirtied it). Returns `false` when it is unknown or
   * completed already. A completion is taken to be of the job's latest lease (leases outlast a
   * render's deadline).
   */
  complete(jobId: string): Promise<boolean>;
  /**
   * Ends a job's lease early and hides it from `lease` until `at` (a retry with backoff); its
   * `attempts` are kept; it is queued (not dirty: the retry renders after every purge so far).
   * Returns `false` when it is unknown or completed already.
   */
  retryAt(jobId: string, at: Date): Promise<boolean>;
  /** Number of pending jobs (queued or leased, not completed). */
  pendingCount(): Promise<number>;
  /** The pending job (queued, or leased and not completed) for (domainId, path), or `null`. */
  pendingJob(domainId: string, path: string): Promise<PurgeJob | null>;
}

// ── fleet lock ──────────────────────────────────────────────────────────────────────────────

/**
 * Named locks with one holder at a time across a fleet (singleton jobs). A holder gets a token
 * and an expiry; the lock is free again when released with that token or once the expiry has
 * passed (a crashed holder is taken over).
 */
export interface FleetLock {
  /**
   * Takes `name` for `holder` until `now + ttlMs` and returns a new token, when the lock is free:
   * never taken, released, or its expiry is at or before `now`. Otherwise `null`. Under any
   * number of concurrent calls at most one receives a token.
   */
  acquire(name: string, holder: string, ttlMs: number, now: Date): Promise<string | null>;
  /**
   * Moves the expiry to `now + ttlMs` when `token` holds the lock and its expiry is after `now`;
   * `false` otherwise (expired, taken over or released).
   */
  renew(name: string, token: string, ttlMs: number, now: Date): Promise<boolean>;
  /** Frees the lock when `token` holds it; `false` when it does not (nothing changes then). */
  release(name: string, token: string): Promise<boolean>;
}

// ── dashboard sessions ──────────────────────────────────────────────────────────────────────

/**
 * The dashboard's browser sessions and the sign-in tokens already used. Session IDs are never
 * stored, only their SHA-256 hashes. Shared by a fleet, so a sign-in link works once in all of it.
 */
export interface DashboardSessionStore {
  /** Stores a new session. `idHash` is unique: a taken one returns `false` and changes nothing. */
  createSession(session: DashboardSession): Promise<boolean>;
  /**
   * The session whose `idHash` equals the argument, or `null`. Expired sessions are returned
   * until `deleteExpired` removes them: callers check the expiry themselves.
   */
  getSession(idHash: string): Promise<DashboardSession | null>;
  /**
   * Moves `lastSeenAt` to `at` when `at` is later than the stored one (an earlier `at` changes
   * nothing). Returns `false` when there is no such session.
   */
  touchSession(idHash: string, at: Date): Promise<boolean>;
  /** Deletes one session. Returns `false` when there was none. */
  deleteSession(idHash: string): Promise<boolean>;
  /**
   * Records that the sign-in token `tokenId` was used, keeping the record until `expiresAt`.
   * Returns `true` for the first use only: any later call with the same ID returns `false`, and
   * under any number of concurrent calls exactly one returns `true`.
   */
  useSignInToken(tokenId: string, expiresAt: Date): Promise<boolean>;
  /**
   * Deletes the sessions whose `expiresAt` is at or before `now` or whose `lastSeenAt` is at or
   * before `idleBefore`, and the used-token records whose `expiresAt` is at or before `now`.
   * Returns how many of each it deleted.
   */
  deleteExpired(now: Date, idleBefore: Date): Promise<{ sessions: number; tokens: number }>;
}

// ── crawls ──────────────────────────────────────────────────────────────────────────────────

/** Options of `CrawlLog.appendCrawls` and `ReferralStore.appendReferrals`. */
export interface AppendOptions {
  /**
   * Distinct paths per domain and UTC day in the path aggregates (core's `admitPath`). A further
   * new path is counted under `__overflow__`; its raw row keeps the real path.
   */
  pathCap: number;
}

/** The raw crawl log: one row per crawl event, written with its aggregate counts. */
export interface CrawlLog {
  /**
   * Stores a batch atomically. Every record with a new `eventId` gets its raw row and its
   * aggregate counts: the day is the UTC date of `ts`, tier `automation` counts as `unknown`.
   * A record whose `eventId` is stored already changes nothing (replays are no-ops). Returns how
   * many records were new. Under concurrent calls each event is counted exactly once.
   */
  appendCrawls(
    batch: readonly CrawlRecord[],
    options: AppendOptions,
  ): Promise<{ inserted: number }>;
  /**
   * Upgrades a stored `declared` event to `verified` (a late confirmation) and moves its count in
   * the aggregates. Returns `false` and changes nothing when the event is unknown or not
   * `declared`.
   */
  upgradeToVerified(
    eventId: string,
    botOperator: string | null,
    matchedRange: string | null,
  ): Promise<boolean>;
  /**
   * The `snapshotId` on the raw row of crawl event `eventId`, in any domain (callers check access
   * to the snapshot's domain). `null` when the event is unknown or was served without a snapshot.
   */
  servedSnapshotOf(eventId: string): Promise<string | null>;
  /** Raw rows of a domain with `from <= ts < to`, oldest first, ties by eventId, at most `limit`. */
  listCrawls(domainId: string, from: Date, to: Date, limit: number): Promise<CrawlRecord[]>;
}

/** Per-day aggregates of the crawl log, as the exports read them. */
export interface CrawlAggregates {
  /** Counts per day, bot and tier in the window, sorted by day, botId, tier. */
  botDayCounts(domainId: string, startDay: string, endDay: string): Promise<BotDayCount[]>;
  /** Counts per day, path, bot and tier in the window, sorted by day, path, botId, tier. */
  pathDayCounts(domainId: string, startDay: string, endDay: string): Promise<PathDayCount[]>;
  /**
   * Counts of one path per day, bot, tier, servedFrom and snapshotId in the window. The path is
   * as aggregated: a path beyond the cap is only under `__overflow__`. Sorted by day, botId,
   * tier, servedFrom, then snapshotId with `null` first. Each entry has `lastSeenAt`, the latest
   * `ts` counted in it; a late verification does not lower it on the `declared` entry it leaves.
   * Only entries with a count; `[]` when the path has none in the window.
   */
  servedDayCounts(
    domainId: string,
    path: string,
    startDay: string,
    endDay: string,
  ): Promise<ServedDayCount[]>;
  /**
   * Crawls per day and servedFrom (every bot and tier) in the window, sorted by day then
   * servedFrom. Days without crawls have no entry; `[]` when none.
   */
  daySummaryCounts(domainId: string, startDay: string, endDay: string): Promise<DaySummaryCount[]>;
  /**
   * Crawls per day and legacy per-bot key (`legacyKeyOf`) with how many are verified, in the
   * window, sorted by day then key. Crawls with no key are not here. Raw crawls and
   * `addLegacyCounts` add up. Only entries with `total > 0`; `[]` when none.
   */
  legacyDayCounts(domainId: string, startDay: string, endDay: string): Promise<LegacyDayCount[]>;
  /**
   * Adds imported per-key counts of a day before the cutover (no raw rows exist for them).
   * Called again for the same day, it adds up. Rows are checked by `legacyImportCounts`: a
   * `RangeError` changes nothing. Rows with `total` 0 are ignored.
   */
  addLegacyCounts(domainId: string, day: string, rows: readonly LegacyCountInput[]): Promise<void>;
}

/**
 * The page-ranking reads of a crawl store. The memory store answers them from its rows (the
 * reference, `rankPathRows`/`rowsOfPaths`); an SQL store keeps a read model built by
 * `refreshReadModel`. Both answer the same.
 */
export interface PageRanking {
  /**
   * Paths of a window ranked by `query.sortBy`, under the filters: `botIds`, `tiers`, and a
   * literal `pathPrefix` (`%` and `_` are ordinary characters).
   * Order: the value descending, then the path ascending in UTF-8 byte order (`compareRanked`).
   * Keyset: only paths after `after`, a lower value or the same value and a greater path
   * (`isAfterKeyset`); `null` starts at the first path.
   * Bounds: at most `limit` paths; `startDay` and `endDay` are both included.
   * `__overflow__` is never ranked. A path whose filtered total is 0 is not listed.
   * `pathCount` is how many paths the query lists over all pages: neither `after` nor `limit`
   * applies to it. A page past the end is empty, with the same `pathCount`.
   */
  rankPaths(query: PathRankQuery): Promise<PathRanking>;
  /**
   * Counts per path, day, bot and tier of the given paths, under the bot and tier filters.
   * `__overflow__` may be one of the paths.
   * Bounds: `startDay` and `endDay` are both included.
   * Order: path (UTF-8 byte order), then day, botId, tier.
   * Only entries with a count: `[]` for no paths, or for paths without crawls.
   */
  countsOfPaths(
    domainId: string,
    startDay: string,
    endDay: string,
    filter: PathCountFilter,
    paths: readonly string[],
  ): Promise<PathDayCount[]>;
  /**
   * Brings the read model up to date for the days up to `throughDay`: of one domain, or of
   * every domain with crawls when `domainId` is omitted.
   * It is a job, never on the ingest path, and it only makes long windows faster:
   * `rankPaths` and `countsOfPaths` answer exactly whether or not it ran.
   * A store without a read model does nothing and returns `{ domains: 0 }` (memory).
   * Returns how many domains it looked at.
   * When one domain fails the others are still refreshed; then it throws, naming the failed ones.
   */
  refreshReadModel(throughDay: string, domainId?: string): Promise<{ domains: number }>;
}

/** A domain and UTC day. */
export interface DomainDay {
  domainId: string;
  day: string;
}

/**
 * One raw crawl row as the archive's day close reads it: the event id (the keyset's tie-break)
 * and the archived columns, in this order. `ts` is epoch milliseconds.
 */
export type ArchiveRow = [
  eventId: string,
  ts: number,
  path: string,
  userAgent: string,
  uaHash: string,
  verdict: string,
  servedFrom: string,
  status: number,
  bytes: number,
  botOperator: string | null,
  matchedRange: string | null,
  contentHash: string | null,
  streamId: string,
  ipAsn: number,
];

/** The raw rows of whole days, as the archive's day close reads and drops them. */
export interface CrawlDays {
  /**
   * Every (domain, day) with at least one raw row and `day <= throughDay`, each once, sorted by
   * day then domainId (byte order). `[]` when none.
   */
  hotCrawlDays(throughDay: string): Promise<DomainDay[]>;
  /**
   * Raw rows of one domain whose UTC day (of `ts`) is `day`, in archive order: `ts` ascending,
   * ties by eventId (byte order), as `ArchiveRow` tuples (the day close reads a million of them:
   * no row objects). Keyset: only rows after `after` in that order (`null`: from the first). At
   * most `limit` rows.
   */
  listDayRows(
    domainId: string,
    day: string,
    after: { ts: number; eventId: string } | null,
    limit: number,
  ): Promise<ArchiveRow[]>;
  /**
   * Deletes the raw rows of one domain-day (their day is archived for good). The aggregates and
   * the page ranking are untouched: they read the same before and after. Returns how many rows
   * it deleted (0 the second time).
   */
  dropDayCrawls(domainId: string, day: string): Promise<number>;
}

/** Raw crawl rows, their aggregates and the page ranking: one store, four roles. */
export interface CrawlStore extends CrawlLog, CrawlDays, CrawlAggregates, PageRanking {}

// ── crawl-log archive ───────────────────────────────────────────────────────────────────────

/** One Parquet file of the crawl-log archive: part `part` of a domain-day, as indexed. */
export interface ArchiveFile {
  domainId: string;
  day: string;
  /** 0, 1, … in row order; a day's parts are numbered without gaps. */
  part: number;
  /** Where the bytes are in the `BlobStore`. */
  key: string;
  /** The file's identity: SHA-256 of its bytes, lowercase hex. */
  contentHash: string;
  sizeBytes: number;
  rowCount: number;
  /** Byte offset of each row group, in group order. */
  rowGroupOffsets: number[];
  /** A frozen file never changes again; a provisional one may be replaced by the next close. */
  frozen: boolean;
  /** When the close that wrote it ran. */
  closedAt: Date;
}

/** What `ArchiveIndex.replaceDay` did. */
export type ReplaceDayResult =
  | { ok: true; replaced: ArchiveFile[] }
  | { ok: false; reason: "frozen" };

/** The index of the crawl-log archive: which files make up each domain-day, and who closes it. */
export interface ArchiveIndex {
  /**
   * Indexed files of a domain with `startDay <= day <= endDay`, sorted by day then part. `[]`
   * when none.
   */
  listArchiveFiles(domainId: string, startDay: string, endDay: string): Promise<ArchiveFile[]>;
  /**
   * Makes `files` (all of one domain-day, parts numbered 0..n-1) the day's files, atomically:
   * readers see the old set or the new one. Returns the files it replaced (`[]` for a new day).
   * Refused with `frozen`, changing nothing, when the day's stored files are frozen: a frozen day
   * never changes again, whatever concurrent closes do.
   */
  replaceDay(
    domainId: string,
    day: string,
    files: readonly ArchiveFile[],
  ): Promise<ReplaceDayResult>;
  /**
   * Up to `limit` domain-days with indexed files and `day < beforeDay`, sorted by day then
   * domainId (what retention deletes next).
   */
  daysBefore(beforeDay: string, limit: number): Promise<DomainDay[]>;
  /** Removes every indexed file of the domain-day (retention); returns how many. */
  forgetDay(domainId: string, day: string): Promise<number>;
  /**
   * Takes the close lease of a domain-day for `holder` until `now + ttlMs`: `true` when it was
   * free, expired, or already `holder`'s (then renewed). Under concurrent calls for one
   * domain-day at most one holder gets it.
   */
  acquireDayLease(
    domainId: string,
    day: string,
    holder: string,
    now: Date,
    ttlMs: number,
  ): Promise<boolean>;
  /** Gives the lease back when `holder` has it; otherwise changes nothing. */
  releaseDayLease(domainId: string, day: string, holder: string): Promise<void>;
  /**
   * Records that every day up to `day` was closed, for one domain or, with `"*"`, for all
   * domains. Keeps the later of the stored day and `day`.
   */
  markClosedThrough(scope: string, day: string): Promise<void>;
  /** The later of the domain's mark and the `"*"` mark, or `null` when neither exists. */
  closedThrough(domainId: string): Promise<string | null>;
}

// ── snapshots and files ─────────────────────────────────────────────────────────────────────

/**
 * Bytes by key: snapshot HTML (gzip) and archive files. Keys are `/`-separated segments of
 * `[a-z0-9_-][a-z0-9._-]*` (see `isValidBlobKey`); any other key is refused with a thrown
 * `RangeError` before storage is touched. A store that cannot be reached throws
 * `BlobStoreUnavailable` (never for a key that is simply absent).
 */
export interface BlobStore {
  /**
   * Stores `bytes` under `key`, replacing what was there. Atomic: a reader sees the old bytes or
   * the new ones, never a part.
   */
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `key` (a copy the caller may keep), or `null` when absent. */
  getBlob(key: string): Promise<Uint8Array | null>;
  /**
   * Bytes `start <= i < end` of the blob under `key` (a copy), clipped to its size: fewer bytes
   * (or none) when the range runs past the end; `null` when the key is absent. `0 <= start <=
   * end` are integers, else a `RangeError`. Archive reads fetch only the pages they need.
   */
  getBlobRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /** Whether something is stored under `key`. */
  hasBlob(key: string): Promise<boolean>;
  /** Removes `key`. Returns `false` when nothing was stored there. */
  deleteBlob(key: string): Promise<boolean>;
  /**
   * A URL that serves the bytes under `key` to a plain GET, without credentials, until about
   * `expiresAt`, signed by the store itself (as an S3 presigned URL is); or `null` when the store
   * cannot presign, and crawlgate links to its own signed `/functions/v1/files/...` route
   * instead. The key is checked (a `RangeError` for an invalid one) but not looked up: the URL of
   * an absent key answers an error when fetched.
   */
  presignGet(key: string, expiresAt: Date): Promise<string | null>;
}

/** Result of `SnapshotStore.recordSnapshot`. */
export interface RecordedSnapshot {
  snapshot: Snapshot;
  /** `false` when the (domain, path, contentHash) was known already. */
  created: boolean;
}

/** Snapshot metadata, the crawl events linked to them, and HTML retention marks. */
export interface SnapshotStore {
  /**
   * Stores `snapshot` unless one with the same (domainId, path, contentHash) exists. When it
   * exists, that one is returned with `created: false`: its `lastRecordedAt` becomes the later of
   * the two, `htmlRetained` becomes `true`, every other stored field is kept. Under concurrent
   * calls for one triple exactly one snapshot is created.
   */
  recordSnapshot(snapshot: Snapshot): Promise<RecordedSnapshot>;
  /** The snapshot with that ID, or `null`. */
  getSnapshot(snapshotId: string): Promise<Snapshot | null>;
  /** The known snapshots among `snapshotIds`, each once, sorted by snapshotId (byte order). */
  getSnapshots(snapshotIds: readonly string[]): Promise<Snapshot[]>;
  /**
   * The latest snapshot of each path of the domain (greatest `lastRecordedAt`, ties by the
   * smaller snapshotId), sorted by path in byte order. Empty when the domain has none.
   */
  latestSnapshots(domainId: string): Promise<Snapshot[]>;
  /**
   * Content hashes whose HTML some snapshot still retains while every snapshot with that hash
   * was last recorded strictly before `cutoff`. Ascending, at most `limit`.
   */
  expiredContentHashes(cutoff: Date, limit: number): Promise<string[]>;
  /**
   * Marks every snapshot with `contentHash` as no longer retaining HTML, atomically, unless one of
   * them was recorded at or after `cutoff` (then nothing changes). Returns whether a snapshot
   * changed.
   */
  markHtmlDropped(contentHash: string, cutoff: Date): Promise<boolean>;
  /**
   * Links crawl event `eventId` to `snapshotId`, for events whose raw crawl row has no snapshot
   * (feeds recorded apart from the crawl log). The first link of an event wins.
   */
  linkEvent(eventId: string, snapshotId: string): Promise<void>;
  /** The snapshot `linkEvent` linked to the crawl event, or `null`. */
  linkedSnapshotOf(eventId: string): Promise<string | null>;
}

// ── referrals ───────────────────────────────────────────────────────────────────────────────

/** AI referral visits aggregated per domain, UTC day, landing path and source. */
export interface ReferralStore {
  /**
   * Stores a batch atomically. Every visit with a new `visitId` is counted once under its
   * domain, the UTC day of `ts`, its landing path and its source. A visit whose `visitId` is
   * stored already (or repeated in the batch) changes nothing. Landing paths are capped per
   * domain-day like crawl paths (`options.pathCap`, counted apart from crawls): a visit to a
   * further new path is counted under `__overflow__`. Returns how many visits were new. Under
   * concurrent calls each visit is counted exactly once and the cap holds.
   */
  appendReferrals(
    batch: readonly ReferralVisit[],
    options: AppendOptions,
  ): Promise<{ inserted: number }>;
  /**
   * Visits per day and source in the window, `__overflow__` included, sorted by day then
   * source. Days and sources without visits are absent.
   */
  referralDayCounts(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<ReferralDayCount[]>;
  /**
   * The `limit` landing paths with the most visits in the window, summed over its days, with
   * their counts per source. Ranked by `total` descending, then path in byte order.
   * `__overflow__` is never listed. Empty when none.
   */
  topLandingPaths(
    domainId: string,
    startDay: string,
    endDay: string,
    limit: number,
  ): Promise<LandingPathCounts[]>;
  /** Distinct landing paths with visits in the window, `__overflow__` not counted. */
  countLandingPaths(domainId: string, startDay: string, endDay: string): Promise<number>;
  /** Visits counted under `__overflow__` in the window, per source; `null` when none. */
  overflowCounts(domainId: string, startDay: string, endDay: string): Promise<SourceCounts | null>;
}

// ── page cache ──────────────────────────────────────────────────────────────────────────────

/** The edge's page cache: one entry per (domain, page key), pointing at a snapshot. */
export interface PageCache {
  /** The entry, fresh or stale, or `null`. */
  getPage(domainId: string, pageKey: string): Promise<CachedPage | null>;
  /** Stores the entry, replacing the one of the same (domainId, pageKey). */
  putPage(page: CachedPage): Promise<void>;
  /** Removes the entry. Returns `false` when there was none. */
  deletePage(domainId: string, pageKey: string): Promise<boolean>;
}

// ── rendering ───────────────────────────────────────────────────────────────────────────────

/** One page to render. */
export interface RenderRequest {
  /** Absolute http(s) URL of the page on the domain's origin. */
  url: string;
  /** Request headers to send to the origin (User-Agent, Accept-Language, …). */
  headers: Record<string, string>;
  /** The render must settle by this instant; a renderer past it rejects with `RenderFailed`. */
  deadline: Date;
}

/** A rendered page. */
export interface RenderResult {
  /**
   * The page's status: the origin's, or the one the page declares with
   * `<meta name="prerender-status-code">` (and `prerender-header` `Location` for redirects).
   */
  status: number;
  /** The serialized document (UTF-8). */
  html: string;
  /** The URL the document was finally loaded from (after redirects the renderer followed). */
  finalUrl: string;
  /** Response headers worth passing on: `location` for a redirect status, lower-case names. */
  headers: Record<string, string>;
  /** Milliseconds spent, for logs and benches. */
  timings: { totalMs: number };
}

/**
 * Turns a page URL into HTML: the origin's HTML as served (`createFetchRenderer`) or a headless
 * browser's DOM after scripts ran (`@crawlgate/renderer-chromium`). A render that fails, is
 * refused, or passes its deadline rejects with `RenderFailed`; it never resolves with a partial
 * document.
 */
export interface Renderer {
  /** Short name for logs and the `X-Crawlgate-Renderer` header: `fetch`, `chromium`. */
  readonly name: string;
  render(request: RenderRequest): Promise<RenderResult>;
  /** Releases what the renderer holds (browser processes, sockets). Idempotent. */
  close(): Promise<void>;
}

// ── robots.txt ──────────────────────────────────────────────────────────────────────────────

/** One robots.txt a domain served, from the instant it came into force. */
export interface RobotsVersion {
  domainId: string;
  /** The exact text served. */
  text: string;
  /** SHA-256 of the UTF-8 text, lowercase hex. */
  contentHash: string;
  /** When it was first served. */
  effectiveFrom: Date;
}

/** One crawl as compliance counts it: was its path disallowed for its bot at the time? */
export interface ComplianceEvent {
  /** The crawl's event id: an event is counted once. */
  eventId: string;
  domainId: string;
  botId: string;
  ts: Date;
  disallowed: boolean;
}

/** Compliance counts of one domain, UTC day and bot. */
export interface ComplianceDayCount {
  day: string;
  botId: string;
  requests: number;
  disallowedRequests: number;
  /** The latest `ts` of a disallowed request counted here; `null` when there is none. */
  lastViolationAt: Date | null;
}

/** The robots.txt versions each domain served, and per-day compliance counts per bot. */
export interface RobotsStore {
  /**
   * Records `text` as the domain's robots.txt from `at`, unless the domain's latest version
   * (greatest `effectiveFrom`, ties by insertion) has the same text: then it stores nothing.
   * Returns whether it stored and the version in force after the call.
   */
  recordRobotsVersion(
    domainId: string,
    text: string,
    at: Date,
  ): Promise<{ stored: boolean; version: RobotsVersion }>;
  /** Every version of the domain, oldest `effectiveFrom` first (ties by insertion); `[]` when none. */
  listRobotsVersions(domainId: string): Promise<RobotsVersion[]>;
  /**
   * Adds a batch of events to the counts of (domain, UTC day of `ts`, bot), atomically. An event
   * whose `eventId` was counted already changes nothing (replays are no-ops, in a batch too: the
   * first copy wins). `lastViolationAt` keeps the latest disallowed `ts`. Returns how many were
   * new. Under concurrent calls each event is counted exactly once.
   */
  addComplianceEvents(batch: readonly ComplianceEvent[]): Promise<{ inserted: number }>;
  /**
   * Forgets the ids of counted events whose `ts` is before `before` (their counts stay): a
   * replay of such an event is counted again. Returns how many ids it forgot.
   */
  forgetComplianceEvents(before: Date): Promise<number>;
  /**
   * Counts of the domain with `startDay <= day <= endDay` (both included), sorted by day then
   * botId (byte order). Only entries with `requests > 0`; `[]` when none.
   */
  complianceDayCounts(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<ComplianceDayCount[]>;
}

// ── the bundle ──────────────────────────────────────────────────────────────────────────────

/** The stores a crawlgate instance runs on (`createMemoryStores()`, `createKyselyStores(db)`). */
export interface Stores {
  accounts: AccountStore;
  rules: RuleStore;
  rateLimiter: RateLimiter;
  /** Purge and pre-warm jobs (re-renders). */
  purgeQueue: JobQueue;
  settingsCache: SettingsCache;
  crawls: CrawlStore;
  snapshots: SnapshotStore;
  /** AI referral visits (export-ai-referrals). */
  referrals: ReferralStore;
  /** Snapshot HTML and archive files. */
  blobs: BlobStore;
  /** The edge's page cache. */
  pages: PageCache;
  /** The crawl-log archive's index of files and day-close leases. */
  archive: ArchiveIndex;
  /** robots.txt versions and compliance counts. */
  robots: RobotsStore;
  /** The dashboard's sessions and used sign-in tokens. */
  dashboardSessions: DashboardSessionStore;
}
