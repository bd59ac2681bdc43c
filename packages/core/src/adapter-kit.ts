// @crawlgate/core/adapter-kit: for authors of storage adapters, renderers and HTTP bridges, and
// for crawlgate's own packages and benches. It is the one door for an adapter author: every port
// interface, every row type a port's contract names, and how core defines a rule that every
// adapter must apply identically (counting, ordering, the path cap, rate windows, blob keys) or
// the reference an optimised adapter is checked against.
// It follows core's minor version: a minor release may change it; the app entry
// (`@crawlgate/core`) is the stable surface for embedders.
//
// What is here: the ports (one file per area in `ports/`) and their row types; the HTTP kit every
// bridge uses (request-target parser, body reader, request origin, end-to-end headers, the error
// table and the edge's error answers, the path prefixes, the merge of the content-signal and
// licence headers into an origin's answer); blob-key checks and
// `BlobStoreUnavailable`; the counting of crawls into aggregates (deltas, keys, the
// per-domain-day path cap `admitPath`); `decideRate`; the page-ranking
// read model's algorithm (the SQL adapters keep its tables); the reference implementations the
// memory adapter runs and optimised adapters are checked against; the renderer's failure type;
// the proxy's address rule; the Markdown kit a converter package and the bench drive
// (`htmlToMarkdown`, `prepareHtml`, the `Accept` negotiation); `compareUtf8` and day numbers;
// and the compiled forms (classifier, rule index, policy, signal headers) that the CLI and the
// benches drive directly.

