export type { RangeFileResult, RangeSet } from "./ip-ranges.js";
export { buildRangeSet, parseRangeFile } from "./ip-ranges.js";
export type { EdgeVerification } from "./peek.js";
export type { RangeFeed, RangeSnapshot, ShippedRangeFile } from "./range-feeds.js";
export {
  applyRangeFiles,
  loadShippedRanges,
  rangeFeeds,
  shippedRangeManifest,
  shippedRangeSnapshots,
} from "./range-feeds.js";
export type {
  FeedOutcome,
  FeedStatus,
  RangeRefresher,
  RangeRefreshOptions,
} from "./range-refresher.js";
export { createRangeRefresher, RANGE_REFRESH_INTERVAL_MS } from "./range-refresher.js";
export type { RangeStore, StoredRangeFile } from "./range-store.js";
export type { Verification, Verifier, VerifierOptions } from "./verifier.js";
export { createVerifier } from "./verifier.js";
