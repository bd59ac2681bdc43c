import { type Block, coverWindow } from "./dyadic-cover.js";

/**
 * When a block of the read model may be read. A store stamps each day it builds with that day's
 * per-tier crawl totals (`crawl_bot_day` in SQL) and keeps how far it has built. The totals of a
 * day change whenever its path counts change: both are written from the same deltas in one
 * transaction (`countCrawls`, `upgradeCounts`; the overflow path is in both), a late
 * verification moves one count from declared to verified, retention deletes whole days. So a
 * block is fresh when every one of its days is built and still has the totals of its stamp (a
 * built day with no stamp was empty); any other day is read from the day counts. Retention must
 * therefore delete a day's stamp with the day (docs/decisions.md, "Freshness").
 */

/** Crawl counts of one day per tier. */
export interface DayTiers {
  verified: number;
  declared: number;
  unknown: number;
}

/** Whether two days have the same per-tier totals (a missing day has none). */
export const sameTiers = (a: DayTiers | undefined, b: DayTiers | undefined): boolean =>
  (a?.verified ?? 0) === (b?.verified ?? 0) &&
  (a?.declared ?? 0) === (b?.declared ?? 0) &&
  (a?.unknown ?? 0) === (b?.unknown ?? 0);

/** What a store knows of a domain's days, by epoch day. */
export interface DayStamps {
  /** The last day built, `null` before the first build. */
  builtThrough: number | null;
  /** Per-tier totals of the days now (a day with no crawls has no entry). */
  current: ReadonlyMap<number, DayTiers>;
  /** Per-tier totals of the days as their blocks were built (a day built empty has none). */
  stamped: ReadonlyMap<number, DayTiers>;
}

/** Whether a day must be read from the day counts: not built yet, or changed since. */
export function isStaleDay(day: number, { builtThrough, current, stamped }: DayStamps): boolean {
  return (
    builtThrough === null || day > builtThrough || !sameTiers(current.get(day), stamped.get(day))
  );
}

/**
 * How to read the days `start..end`: the fresh blocks of their cover, and the stale days left
 * to the day counts (only those with crawls: an empty day needs no reading).
 */
export function planWindowRead(
  start: number,
  end: number,
  stamps: DayStamps,
): { blocks: Block[]; days: number[] } {
  const { blocks, days } = coverWindow(start, end, ({ level, start: from }) => {
    for (let d = from; d < from + 2 ** level; d++) if (isStaleDay(d, stamps)) return false;
    return true;
  });
  return { blocks, days: days.filter((d) => stamps.current.has(d)) };
}