export type {
  DomainVerificationDeps,
  VerificationChallenge,
  VerificationResult,
} from "./accounts/domain-verification.js";
export { verifyDomain } from "./accounts/domain-verification.js";
export { apiMarkdown } from "./api/openapi/markdown.js";
export { archiveRowOf } from "./archive/archive-files.js";
export { dropEachDomain } from "./archive/frozen-drops.js";
export {
  assertBlobKey,
  assertByteRange,
  BlobStoreUnavailable,
  isBlobStoreUnavailable,
  isValidBlobKey,
} from "./blobs/index.js";
export type { Classification, Classifier } from "./classify/index.js";
export { compileClassifier, uaHash } from "./classify/index.js";
export { DASHBOARD_PREFIX } from "./dashboard/index.js";
export type { SignalHeaders, SignedAgent, SignedAgents } from "./edge/index.js";
export { compileSignalHeaders, createSignedAgents, signalHeaderValues } from "./edge/index.js";
export { hostOfHeader } from "./edge/site-settings.js";
export { isUnavailable, serviceUnavailable } from "./errors.js";
export { LIVENESS_PATH, READINESS_PATH } from "./health/health.js";
export type {
  AcceptedCoding,
  ChosenCoding,
  Compress,
  Compressors,
  ContentCoding,
  EdgeErrorCode,
  ForwardedHop,
  Forwarding,
  OriginSources,
  RequestTarget,
  Scheme,
} from "./http/index.js";
export {
  API_PREFIX,
  ambiguousRawHeadersError,
  ambiguousRequestError,
  chooseCoding,
  EDGE_ERROR_CODES,
  edgeError,
  encodeResponse,
  endToEndHeaders,
  errorApiResponse,
  forwardedClientIp,
  forwardedRequestHeaders,
  invalidTargetError,
  MAX_BODY_BYTES,
  parseAcceptEncoding,
  parseRequestTarget,
  rawHeaderFields,
  readLimitedBody,
  requestOrigin,
  requestScheme,
} from "./http/index.js";
export type {
  AgentDelta,
  CountDeltas,
  CountedCrawl,
  DayPathCap,
  LegacyDelta,
  RequestKind,
  ServedDelta,
  SummaryDelta,
} from "./ingest/index.js";
export {
  admitPath,
  agentKey,
  aggregateTier,
  botKey,
  countCrawls,
  domainDayKey,
  isStaticAsset,
  legacyImportCounts,
  legacyKey,
  newDayPathCap,
  OVERFLOW_PATH,
  pathKey,
  requestKind,
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
export type { MarkdownText, PreparedHtml } from "./markdown/index.js";
export {
  estimateTokens,
  htmlToMarkdown,
  parseAccept,
  prefersMarkdown,
  prepareHtml,
} from "./markdown/index.js";
export type {
  Block,
  BlockCounts,
  BlockSet,
  BlockSums,
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
  planRefreshStep,
  planWindowRead,
  rankBlockSums,
  rankPathRows,
  rowsOfPaths,
  sumBlocks,
} from "./page-ranking/index.js";
export { chargeEventId, judgeCharge } from "./pay/crawler-pay.js";
export { compareChargeRows, compareChargeTotals } from "./pay/ledger-order.js";
export type { PendingCharge, Settlement } from "./pay/pending-charge.js";
export { CRAWLER_PRICE_HEADER, pendingCharge } from "./pay/pending-charge.js";
export type {
  X402PaymentPayload,
  X402Receiver,
  X402Requirements,
  X402Settlement,
} from "./pay/x402.js";
export type { HttpFacilitatorOptions } from "./pay/x402-http-facilitator.js";
export { createHttpFacilitator } from "./pay/x402-http-facilitator.js";
export type { CompiledPolicy, CrawlerPolicy, PolicySubject, StoredPolicy } from "./policy/index.js";
export {
  compilePolicy,
  crawlerPolicy,
  DEFAULT_POLICY,
  policyRequestPath,
  policySubject,
} from "./policy/index.js";
export type {
  AccountStore,
  AppendOptions,
  AppendPartsResult,
  ArchiveFile,
  ArchiveIndex,
  ArchiveRow,
  AsnLookup,
  BlobStore,
  ChargeGroupBy,
  ChargeLedger,
  ChargeProtocol,
  ChargeRow,
  ChargeTotal,
  Clock,
  ComplianceDayCount,
  ComplianceEvent,
  ContentHandler,
  CrawlAggregates,
  CrawlDays,
  CrawlLog,
  CrawlStore,
  DashboardSessionStore,
  DayDrop,
  DirectoryKey,
  DomainDay,
  DomainSettings,
  EdgeSettings,
  EnqueueResult,
  FetchLike,
  FleetLock,
  JobQueue,
  KeyDirectoryCache,
  KeyDirectoryEntry,
  Logger,
  MarkdownConverter,
  NonceStore,
  PageCache,
  PageRanking,
  PreparedContent,
  RateDecision,
  RateLimiter,
  RateLimits,
  RecordedSnapshot,
  ReferralStore,
  Renderer,
  RenderLane,
  RenderRequest,
  RenderResult,
  ReplaceDayResult,
  Resolver,
  RobotsStore,
  RobotsVersion,
  RuleStore,
  RuleWriteResult,
  SettingsCache,
  SnapshotStore,
  Stores,
  WarmingStore,
  WarmSettings,
  X402Facilitator,
  X402Verification,
} from "./ports/index.js";
export type { PathSourceCount } from "./referrals/index.js";
export { rankLandingPaths, sumBySource } from "./referrals/index.js";
export type { RenderFailure } from "./render/index.js";
export {
  DEFAULT_RENDER_MAX_BYTES,
  declaredResponse,
  isRenderFailed,
  RenderFailed,
  readBodyCapped,
} from "./render/index.js";
export type { RuleIndex } from "./routing/index.js";
export { compileRuleIndex, isPublicUnicastAddress } from "./routing/index.js";
export { sha256Hex } from "./snapshots/content.js";
export { latestPerPath } from "./snapshots/index.js";
export { legacyKeyOf, legacyKeys, referenceClassify } from "./taxonomy/index.js";
export { compareUtf8, normalizeHostname } from "./text/index.js";
export type {
  AggregateTier,
  ApiKeyRecord,
  BotDayCount,
  CachedPage,
  CrawlRecord,
  DashboardSession,
  DaySummaryCount,
  Domain,
  DomainAccess,
  LandingPathCounts,
  LegacyCountInput,
  LegacyDayCount,
  MemberRole,
  OriginHost,
  PathBotCount,
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
  RenderVariant,
  Role,
  RoutingRule,
  RuleType,
  SeoAudit,
  SeoIssue,
  ServedDayCount,
  ServedFrom,
  SignatureVerdict,
  SignedAgentDayCount,
  Snapshot,
  SourceCounts,
  User,
  Verdict,
} from "./types.js";
export {
  AGGREGATE_TIERS,
  ORIGIN_HOSTS,
  RENDER_LANES,
  RENDER_VARIANTS,
  SIGNATURE_VERDICTS,
} from "./types.js";
export type { EdgeVerification } from "./verify/index.js";
export type {
  SignatureOutcome,
  SignedRequest,
  WebBotAuthKey,
  WebBotAuthSignOptions,
  WebBotAuthVerifier,
  WebBotAuthVerifierOptions,
} from "./verify/web-bot-auth/index.js";
export {
  createWebBotAuthVerifier,
  DIRECTORY_MEDIA_TYPE,
  DIRECTORY_PATH,
  generateWebBotAuthKey,
  signWebBotAuth,
} from "./verify/web-bot-auth/index.js";
export type { SitemapReport, WarmOptions, WarmSummary } from "./warming/index.js";
export { DEFAULT_WARM_RENDERS_PER_HOUR, MAX_WARM_RENDERS_PER_HOUR } from "./warming/index.js";
export {
  addDays,
  dayNumber,
  fromDayNumber,
  isValidDate,
  LEGACY_CUTOVER,
  utcDay,
} from "./window/index.js";
