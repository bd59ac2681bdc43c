// @crawlgate/core/adapter-kit: for authors of storage adapters and HTTP bridges. Everything here
// is how core defines a rule that every adapter must apply identically (counting, ordering, the
// path cap, rate windows, blob keys) or the reference an optimised adapter is checked against.
// It follows core's minor version: a minor release may change it; the app entry
// (`@crawlgate/core`) is the stable surface.
//
// What is here: the HTTP bridges' body reader, request-target parser and error response;
// blob-key checks and `BlobStoreUnavailable`; the counting of crawls into aggregates (deltas,
// keys, the per-domain-day path cap `admitPath`); `decideRate`; the page-ranking read model's
// algorithm (the SQL adapters keep its tables); the reference implementations the memory adapter
// runs and optimised adapters are checked against; the port roles and the row types of their
// contracts; the proxy's address rule; `compareUtf8` and day numbers.

export { MAX_BODY_BYTES } from "./api/http-types.js";
export { readLimitedBody } from "./api/read-body.js";
export type { OriginSources } from "./api/request-origin.js";
export { requestOrigin } from "./api/request-origin.js";
export type { RequestTarget } from "./api/request-target.js";
export {
  errorApiResponse,
  invalidTargetError,
  parseRequestTarget,
} from "./api/request-target.js";
export { archiveRowOf } from "./archive/archive-files.js";
export {
  assertBlobKey,
  assertByteRange,
  BlobStoreUnavailable,
  isBlobStoreUnavailable,
  isValidBlobKey,
} from "./blobs/index.js";
export type {
  BotDelta,
  CountDeltas,
  CountedCrawl,
  DayPathCap,
  LegacyDelta,
  PathDelta,
  ServedDelta,
  SummaryDelta,
} from "./ingest/index.js";
export {
  admitPath,
  aggregateTier,
  botKey,
  countCrawls,
  DEFAULT_PATH_CAP,
  domainDayKey,
  legacyImportCounts,
  legacyKey,
  newDayPathCap,
  OVERFLOW_PATH,
  pathKey,
  servedKey,
  summaryKey,
  upgradeCounts,
} from "./ingest/index.js";
export type { RateCounters } from "./limits/rate-decision.js";
export { decideRate } from "./limits/rate-decision.js";
export {
  MINUTE_MS,
  nextUtcMonthStart,
  retryAfterSeconds,
  utcMonthStart,
} from "./limits/rate-windows.js";
export type {
  Block,
  BlockCounts,
  BlockSet,
  DayTiers,
  PathDirectory,
  RefreshStep,
} from "./page-ranking/index.js";
export {
  ALL_BOTS,
  addBlockSets,
  addBlocks,
  blockBytes,
  blockEnd,
  compactBlock,
  DayBlockBuilder,
  passesCountFilter,
  planRefreshStep,
  planWindowRead,
  rankBlocks,
  rankPathRows,
  rowsOfPaths,
} from "./page-ranking/index.js";
export type {
  AppendOptions,
  ArchiveFile,
  ArchiveIndex,
  CrawlAggregates,
  CrawlDays,
  CrawlLog,
  DomainDay,
  EdgeSettings,
  EnqueueResult,
  PageRanking,
  RateDecision,
  RateLimits,
  RecordedSnapshot,
  ReplaceDayResult,
  RuleWriteResult,
} from "./ports.js";
export type { PathSourceCount } from "./referrals/index.js";
export { rankLandingPaths, sumBySource } from "./referrals/index.js";
export type { DeclaredResponse } from "./render/index.js";
export { DEFAULT_RENDER_MAX_BYTES, declaredResponse, readBodyCapped } from "./render/index.js";
export { isPublicUnicastAddress } from "./routing/index.js";
export { sha256Hex } from "./snapshots/content.js";
export { latestPerPath } from "./snapshots/index.js";
export { legacyKeyOf, legacyKeys, referenceClassify } from "./taxonomy/index.js";
export { compareUtf8 } from "./text/index.js";
export type {
  AggregateTier,
  ApiKeyRecord,
  BotDayCount,
  DaySummaryCount,
  DomainAccess,
  LandingPathCounts,
  LegacyCountInput,
  LegacyDayCount,
  MemberRole,
  PathCountFilter,
  PathDayCount,
  PathQuery,
  PathRanking,
  PathRankQuery,
  PathSort,
  PurgeJob,
  RankedPath,
  RedirectCode,
  ReferralDayCount,
  ReferralVisit,
  RuleType,
  SeoIssue,
  ServedDayCount,
  SourceCounts,
} from "./types.js";
export { AGGREGATE_TIERS } from "./types.js";
export { addDays, dayNumber, fromDayNumber, isValidDate, utcDay } from "./window/index.js";
