import type { AggregateTier, Verdict } from "../types.js";

/** The synthetic path that collects crawls beyond the per-domain-day path cap. */
export const OVERFLOW_PATH = "__overflow__";

/** Default distinct paths per domain and day before `__overflow__`. */
export const DEFAULT_PATH_CAP = 50_000;

/** Aggregates have three tiers: raw `automation` verdicts count as `unknown`. */
export function aggregateTier(verdict: Verdict): AggregateTier {
  return verdict === "automation" ? "unknown" : verdict;
}
