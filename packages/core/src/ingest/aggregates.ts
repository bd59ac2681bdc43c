import type { AggregateTier, Verdict } from "../types.js";

/** The synthetic path that collects crawls beyond the per-domain-day path cap. */
export const OVERFLOW_PATH = "__overflow__";

/** Default distinct paths per domain and day before `__overflow__`. */
export const DEFAULT_PATH_CAP = 50_000;

/** Aggregates have three tiers: raw `automation` verdicts count as `unknown`. */
export function aggregateTier(verdict: Verdict): AggregateTier {
  return verdict === "automation" ? "unknown" : verdict;
}

const DAY_MS = 86_400_000;
/** Day number (UTC days since the epoch) → `YYYY-MM-DD`: traffic spans few days. */
const dayNames = new Map<number, string>();

/** The UTC date of an instant, `YYYY-MM-DD` (throws a `RangeError` for an invalid date). */
export function utcDay(ts: Date): string {
  const dayNumber = Math.floor(ts.getTime() / DAY_MS);
  const known = dayNames.get(dayNumber);
  if (known !== undefined) return known;
  const day = ts.toISOString().slice(0, 10);
  if (dayNames.size >= 4096) dayNames.clear();
  dayNames.set(dayNumber, day);
  return day;
}
