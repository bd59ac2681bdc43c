export type {
  FeedOutcome,
  FetchLike,
  RangeRefresher,
  RangeRefreshOptions,
} from "./refresh-ranges.js";
export { createRangeRefresher, RANGE_REFRESH_INTERVAL_MS } from "./refresh-ranges.js";
