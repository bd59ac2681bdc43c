export { dayCloseJob } from "./day-close.js";
export type { FleetOptions } from "./fleet-gate.js";
export { htmlRetentionJob } from "./html-retention.js";
export type { Job, JobReport } from "./job.js";
export type { PageWorkerOptions } from "./page-worker.js";
export { pageWorkerJob, retryDelayMs } from "./page-worker.js";
export { rangeRefreshJob } from "./range-refresh.js";
export type { RangeStore, StoredRangeFile } from "./range-store.js";
export { readModelRefreshJob } from "./read-model-refresh.js";
export { COMPLIANCE_EVENT_ID_DAYS, recordRetentionJob } from "./record-retention.js";
export type {
  FeedOutcome,
  FeedStatus,
  RangeRefresher,
  RangeRefreshOptions,
} from "./refresh-ranges.js";
export { createRangeRefresher, RANGE_REFRESH_INTERVAL_MS } from "./refresh-ranges.js";
export type { Scheduler, SchedulerOptions, Timers } from "./scheduler.js";
export { createScheduler } from "./scheduler.js";
export type { PendingVerifications } from "./verification-retry.js";
export { verificationRetryJob } from "./verification-retry.js";
