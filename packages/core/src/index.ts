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
export { openCursor } from "./api/cursor-param.js";
export type { ErrorCode } from "./api/errors.js";
export { CrawlgateError, ERROR_STATUS, errorResponse } from "./api/errors.js";
export type { ApiRequest, ApiResponse } from "./api/http-types.js";
export { MAX_BODY_BYTES } from "./api/http-types.js";
export { readLimitedBody } from "./api/read-body.js";
export { API_PREFIX, ROUTES } from "./api/routes.js";
export type { Classification, Classifier } from "./classify/index.js";
export { AUTOMATION_PATTERNS, compileClassifier, uaHash, withCache } from "./classify/index.js";
export type { PlanLimits, PlanOverrides, PlanTable } from "./config/plans.js";
export { DEFAULT_PLANS, planOverridesSchema, resolvePlans } from "./config/plans.js";
export type { Crawlgate, CrawlgateConfig, CrawlgateDeps } from "./crawlgate.js";
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
  ServedDelta,
  SummaryDelta,
} from "./ingest/index.js";
export {
  aggregateTier,
  botKey,
  countCrawls,
  createBatcher,
  createIngest,
  DEFAULT_PATH_CAP,
  legacyImportCounts,
  legacyKey,
  OVERFLOW_PATH,
  pathKey,
  servedKey,
  summaryKey,
  upgradeCounts,
  utcDay,
} from "./ingest/index.js";
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
export type {
  AccountStore,
  AppendOptions,
  Clock,
  CrawlStore,
  EdgeSettings,
  EnqueueResult,
  JobQueue,
  RateDecision,
  RateLimiter,
  RateLimits,
  RuleStore,
  RuleWriteResult,
  SettingsCache,
} from "./ports.js";
export type { AiSource, SurfaceType, VisitSignals } from "./referrals/index.js";
export { AI_SOURCES, detectAiSource } from "./referrals/index.js";
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
  LegacyCountInput,
  LegacyDayCount,
  MemberRole,
  PathDayCount,
  PlanName,
  PurgeJob,
  RedirectCode,
  Role,
  RoutingRule,
  RuleType,
  ServedDayCount,
  ServedFrom,
  User,
  Verdict as CrawlVerdict,
} from "./types.js";
export { PLAN_NAMES } from "./types.js";
export type {
  AsnLookup,
  RangeSet,
  Resolver,
  Tier,
  Verdict,
  Verifier,
  VerifierOptions,
} from "./verify/index.js";
export { buildRangeSet, createVerifier, parseRangeFile } from "./verify/index.js";
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
  isValidDate,
  LEGACY_CUTOVER,
  resolveGranularity,
  resolveWindow,
  STANDARD_WINDOW,
  utcDateOf,
} from "./window/index.js";
