export type { Bucket, Granularity } from "./buckets.js";
export { buckets, MAX_DAY_GRANULARITY_DAYS, resolveGranularity } from "./buckets.js";
export {
  addDays,
  dayNumber,
  daysBetween,
  eachDay,
  fromDayNumber,
  isValidDate,
  utcDay,
} from "./dates.js";
export type { ClampResult, Window, WindowResult, WindowRules } from "./window.js";
export {
  CRAWL_LOG_WINDOW,
  clampToCutover,
  LEGACY_CUTOVER,
  resolveWindow,
  STANDARD_WINDOW,
} from "./window.js";
