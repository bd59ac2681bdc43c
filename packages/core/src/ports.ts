import type {
  ApiKeyRecord,
  BotDayCount,
  CrawlRecord,
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
 * Ports: every storage or environment capability core needs. Adapters are plain factories whose
 * result `satisfies` these interfaces. Every method is required; every sentence of a contract
 * below has a case in the conformance suites of `@crawlgate/core/testing`.
 */

/** Source of the current instant. */
export interface Clock {
  now(): Date;
}

/** Users, plans, API keys (hash only), domains and memberships. */
export interface AccountStore {
  /**
   * Creates a user. `name` is unique (exact string). Returns `"duplicate_name"` and changes
   * nothing when a user with that name exists.
   */
  createUser(user: User): Promise<User | "duplicate_name">;
  /** The user with that ID, or `null`. */
  getUser(userId: string): Promise<User | null>;
  /** The user with that exact name, or `null`. */
  getUserByName(name: string): Promise<User | null>;
  /** Changes a user's plan. Returns `false` when no such user. */
  setUserPlan(userId: string, plan: PlanName): Promise<boolean>;

  /** Stores a key record. `keyHash` is unique; the user must exist. */
  createApiKey(key: ApiKeyRecord): Promise<void>;
  /**
   * The key record whose `keyHash` equals the argument, revoked or not, or `null`. Callers
   * compare hashes again in constant time and check `revokedAt` themselves.
   */
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** The user's keys, oldest first (ties by `keyId`). */
  listApiKeys(userId: string): Promise<ApiKeyRecord[]>;
  /**
   * Marks a key revoked at `at`. Returns `false` when no such key or it is already revoked
   * (the first revocation time is kept).
   */
  revokeApiKey(keyId: string, at: Date): Promise<boolean>;

  /**
   * Creates a domain. `hostname` is unique (callers pass it lowercase). Returns
   * `"duplicate_hostname"` and changes nothing when the hostname is taken.
   */
  createDomain(domain: Domain): Promise<Domain | "duplicate_hostname">;
  /** The domain with that ID, regardless of who may see it, or `null`. */
  getDomain(domainId: string): Promise<Domain | null>;
  /** The domain with that exact (lowercase) hostname, or `null`. */
  getDomainByHostname(hostname: string): Promise<Domain | null>;
  /**
   * Grants `role` on a domain to a user, replacing an earlier membership of that user on that
   * domain. Sharing with the owner is allowed and stored, but never changes what the owner sees.
   * Returns `false` when the domain or the user does not exist.
   */
  shareDomain(domainId: string, userId: string, role: MemberRole): Promise<boolean>;
  /**
   * Every domain the user owns or is a member of, each exactly once, sorted by hostname
   * ascending (byte order of the lowercase hostname). A domain both owned by and shared with the
   * user has role `owner`.
   */
  listAccessibleDomains(userId: string): Promise<DomainAccess[]>;
  /**
   * The user's access to one domain (`owner` wins over a membership), or `null` when the domain
   * does not exist or the user has no access: the two cases are indistinguishable on purpose.
   */
  getDomainAccess(userId: string, domainId: string): Promise<DomainAccess | null>;
}

/** Result of `RuleStore.createRule` / `updateRule`. Expected outcomes are values, not throws. */
export type RuleWriteResult =
  | { ok: true; rule: RoutingRule }
  | { ok: false; reason: "duplicate_source_path" | "rule_limit_reached" | "rule_not_found" };

/** Routing rules per domain. */
export interface RuleStore {
  /**
   * Every rule of the domain (active and paused), sorted by `priority` descending, then
   * `createdAt` ascending, then `ruleId` ascending. Empty when none.
   */
  listRules(domainId: string): Promise<RoutingRule[]>;
  /** Number of rules of the domain, active and paused. */
  countRules(domainId: string): Promise<number>;
  /** The rule with that ID on that domain, or `null` (also when it belongs to another domain). */
  getRule(domainId: string, ruleId: string): Promise<RoutingRule | null>;
  /**
   * Inserts `rule` (its `domainId` names the domain) atomically with two checks, in this order:
   * when `limit` is a number and the domain already has `limit` or more rules →
   * `rule_limit_reached`; when another rule of the domain has the same `sourceKey` →
   * `duplicate_source_path`. Nothing is written on failure. Both checks hold under any number
   * of concurrent calls.
   */
  createRule(rule: RoutingRule, sourceKey: string, limit: number | null): Promise<RuleWriteResult>;
  /**
   * Replaces the stored rule that has `rule.ruleId` on `rule.domainId` with `rule` (every field;
   * `createdAt` is kept as stored). `rule_not_found` when it does not exist there;
   * `duplicate_source_path` when another rule of the domain has `sourceKey`.
   */
  updateRule(rule: RoutingRule, sourceKey: string): Promise<RuleWriteResult>;
  /** Deletes the rule and returns it as it was, or `null` when it does not exist on that domain. */
  deleteRule(domainId: string, ruleId: string): Promise<RoutingRule | null>;
}

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
   * first request after the previous window expired and lasts 60 s; the month is the UTC
   * calendar month of `now`. Checks the minute first, then the month; a refused request is not
   * counted in either window. Under N concurrent calls with room for K, exactly min(N, K) are
   * allowed.
   */
  consume(subject: string, limits: RateLimits, now: Date): Promise<RateDecision>;
}

