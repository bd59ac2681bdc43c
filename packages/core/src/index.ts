// @crawlgate/core: what a host application needs to run crawlgate. Authors of storage adapters
// and HTTP bridges also use `@crawlgate/core/adapter-kit`; conformance suites and fixtures are in
// `@crawlgate/core/testing`.

export type { AccountAdmin, AdminResult } from "./accounts/admin.js";
export { normalizeHostname } from "./accounts/admin.js";
export type { Api } from "./api/create-api.js";
export type { ApiRequest, ApiResponse } from "./api/http-types.js";
export { API_PREFIX } from "./api/routes.js";
export type { Classification, Classifier } from "./classify/index.js";
export { compileClassifier, uaHash, withCache } from "./classify/index.js";
export type { PlanLimits, PlanOverrides } from "./config/plans.js";
export type { IngestOptions } from "./config/resolve-config.js";
export type {
  Crawlgate,
  CrawlgateConfig,
  CrawlgateDeps,
  IngestService,
  SnapshotService,
} from "./crawlgate.js";
export { createCrawlgate, systemClock } from "./crawlgate.js";
export type { Edge, EdgeDecision, EdgeRequest } from "./edge/index.js";
export type { ErrorCode } from "./errors.js";
export { CrawlgateError, isCrawlgateError } from "./errors.js";
export type { CrawlEvent, RecordedCrawl, RecordedReferral, VisitEvent } from "./ingest/index.js";
export type {
  FeedOutcome,
  FetchLike,
  Job,
  JobReport,
  RangeRefresher,
  Scheduler,
  SchedulerOptions,
} from "./jobs/index.js";
export { createScheduler } from "./jobs/index.js";
export { silentLogger } from "./logger.js";
export type {
  AccountStore,
  AsnLookup,
  BlobStore,
  Clock,
  CrawlStore,
  JobQueue,
  Logger,
  RateLimiter,
  ReferralStore,
  Resolver,
  RuleStore,
  SettingsCache,
  SnapshotStore,
  Stores,
} from "./ports.js";
export type { MatchRequest, RuleIndex, RuleMatch } from "./routing/index.js";
export { compileRuleIndex } from "./routing/index.js";
export type { SigningKey } from "./signing/index.js";
export type { Taxonomy } from "./taxonomy/index.js";
export { getTaxonomy } from "./taxonomy/index.js";
export type {
  AggregateTier,
  CrawlRecord,
  Domain,
  DomainAccess,
  PlanName,
  ReferralVisit,
  Role,
  RoutingRule,
  ServedFrom,
  Snapshot,
  User,
  Verdict,
} from "./types.js";
export { PLAN_NAMES } from "./types.js";
export { LEGACY_CUTOVER } from "./window/index.js";
