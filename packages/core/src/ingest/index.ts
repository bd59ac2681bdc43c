export { aggregateTier } from "./aggregates.js";
export type { Batcher, BatcherOptions } from "./batcher.js";
export { createBatcher } from "./batcher.js";
export type {
  AgentDelta,
  BotDelta,
  CountDeltas,
  CountedCrawl,
  LegacyDelta,
  PathDelta,
  ServedDelta,
  SummaryDelta,
} from "./crawl-counts.js";
export {
  agentKey,
  botKey,
  countCrawls,
  legacyImportCounts,
  legacyKey,
  pathKey,
  servedKey,
  summaryKey,
  upgradeCounts,
} from "./crawl-counts.js";
export type { CrawlEvent, Ingest, IngestDeps, RecordedCrawl } from "./ingest.js";
export { createIngest } from "./ingest.js";
export type { DayPathCap } from "./path-cap.js";
export {
  admitPath,
  DEFAULT_PATH_CAP,
  domainDayKey,
  newDayPathCap,
  OVERFLOW_PATH,
} from "./path-cap.js";
export type {
  RecordedReferral,
  ReferralIngest,
  ReferralIngestDeps,
  VisitEvent,
} from "./record-referral.js";
export { createReferralIngest, landingPath } from "./record-referral.js";
export type {
  RecordedRequest,
  RecordHow,
  RequestRecorders,
  SeenRequest,
} from "./record-request.js";
export { crawlEventOf, visitEventOf } from "./record-request.js";
export type { Recording, RecordingOptions, RequestKind } from "./request-kind.js";
export {
  EDGE_RECORDING,
  isCrawler,
  isStaticAsset,
  recordingOf,
  requestKind,
  STATIC_EXTENSIONS,
} from "./request-kind.js";
