export { aggregateTier, DEFAULT_PATH_CAP, OVERFLOW_PATH, utcDay } from "./aggregates.js";
export type { Batcher, BatcherOptions } from "./batcher.js";
export { createBatcher } from "./batcher.js";
export type { CrawlEvent, Ingest, IngestDeps, RecordedCrawl } from "./ingest.js";
export { createIngest } from "./ingest.js";
export type {
  RecordedReferral,
  ReferralIngest,
  ReferralIngestDeps,
  VisitEvent,
} from "./record-referral.js";
export { createReferralIngest, landingPath } from "./record-referral.js";
