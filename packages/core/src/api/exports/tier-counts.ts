import type { AggregateTier } from "../../types.js";

/** The spec's `T` plus `total`: `{verified, declared, unknown, total}`. */
export interface TierTotals {
  verified: number;
  declared: number;
  unknown: number;
  total: number;
}

export const emptyTotals = (): TierTotals => ({ verified: 0, declared: 0, unknown: 0, total: 0 });

/** Adds `count` crawls of `tier` to `totals` (in place). */
export function addToTier(totals: TierTotals, tier: AggregateTier, count: number): void {
  totals[tier] += count;
  totals.total += count;
}
