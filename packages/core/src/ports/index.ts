/**
 * Ports: every storage or environment capability core needs, one file per area. Adapters are
 * plain factories whose result `satisfies` these interfaces. Every method is required. Every
 * sentence of a contract has a case in the conformance suites of `@crawlgate/core/testing`.
 * Days are UTC dates `YYYY-MM-DD`; a window `startDay..endDay` includes both bounds. "Byte order"
 * is UTF-8 byte order (`compareUtf8`).
 */

export type { AccountStore, DomainSettings } from "./accounts.js";
export type {
  AppendPartsResult,
  ArchiveFile,
  ArchiveIndex,
  ReplaceDayResult,
} from "./archive.js";
export type {
  ChargeGroupBy,
  ChargeLedger,
  ChargeProtocol,
  ChargeRow,
  ChargeTotal,
} from "./charges.js";
export type { ArchiveRow, CrawlDays, DayDrop, DomainDay } from "./crawl-days.js";
export type {
  AppendOptions,
  CrawlAggregates,
  CrawlLog,
  CrawlStore,
  PageRanking,
} from "./crawls.js";
export type { DashboardSessionStore } from "./dashboard-sessions.js";
export type { AsnLookup, Clock, FetchLike, Logger, Resolver } from "./environment.js";
export { silentLogger } from "./environment.js";
export type { FleetLock } from "./fleet-lock.js";
export type { RateDecision, RateLimiter, RateLimits } from "./limits.js";
export type { ContentHandler, MarkdownConverter, PreparedContent } from "./markdown.js";
export type { PageCache } from "./page-cache.js";
export type { EnqueueResult, JobQueue, RenderLane } from "./purge-queue.js";
export type { ReferralStore } from "./referrals.js";
export type { Renderer, RenderRequest, RenderResult } from "./rendering.js";
export type { ComplianceDayCount, ComplianceEvent, RobotsStore, RobotsVersion } from "./robots.js";
export type { EdgeSettings, RuleStore, RuleWriteResult, SettingsCache } from "./routing.js";
export type { BlobStore, RecordedSnapshot, SnapshotStore } from "./snapshots.js";
export type { Stores } from "./stores.js";
export type { WarmingStore, WarmSettings } from "./warming.js";
export type {
  DirectoryKey,
  KeyDirectoryCache,
  KeyDirectoryEntry,
  NonceStore,
} from "./web-bot-auth.js";
export type { X402Facilitator, X402Verification } from "./x402.js";
