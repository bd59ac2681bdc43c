import type { PathSourceCount } from "../referrals/landing-paths.js";
import type { LandingPathCounts, ReferralDayCount, ReferralVisit, SourceCounts } from "../types.js";
import type { AppendOptions } from "./crawls.js";

// Referrals port: AI referral visits per domain, day, landing path and source.

/** AI referral visits aggregated per domain, UTC day, landing path and source. */
export interface ReferralStore {
  /**
   * Stores a batch atomically. Every visit with a new `visitId` is counted once under its
   * domain, the UTC day of `ts`, its landing path and its source. A visit whose `visitId` is
   * stored already (or repeated in the batch) changes nothing. Landing paths are capped per
   * domain-day like crawl paths (`options.pathCap`, counted apart from crawls): a visit to a
   * further new path is counted under `__overflow__`. Returns how many visits were new. Under
   * concurrent calls each visit is counted exactly once and the cap holds.
   */
  appendReferrals(
    batch: readonly ReferralVisit[],
    options: AppendOptions,
  ): Promise<{ inserted: number }>;
  /**
   * Visits per day and source in the window, `__overflow__` included, sorted by day then
   * source. Days and sources without visits are absent.
   */
  referralDayCounts(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<ReferralDayCount[]>;
  /**
   * The `limit` landing paths with the most visits in the window, summed over its days, with
   * their counts per source. Ranked by `total` descending, then path in byte order.
   * `__overflow__` is never listed. Empty when none.
   */
  topLandingPaths(
    domainId: string,
    startDay: string,
    endDay: string,
    limit: number,
  ): Promise<LandingPathCounts[]>;
  /**
   * Visits per landing path and source in the window, summed over its days; `__overflow__` is a
   * path like any other. Sorted by path, then source (byte order). Only entries with a count;
   * `[]` when none.
   */
  landingPathSources(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<PathSourceCount[]>;
  /** Distinct landing paths with visits in the window, `__overflow__` not counted. */
  countLandingPaths(domainId: string, startDay: string, endDay: string): Promise<number>;
  /** Visits counted under `__overflow__` in the window, per source; `null` when none. */
  overflowCounts(domainId: string, startDay: string, endDay: string): Promise<SourceCounts | null>;
}
