// Public entry of @crawlgate/core. Re-exports by name; see each folder's index for details.

export type { AccountAdmin, AdminResult } from "./accounts/admin.js";
export { createAccountAdmin, normalizeHostname } from "./accounts/admin.js";
export {
  API_KEY_PREFIX,
  constantTimeEqual,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./accounts/api-key.js";
export type { ApiDeps, StoreDeps } from "./api/context.js";
export type { Api } from "./api/create-api.js";
export { createApi } from "./api/create-api.js";
export type { ErrorCode } from "./api/errors.js";
export { CrawlgateError, ERROR_STATUS, errorResponse } from "./api/errors.js";
export { openCursor } from "./api/exports/cursor-param.js";
export type { ApiRequest, ApiResponse } from "./api/http-types.js";
export { MAX_BODY_BYTES } from "./api/http-types.js";
export { readLimitedBody } from "./api/read-body.js";
export { API_PREFIX, ROUTES } from "./api/routes.js";
export {
  assertBlobKey,
  BlobStoreUnavailable,
  isBlobStoreUnavailable,
  isValidBlobKey,
} from "./blobs/index.js";
export type { Classification, Classifier } from "./classify/index.js";
export { AUTOMATION_PATTERNS, compileClassifier, uaHash, withCache } from "./classify/index.js";
export type { PlanLimits, PlanOverrides, PlanTable } from "./config/plans.js";
export { DEFAULT_PLANS, planOverridesSchema, resolvePlans } from "./config/plans.js";
export type {
  Crawlgate,
  CrawlgateConfig,
  CrawlgateDeps,
  IngestService,
  SnapshotService,
} from "./crawlgate.js";
export { createCrawlgate, systemClock } from "./crawlgate.js";
export type { CursorPayload, DecodedCursor } from "./cursor/index.js";
export { DEFAULT_CURSOR_TTL_SECONDS, decodeCursor, encodeCursor } from "./cursor/index.js";
export type { Edge, EdgeDecision, EdgeDeps, EdgeRequest } from "./edge/index.js";
export { createEdge, normalizeHost } from "./edge/index.js";
export type {
  Batcher,
  BatcherOptions,
  BotDelta,
  CountDeltas,
  CountedCrawl,
  CrawlEvent,
  Ingest,
  IngestDeps,
  LegacyDelta,
  PathDelta,
  RecordedCrawl,
  RecordedReferral,
  ReferralIngest,
  ReferralIngestDeps,
  ServedDelta,
  SummaryDelta,
  VisitEvent,
} from "./ingest/index.js";
export {
  aggregateTier,
  botKey,
  countCrawls,
  createBatcher,
  createIngest,
  createReferralIngest,
  DEFAULT_PATH_CAP,
  landingPath,
  legacyImportCounts,
  legacyKey,
  OVERFLOW_PATH,
  pathKey,
  servedKey,
  summaryKey,
  upgradeCounts,
  utcDay,
} from "./ingest/index.js";
export type {
  FeedOutcome,
  FetchLike,
  RangeRefresher,
  RangeRefreshOptions,
} from "./jobs/index.js";
export { createRangeRefresher, RANGE_REFRESH_INTERVAL_MS } from "./jobs/index.js";
export type { RateCounters } from "./limits/rate-decision.js";
export { decideRate } from "./limits/rate-decision.js";
export {
  MINUTE_MS,
  nextUtcMonthStart,
  retryAfterSeconds,
  utcMonthStart,
} from "./limits/rate-windows.js";
export type { Logger } from "./logger.js";
export { silentLogger } from "./logger.js";
export { passesCountFilter, rankPathRows, rowsOfPaths } from "./pages/index.js";
export type {
  AccountStore,
  AppendOptions,
  BlobStore,
  Clock,
  CrawlStore,
  EdgeSettings,
  EnqueueResult,
  JobQueue,
  RateDecision,
  RateLimiter,
  RateLimits,
  RecordedSnapshot,
  ReferralStore,
  RuleStore,
  RuleWriteResult,
  SettingsCache,
  SnapshotStore,
} from "./ports.js";
export type { AiSource, PathSourceCount, SurfaceType, VisitSignals } from "./referrals/index.js";
export {
  AI_SOURCES,
  compareUtf8,
  detectAiSource,
  rankLandingPaths,
  sumBySource,
} from "./referrals/index.js";
export type {
  MatchRequest,
  Parsed,
  RuleDraft,
  RuleIndex,
  RuleMatch,
  RulePatch,
  TargetCheck,
} from "./routing/index.js";
export {
  applyRulePatch,
  checkProxyTarget,
  checkSourceGrammar,
  compareRuleOrder,
  compileRuleIndex,
  isPublicUnicastAddress,
  parseCreateRule,
  parsePatchRule,
  parseSource,
  sourceKey,
} from "./routing/index.js";
export type { KeyRing, SigningKey } from "./signing/index.js";
export {
  createKeyRing,
  decodeBase64url,
  encodeBase64url,
  presignPath,
  verifyPresigned,
} from "./signing/index.js";
export type { HtmlLinks, SeoSummary, SnapshotDeps, SnapshotInput } from "./snapshots/index.js";
export {
  auditSeo,
  dropExpiredHtml,
  gunzip,
  gunzipText,
  gzip,
  HTML_URL_LIFETIME_SECONDS,
  htmlKey,
  htmlLinks,
  latestPerPath,
  readSnapshotGzip,
  readSnapshotHtml,
  recordSnapshot,
  SEO_WEIGHTS,
  seoBucket,
  sha256Hex,
  snapshotFilePath,
  summarizeSeo,
} from "./snapshots/index.js";
export type {
  BotDefinition,
  Intent,
  LegacyKey,
  PublicBot,
  PublicIntent,
  Taxonomy,
  VerificationMethod,
} from "./taxonomy/index.js";
export {
  AI_INTENTS,
  CURRENT_TAXONOMY_VERSION,
  createLegacyKeyMapper,
  getTaxonomy,
  INTENTS,
  legacyKeyOf,
  legacyKeys,
  listTaxonomyVersions,
  publicDefinitions,
  referenceClassify,
  SOCIAL_OTHER_KEY,
  UNKNOWN_BOT_ID,
  VERIFICATION_METHODS,
} from "./taxonomy/index.js";
export type {
  AggregateTier,
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
  PathQuery,
  PathRanking,
  PathRankQuery,
  PathSort,
  PlanName,
  PurgeJob,
  RankedPath,
  RedirectCode,
  ReferralDayCount,
  ReferralVisit,
  Role,
  RoutingRule,
  RuleType,
  SeoAudit,
  SeoBucket,
  SeoIssue,
  ServedDayCount,
  ServedFrom,
  Snapshot,
  SourceCounts,
  User,
  Verdict as CrawlVerdict,
} from "./types.js";
export { PLAN_NAMES } from "./types.js";
export type {
  AsnLookup,
  RangeFeed,
  RangeSet,
  RangeSnapshot,
  Resolver,
  Tier,
  Verdict,
  Verifier,
  VerifierOptions,
} from "./verify/index.js";
export {
  buildRangeSet,
  createVerifier,
  loadShippedRanges,
  parseRangeFile,
  rangeFeeds,
  shippedRangeSnapshots,
} from "./verify/index.js";
export type {
  Bucket,
  ClampResult,
  Granularity,
  Window,
  WindowResult,
  WindowRules,
} from "./window/index.js";
export {
  addDays,
  buckets,
  CRAWL_LOG_WINDOW,
  clampToCutover,
  dayNumber,
  daysBetween,
  eachDay,
  fromDayNumber,
  isValidDate,
  LEGACY_CUTOVER,
  resolveGranularity,
  resolveWindow,
  STANDARD_WINDOW,
  utcDateOf,
} from "./window/index.js";