/** Result of enqueueing a purge job. */
export interface EnqueueResult {
  /** `false` when an identical job (same domain and path) was already pending: nothing added. */
  enqueued: boolean;
  job: PurgeJob;
}

/** Purge / pre-warm jobs: de-duplicated while pending, delivered at least once with leases. */
export interface JobQueue {
  /**
   * Adds a job for (domainId, path) unless one for the same pair is pending (queued or leased
   * and not completed); then returns that job with `enqueued: false`.
   */
  enqueuePurge(domainId: string, path: string, now: Date): Promise<EnqueueResult>;
  /**
   * Leases up to `max` jobs that are queued or whose lease expired before `now`, oldest
   * `enqueuedAt` first (ties by `jobId`); each leased job's `attempts` grows by one and it is
   * invisible to other `lease` calls until `now + leaseMs`. Two concurrent calls never receive
   * the same job.
   */
  lease(now: Date, leaseMs: number, max: number): Promise<PurgeJob[]>;
  /** Removes a leased job for good. Returns `false` when it is unknown or already completed. */
  complete(jobId: string): Promise<boolean>;
  /** Number of pending jobs (queued or leased, not completed). */
  pendingCount(): Promise<number>;
}

/** What the edge needs for one hostname, compiled from the stores. */
export interface EdgeSettings {
  domainId: string;
  hostname: string;
  /** Active and paused rules in list order; the edge skips paused ones. */
  rules: RoutingRule[];
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
   * when nothing was cached), `false` when the cache could not be reached: callers report it
   * as `cacheInvalidated` and never fail the write because of it.
   */
  invalidate(domainId: string): Promise<boolean>;
}

/** Options of `CrawlStore.appendCrawls`. */
export interface AppendOptions {
  /**
   * Distinct paths per domain and UTC day in the path aggregates; a crawl of a further new path
   * is counted under `__overflow__` (its raw row keeps the real path).
   */
  pathCap: number;
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

/** Raw crawl rows and the aggregates the exports read, and the page ranking over them. */
export interface CrawlStore extends PageRanking {
  /**
   * Stores a batch atomically: every record whose `eventId` is new gets its raw row and its
   * aggregate counts (tier `automation` counts as `unknown`; the day is the UTC date of `ts`);
   * records whose `eventId` is already stored change nothing (replays are no-ops). Returns how
   * many records were new. Under concurrent calls each event is counted exactly once.
   */
  appendCrawls(
    batch: readonly CrawlRecord[],
    options: AppendOptions,
  ): Promise<{ inserted: number }>;
  /**
   * Upgrades a stored `declared` event to `verified` (a late confirmation), moving its count in
   * the aggregates; returns `false` (and changes nothing) when the event is unknown or not
   * `declared`.
   */
  upgradeToVerified(
    eventId: string,
    botOperator: string | null,
    matchedRange: string | null,
  ): Promise<boolean>;
  /**
   * The `snapshotId` stored on the raw row of crawl event `eventId` (any domain: callers check
   * access to the snapshot's domain), or `null` when the event is unknown or was served without
   * a snapshot.
   */
  snapshotIdOfEvent(eventId: string): Promise<string | null>;
  /** Raw rows of a domain with `from <= ts < to`, oldest first (ties by eventId), at most `limit`. */
  listCrawls(domainId: string, from: Date, to: Date, limit: number): Promise<CrawlRecord[]>;
  /** Counts per day, bot and tier for `startDay <= day <= endDay`, sorted by day, botId, tier. */
  botDayCounts(domainId: string, startDay: string, endDay: string): Promise<BotDayCount[]>;
  /** Counts per day, path, bot and tier for the window, sorted by day, path, botId, tier. */
  pathDayCounts(domainId: string, startDay: string, endDay: string): Promise<PathDayCount[]>;
  /**
   * Counts of one path (as aggregated: a path beyond the cap is only under `__overflow__`) per
   * day, bot, tier, servedFrom and snapshotId for `startDay <= day <= endDay`, sorted by day,
   * botId, tier, servedFrom, then snapshotId with `null` first; each with `lastSeenAt`, the latest
   * `ts` counted in it (a late verification does not lower it on the `declared` entry it leaves).
   * Only entries with a count; `[]` when the path has none in the window.
   */
  servedDayCounts(
    domainId: string,
    path: string,
    startDay: string,
    endDay: string,
  ): Promise<ServedDayCount[]>;
  /**
   * Crawls per day and servedFrom (every bot and tier) for `startDay <= day <= endDay`, sorted by
   * day then servedFrom; days without crawls have no entry (`[]` when none).
   */
  daySummaryCounts(domainId: string, startDay: string, endDay: string): Promise<DaySummaryCount[]>;
  /**
   * Crawls per day and legacy per-bot key (`legacyKeyOf`; crawls with no key are not here) with
   * how many are verified, for `startDay <= day <= endDay`, sorted by day then key; raw crawls
   * and `addLegacyCounts` add up. Only entries with `total > 0`; `[]` when none.
   */
  legacyDayCounts(domainId: string, startDay: string, endDay: string): Promise<LegacyDayCount[]>;
  /**
   * Adds imported per-key counts of a day before the cutover (no raw rows exist for them); called
   * again for the same day it adds up. Rows are checked by `legacyImportCounts` (a `RangeError`
   * changes nothing); rows with `total` 0 are ignored.
   */
  addLegacyCounts(domainId: string, day: string, rows: readonly LegacyCountInput[]): Promise<void>;
}

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
  /** Whether something is stored under `key`. */
  hasBlob(key: string): Promise<boolean>;
  /** Removes `key`. Returns `false` when nothing was stored there. */
  deleteBlob(key: string): Promise<boolean>;
}

