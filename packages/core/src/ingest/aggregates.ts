import type { AggregateTier, Verdict } from "../types.js";

/** Aggregates have three tiers: raw `automation` verdicts count as `unknown`. */
export function aggregateTier(verdict: Verdict): AggregateTier {
  return verdict === "automation" ? "unknown" : verdict;
}
