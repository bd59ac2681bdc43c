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
  originUrl: string | null;
  verificationStage: string | null;
  createdAt: Date;
}

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

export interface PurgeJob {
  jobId: string;
  domainId: string;
  path: string;
  enqueuedAt: Date;
  /** Delivery attempts so far (leases handed out). */
  attempts: number;
}

/** The raw per-request verdict; aggregates count `automation` as `unknown`. */
export type Verdict = "verified" | "declared" | "automation" | "unknown";
export type AggregateTier = "verified" | "declared" | "unknown";
export type ServedFrom = "cache" | "render" | "origin";

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