/** Result of `SnapshotStore.recordSnapshot`. */
export interface RecordedSnapshot {
  snapshot: Snapshot;
  /** `false` when the (domain, path, contentHash) was already known. */
  created: boolean;
}

/** Snapshot metadata, the crawl events that served them, and HTML retention marks. */
export interface SnapshotStore {
  /**
   * Stores `snapshot` unless one with the same (domainId, path, contentHash) exists. When it
   * exists, that one is returned with `created: false`, its `lastRecordedAt` becomes the later of
   * the two and `htmlRetained` becomes `true`; every other stored field is kept. Under concurrent
   * calls for one triple exactly one snapshot is created.
   */
  recordSnapshot(snapshot: Snapshot): Promise<RecordedSnapshot>;
  /** The snapshot with that ID, or `null`. */
  getSnapshot(snapshotId: string): Promise<Snapshot | null>;
  /** The known snapshots among `snapshotIds`, each once, sorted by snapshotId; unknown IDs are skipped. */
  getSnapshots(snapshotIds: readonly string[]): Promise<Snapshot[]>;
  /**
   * For each path of the domain, its latest snapshot (greatest `lastRecordedAt`, ties by the
   * smaller snapshotId), sorted by path (byte order). Empty when the domain has none.
   */
  latestSnapshots(domainId: string): Promise<Snapshot[]>;
  /**
   * Content hashes whose HTML is still retained by some snapshot while every snapshot with that
   * hash was last recorded strictly before `cutoff`; ascending, at most `limit`.
   */
  expiredContentHashes(cutoff: Date, limit: number): Promise<string[]>;
  /**
   * Atomically marks every snapshot with `contentHash` as no longer retaining HTML, unless one of
   * them was recorded at or after `cutoff` (then nothing changes). Returns whether a snapshot
   * changed.
   */
  markHtmlDropped(contentHash: string, cutoff: Date): Promise<boolean>;
  /** Records that crawl event `eventId` was served `snapshotId`. The first link of an event wins. */
  linkEvent(eventId: string, snapshotId: string): Promise<void>;
  /** The snapshot linked to the crawl event, or `null`. */
  snapshotIdOfEvent(eventId: string): Promise<string | null>;
}
/**
 * AI referral visits aggregated per domain, UTC day, landing path and source. Windows are UTC
 * days `YYYY-MM-DD`, both bounds inclusive. Paths compare in UTF-8 byte order (`compareUtf8`).
 */
export interface ReferralStore {
  /**
   * Stores a batch atomically: every visit whose `visitId` is new is counted once under its
   * domain, the UTC day of `ts`, its landing path and its source; visits whose `visitId` is
   * already stored (or repeated in the batch) change nothing. At most `options.pathCap` distinct
   * landing paths are counted per domain and day (referral paths only, crawls have their own);
   * a visit to a further new path is counted under `__overflow__`. Returns how many visits were
   * new. Under concurrent calls each visit is counted exactly once and the cap holds.
   */
  appendReferrals(
    batch: readonly ReferralVisit[],
    options: AppendOptions,
  ): Promise<{ inserted: number }>;
  /**
   * Visits per day and source in the window, `__overflow__` included, sorted by day then source;
   * days and sources without visits are absent.
   */
  referralDayCounts(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<ReferralDayCount[]>;
  /**
   * The `limit` landing paths with the most visits in the window, summed over its days, ranked
   * by `total` descending then path ascending, each with its counts per source. `__overflow__` is
   * never listed. Empty when none.
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
