export { addDays, dayNumber, daysBetween, eachDay, fromDayNumber, isValidDate, utcDateOf } from "./dates.js";
export {
  CRAWL_LOG_WINDOW,
  LEGACY_CUTOVER,
  STANDARD_WINDOW,
  clampToCutover,
  resolveWindow,
} from "./window.js";
export type { ClampResult, Window, WindowResult, WindowRules } from "./window.js";
export { MAX_DAY_GRANULARITY_DAYS, buckets, resolveGranularity } from "./buckets.js";
export type { Bucket, Granularity } from "./buckets.js";
