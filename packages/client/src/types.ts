import type { components } from "./generated/openapi.js";

/** The named schemas of the OpenAPI document. */
export type Schemas = components["schemas"];

export type Role = Schemas["Role"];
export type Domain = Schemas["Domain"];
export type RoutingRule = Schemas["RoutingRule"];
export type Snapshot = Schemas["Snapshot"];
export type CrawlLogRow = Schemas["CrawlLogRow"];
export type Tiers = Schemas["Tiers"];
export type TierTotals = Schemas["TierTotals"];
export type SignedAgentTotals = Schemas["SignedAgentTotals"];

export type PurgeCacheRequest = Schemas["PurgeCacheRequest"];
export type PurgeCacheResponse = Schemas["PurgeCacheResponse"];
export type WarmCacheRequest = Schemas["WarmCacheRequest"];
export type WarmCacheResponse = Schemas["WarmCacheResponse"];
export type WarmedSitemap = Schemas["WarmedSitemap"];
export type ListUserDomainsResponse = Schemas["ListUserDomainsResponse"];
export type ExportUserAnalyticsRequest = Schemas["ExportUserAnalyticsRequest"];
export type ExportUserAnalyticsResponse = Schemas["ExportUserAnalyticsResponse"];
export type ExportCrawlAnalyticsRequest = Schemas["ExportCrawlAnalyticsRequest"];
export type ExportCrawlAnalyticsResponse = Schemas["ExportCrawlAnalyticsResponse"];
export type ExportAiReferralsRequest = Schemas["ExportAiReferralsRequest"];
export type ExportAiReferralsResponse = Schemas["ExportAiReferralsResponse"];
export type ExportRobotsComplianceRequest = Schemas["ExportRobotsComplianceRequest"];
export type ExportRobotsComplianceResponse = Schemas["ExportRobotsComplianceResponse"];
export type ExportCrawlerChargesRequest = Schemas["ExportCrawlerChargesRequest"];
export type ExportCrawlerChargesResponse = Schemas["ExportCrawlerChargesResponse"];
export type ExportCrawlToReferRequest = Schemas["ExportCrawlToReferRequest"];
export type ExportCrawlToReferResponse = Schemas["ExportCrawlToReferResponse"];
export type GetBotDefinitionsRequest = Schemas["GetBotDefinitionsRequest"];
export type GetBotDefinitionsResponse = Schemas["GetBotDefinitionsResponse"];
export type GetSnapshotRequest = Schemas["GetSnapshotRequest"];
export type GetSnapshotResponse = Schemas["GetSnapshotResponse"];
export type ListRoutingRulesResponse = Schemas["ListRoutingRulesResponse"];
export type GetRoutingRuleResponse = Schemas["GetRoutingRuleResponse"];
export type CreateRoutingRuleRequest = Schemas["CreateRoutingRuleRequest"];
export type CreateRoutingRuleResponse = Schemas["CreateRoutingRuleResponse"];
export type UpdateRoutingRuleRequest = Schemas["UpdateRoutingRuleRequest"];
export type UpdateRoutingRuleResponse = Schemas["UpdateRoutingRuleResponse"];
export type DeleteRoutingRuleResponse = Schemas["DeleteRoutingRuleResponse"];
export type GetRobotsTxtResponse = Schemas["GetRobotsTxtResponse"];
export type GetCacheStatusResponse = Schemas["GetCacheStatusResponse"];
export type GetDomainSettingsResponse = Schemas["GetDomainSettingsResponse"];
export type UpdateDomainSettingsRequest = Schemas["UpdateDomainSettingsRequest"];
export type UpdateDomainSettingsResponse = Schemas["UpdateDomainSettingsResponse"];
export type VerifyDomainResponse = Schemas["VerifyDomainResponse"];
export type CrawlerPolicy = Schemas["CrawlerPolicy"];
export type CrawlerPolicyAction = Schemas["CrawlerPolicyAction"];
export type GetCrawlerPolicyResponse = Schemas["GetCrawlerPolicyResponse"];
export type ReplaceCrawlerPolicyRequest = Schemas["ReplaceCrawlerPolicyRequest"];
export type ReplaceCrawlerPolicyResponse = Schemas["ReplaceCrawlerPolicyResponse"];

export type ExportPageAnalyticsRequest = Schemas["ExportPageAnalyticsRequest"];
export type ExportPageAnalyticsResponse = Schemas["ExportPageAnalyticsResponse"];
export type PageRow = ExportPageAnalyticsResponse["pages"][number];
export type ExportPageSnapshotsRequest = Schemas["ExportPageSnapshotsRequest"];
export type ExportPageSnapshotsResponse = Schemas["ExportPageSnapshotsResponse"];
export type SnapshotDayRow = ExportPageSnapshotsResponse["rows"][number];

export type ExportCrawlLogsRequest = Schemas["ExportCrawlLogsRequest"];
/** A request that continues from a cursor (every other field is taken from the cursor). */
export type CrawlLogsCursorRequest = Extract<ExportCrawlLogsRequest, { cursor: string }>;
/** A first request: a window and filters. */
export type CrawlLogsQuery = Exclude<ExportCrawlLogsRequest, { cursor: string }>;
export type CrawlLogsJsonResponse = Extract<Schemas["ExportCrawlLogsResponse"], { format: "json" }>;
export type CrawlLogsParquetResponse = Extract<
  Schemas["ExportCrawlLogsResponse"],
  { format: "parquet" }
>;
export type ParquetFile = CrawlLogsParquetResponse["files"][number];

/** Every error body the document names, get-snapshot's and the 429 body included. */
export type ApiErrorBody =
  | Schemas["InvalidRequestError"]
  | Schemas["InvalidCursorError"]
  | Schemas["InvalidApiKeyError"]
  | Schemas["PlanUpgradeRequiredError"]
  | Schemas["ForbiddenError"]
  | Schemas["RuleLimitReachedError"]
  | Schemas["DomainNotAuthorizedError"]
  | Schemas["DomainNotFoundError"]
  | Schemas["RuleNotFoundError"]
  | Schemas["DuplicateSourcePathError"]
  | Schemas["RateLimitError"]
  | Schemas["PayloadTooLargeError"]
  | Schemas["InternalError"]
  | Schemas["NotFoundError"]
  | Schemas["MethodNotAllowedError"]
  | Schemas["SnapshotIdRequiredError"]
  | Schemas["InvalidJsonBodyError"]
  | Schemas["SnapshotNotFoundError"]
  | Schemas["SnapshotHtmlGoneError"]
  | Schemas["SnapshotStorageUnavailableError"];

/** The `error` strings of the API: the spec's codes and get-snapshot's messages. */
export type ApiErrorCode = ApiErrorBody["error"];
