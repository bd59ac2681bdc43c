// @crawlgate/core/testing: the suites every adapter and HTTP bridge runs, and test fixtures.
export { accountStoreSuite } from "./account-store-suite.js";
export type { Exchange } from "./api/contract.js";
export { createContractChecker } from "./api/contract.js";
export { parseCsv } from "./api/crawl-logs-cases.js";
export { htmlUrlThrough } from "./api/links.js";
export { apiSuite } from "./api/suite.js";
export type {
  ApiSuiteOptions,
  ApiWorld,
  CallOptions,
  CallResult,
  DepsFactory,
  HttpBridge,
} from "./api/world.js";
export { createApiWorld } from "./api/world.js";
export { archiveIndexSuite, crawlDaysSuite } from "./archive-index-suite.js";
export { archiveWalkSuite } from "./archive-walk-suite.js";
export { blobStoreSuite, INVALID_BLOB_KEYS } from "./blob-store-suite.js";
export { chargeLedgerSuite, chargeRow } from "./charge-ledger-suite.js";
export type { CompressionBridgeFactory, RawReply } from "./compression-suite.js";
export {
  COMPRESSION_ASSETS,
  compressionSuite,
  OWN_HOST,
  sendRaw,
} from "./compression-suite.js";
export { crawlStoreSuite } from "./crawl-store-suite.js";
export { dashboardSuite } from "./dashboard/suite.js";
export type { DashboardBridge, DashboardSuiteOptions } from "./dashboard/world.js";
export { TEST_ASSETS } from "./dashboard/world.js";
export { dashboardSessionStoreSuite } from "./dashboard-session-store-suite.js";
export type { ForwardedBridgeFactory, SuiteRenderer } from "./edge/forwarded-suite.js";
export { forwardedHeadersSuite, sendOverHttp } from "./edge/forwarded-suite.js";
export type { OriginReply, OriginSite } from "./edge/origin-site.js";
export { createOriginSite } from "./edge/origin-site.js";
export { paidCrawlEdgeSuite } from "./edge/paid-crawl-suite.js";
export { paidLedgerEdgeSuite } from "./edge/paid-ledger-suite.js";
export { addRule, putPolicy } from "./edge/policy-cases.js";
export { purgeEdgeCases } from "./edge/purge-cases.js";
export { edgeRobotsSuite } from "./edge/robots-suite.js";
export type { SignaturePorts } from "./edge/signed-agent-suite.js";
export { signedAgentEdgeSuite } from "./edge/signed-agent-suite.js";
export type { EdgeBridgeFactory, EdgeCall, EdgeReply } from "./edge/suite.js";
export { createEdgeWorld, edgeSuite, TEST_CLIENT_IP_HEADER } from "./edge/suite.js";
export { renderVariantsSuite } from "./edge/variants-suite.js";
export type { EdgeWorld } from "./edge/world.js";
export type { FakeClock } from "./fixtures.js";
export {
  createFakeClock,
  makeApiKeyRecord,
  makeCrawl,
  makeDomain,
  makePolicy,
  makeReferral,
  makeRule,
  makeSnapshot,
  makeUser,
} from "./fixtures.js";
export { fleetLockSuite } from "./fleet-lock-suite.js";
export type { ForkedRateLimiter } from "./forked-rate-limiter.js";
export { forkRateLimiter, serveRateLimiterToParent } from "./forked-rate-limiter.js";
export type { Harness } from "./harness.js";
export { useHarness } from "./harness.js";
export type { HealthBridge } from "./health-suite.js";
export { healthBridgeSuite } from "./health-suite.js";
export { htmlFragments } from "./html-arbitraries.js";
export { jobQueueSuite } from "./job-queue-suite.js";
export { keyDirectoryCacheSuite } from "./key-directory-cache-suite.js";
export { nonceStoreSuite } from "./nonce-store-suite.js";
export { pageCacheSuite } from "./page-cache-suite.js";
export { pageRankingSuite } from "./page-ranking-suite.js";
export type { RateLimiterDifferentialOptions } from "./rate-limiter-differential-suite.js";
export { rateLimiterDifferentialSuite } from "./rate-limiter-differential-suite.js";
export { rateLimiterProcessSuite } from "./rate-limiter-processes-suite.js";
export { rateLimiterSuite } from "./rate-limiter-suite.js";
export { ownRedisServer, pingRedis, redisUrl } from "./redis-server.js";
export { referralStoreSuite } from "./referral-store-suite.js";
export { robotsStoreSuite } from "./robots-store-suite.js";
export { ruleStoreSuite } from "./rule-store-suite.js";
export type { ServiceGate } from "./services.js";
export { freshSchema, postgresGate, postgresUrl, redisGate, serviceGate } from "./services.js";
export { settingsCacheSuite } from "./settings-cache-suite.js";
export { sharedRateLimiterSuite } from "./shared-rate-limiter-suite.js";
export { sharedSettingsCacheSuite } from "./shared-settings-cache-suite.js";
export { snapshotStoreSuite } from "./snapshot-store-suite.js";
export { warmingStoreSuite } from "./warming-store-suite.js";
export type { DirectoryServer } from "./web-bot-auth/directory-server.js";
export { startDirectoryServer } from "./web-bot-auth/directory-server.js";
export type { SignOptions, TestAgent } from "./web-bot-auth/test-agent.js";
export { createTestAgent, directoryHost, directoryJson } from "./web-bot-auth/test-agent.js";
export type { FacilitatorMode, FakeFacilitator } from "./x402/fake-facilitator.js";
export { startFakeFacilitator } from "./x402/fake-facilitator.js";
