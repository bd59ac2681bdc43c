// @crawlgate/core: what a host application needs to run crawlgate. Authors of storage adapters
// and HTTP bridges also use `@crawlgate/core/adapter-kit`; conformance suites and fixtures are in
// `@crawlgate/core/testing`.

export type { AccountAdmin } from "./accounts/admin.js";
export { normalizeHostname } from "./accounts/admin.js";
export type { OperationAnswer, OperationCall } from "./api/call-as.js";
export { createOperationCaller } from "./api/call-as.js";
export type { ApiDeps } from "./api/context.js";
export type { Api } from "./api/create-api.js";
export type { ApiRequest, ApiResponse } from "./api/http-types.js";
export type { OpenApiDocument } from "./api/openapi/document.js";
export { API_VERSION, openApiDocument } from "./api/openapi/document.js";
export { apiMarkdown } from "./api/openapi/markdown.js";
export { API_PREFIX } from "./api/routes.js";
export type { CloseArchiveOptions, CloseArchiveSummary } from "./archive/index.js";
export { closeArchive } from "./archive/index.js";
export type { Classification, Classifier } from "./classify/index.js";
export { compileClassifier, uaHash, withCache } from "./classify/index.js";
export type { PlanOverrides } from "./config/plans.js";
export type {
  Crawlgate,
  CrawlgateConfig,
  CrawlgateDeps,
  DashboardService,
  IngestService,
  SnapshotService,
} from "./crawlgate.js";
export { createCrawlgate, systemClock } from "./crawlgate.js";
export type {
  Dashboard,
  DashboardAsset,
  DashboardAssets,
  DashboardOptions,
} from "./dashboard/index.js";
export {
  createDashboard,
  DASHBOARD_PREFIX,
  notBuiltAssets,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SIGN_IN_LINK_TTL_MS,
  SIGNED_OUT_PATH,
} from "./dashboard/index.js";
export type { Edge, EdgeDecision, EdgeRequest, RobotsPreview, RobotsTxt } from "./edge/index.js";
export { isStaticAsset } from "./edge/index.js";
export type { ErrorCode } from "./errors.js";
export { CrawlgateError, isCrawlgateError, serviceUnavailable } from "./errors.js";
export type { Health, HealthOptions, Readiness, ReadinessCheck } from "./health/health.js";
export { createHealth, LIVENESS_PATH, READINESS_PATH } from "./health/health.js";
export type { CrawlEvent, VisitEvent } from "./ingest/index.js";
export type {
  FeedOutcome,
  FeedStatus,
  FleetOptions,
  Job,
  RangeRefresher,
  Scheduler,
  SchedulerOptions,
} from "./jobs/index.js";
export { createScheduler } from "./jobs/index.js";
export type {
  FallbackRateLimiterOptions,
  FallbackRateLimiterStats,
} from "./limits/fallback-rate-limiter.js";
export { createFallbackRateLimiter } from "./limits/fallback-rate-limiter.js";
export { silentLogger } from "./logger.js";
export type {
  CompiledPolicy,
  CrawlerPolicy,
  DeniedBot,
  DenyAction,
  EdgeVerification,
  PolicyAction,
  PolicyDecision,
  PolicyMatch,
  PolicyRule,
  PolicySubject,
  StoredPolicy,
} from "./policy/index.js";
export {
  botsDeniedEverywhere,
  compilePolicy,
  crawlerPolicy,
  DEFAULT_POLICY,
  POLICY_LIMITS,
  policyRequestPath,
  policySubject,
  priceHeader,
} from "./policy/index.js";
export type {
  AccountStore,
  ArchiveFile,
  ArchiveIndex,
  ArchiveRow,
  AsnLookup,
  BlobStore,
  Clock,
  ComplianceDayCount,
  ComplianceEvent,
  CrawlStore,
  DashboardSessionStore,
  DomainSettings,
  FetchLike,
  FleetLock,
  JobQueue,
  Logger,
  PageCache,
  RateLimiter,
  ReferralStore,
  Renderer,
  RenderRequest,
  RenderResult,
  Resolver,
  RobotsStore,
  RobotsVersion,
  RuleStore,
  SettingsCache,
  SnapshotStore,
  Stores,
} from "./ports.js";
export type { RenderFailure } from "./render/index.js";
export { createFetchRenderer, isRenderFailed, RenderFailed } from "./render/index.js";
export type { RuleIndex } from "./routing/index.js";
export { compileRuleIndex } from "./routing/index.js";
export type { SigningKey } from "./signing/index.js";
export type { BotDefinition, Taxonomy } from "./taxonomy/index.js";
export { getTaxonomy } from "./taxonomy/index.js";
export type {
  CachedPage,
  CrawlRecord,
  DashboardSession,
  Domain,
  PlanName,
  Role,
  RoutingRule,
  ServedFrom,
  Snapshot,
  User,
  Verdict,
} from "./types.js";
export { PLAN_NAMES } from "./types.js";
export { LEGACY_CUTOVER } from "./window/index.js";
