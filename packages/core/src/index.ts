// Public entry of @crawlgate/core. Re-exports by name; see each folder's index for details.

export type {
  ApiKeyRecord,
  Domain,
  DomainAccess,
  MemberRole,
  PlanName,
  PurgeJob,
  RedirectCode,
  Role,
  RoutingRule,
  RuleType,
  User,
} from "./types.js";
export { PLAN_NAMES } from "./types.js";
export type {
  AccountStore,
  Clock,
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
export type { Logger } from "./logger.js";
export { silentLogger } from "./logger.js";

export { createCrawlgate, systemClock } from "./crawlgate.js";
export type { Crawlgate, CrawlgateConfig, CrawlgateDeps } from "./crawlgate.js";
export { DEFAULT_PLANS, planOverridesSchema, resolvePlans } from "./config/plans.js";
export type { PlanLimits, PlanOverrides, PlanTable } from "./config/plans.js";

export { createAccountAdmin, normalizeHostname } from "./accounts/admin.js";
export type { AccountAdmin, AdminResult } from "./accounts/admin.js";
export {
  API_KEY_PREFIX,
  constantTimeEqual,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./accounts/api-key.js";

export { createApi } from "./api/create-api.js";
export type { Api } from "./api/create-api.js";
export type { ApiDeps } from "./api/context.js";
export { CrawlgateError, ERROR_STATUS, errorResponse } from "./api/errors.js";
export type { ErrorCode } from "./api/errors.js";
export { MAX_BODY_BYTES } from "./api/http-types.js";
export type { ApiRequest, ApiResponse } from "./api/http-types.js";
export { readLimitedBody } from "./api/read-body.js";
export { API_PREFIX, ROUTES } from "./api/routes.js";

export { sourceKey } from "./routing/index.js";
export { MINUTE_MS, nextUtcMonthStart, retryAfterSeconds, utcMonthStart } from "./limits/rate-windows.js";
