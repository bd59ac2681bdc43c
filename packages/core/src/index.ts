// @crawlgate/core: what a host application (an embedder) calls to run crawlgate: the instance and
// its services, the scheduler, health, the fetch renderer, the errors, and the types reachable
// from them. Storage adapters, renderers, HTTP bridges, crawlgate's own packages and benches take
// everything else (every port, every row type, the compiled forms) from
// `@crawlgate/core/adapter-kit`; conformance suites and fixtures are in `@crawlgate/core/testing`.
// The list is pinned by `packages/integration-tests/src/entries.test.ts`.

export type { AccountAdmin } from "./accounts/admin.js";
export type { OperationAnswer, OperationCall } from "./api/call-as.js";
export { createOperationCaller } from "./api/call-as.js";
export type { ApiDeps } from "./api/context.js";
export type { Api } from "./api/create-api.js";
export type { OpenApiDocument } from "./api/openapi/document.js";
export { openApiDocument } from "./api/openapi/document.js";
export type { CloseArchiveOptions, CloseArchiveSummary } from "./archive/index.js";
export { closeArchive } from "./archive/index.js";
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
export type { Edge, EdgeDecision, EdgeRequest, RobotsPreview, RobotsTxt } from "./edge/index.js";
export type { ErrorCode } from "./errors.js";
export { CrawlgateError, isCrawlgateError } from "./errors.js";
export type { Health, HealthOptions, Readiness, ReadinessCheck } from "./health/health.js";
export { createHealth } from "./health/health.js";
export type { ApiRequest, ApiResponse } from "./http/types.js";
export type { CrawlEvent, RecordHow, SeenRequest, VisitEvent } from "./ingest/index.js";
export type { FleetOptions, Job, Scheduler, SchedulerOptions } from "./jobs/index.js";
export { createScheduler } from "./jobs/index.js";
export type {
  FallbackRateLimiterOptions,
  FallbackRateLimiterStats,
} from "./limits/fallback-rate-limiter.js";

export { createFallbackRateLimiter } from "./limits/fallback-rate-limiter.js";
export { createJsonLogger } from "./logging/json-logger.js";
export type { CrawlerPolicy, StoredPolicy } from "./policy/index.js";
export { DEFAULT_POLICY } from "./policy/index.js";
export type {
  AsnLookup,
  Clock,
  FetchLike,
  FleetLock,
  Logger,
  Renderer,
  Resolver,
  Stores,
} from "./ports/index.js";
export { silentLogger } from "./ports/index.js";
export { createFetchRenderer } from "./render/index.js";
export type { SigningKey } from "./signing/index.js";
export type { BotDefinition, Taxonomy } from "./taxonomy/index.js";
export { getTaxonomy } from "./taxonomy/index.js";
export type {
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
export type { FeedOutcome, FeedStatus, RangeRefresher } from "./verify/index.js";
