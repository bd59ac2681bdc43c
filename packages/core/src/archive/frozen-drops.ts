import type { CrawlDays, DayDrop } from "../ports/index.js";

/**
 * `CrawlDays.dropFrozenDay` for an engine that keeps no day apart (memory, SQLite): each
 * domain's rows dropped by `dropDayCrawls` with its event ids, in the order of `drops`.
 */
export async function dropEachDomain(
  crawls: Pick<CrawlDays, "dropDayCrawls">,
  day: string,
  drops: readonly DayDrop[],
): Promise<number[]> {
  const dropped: number[] = [];
  for (const { domainId, eventIds } of drops)
    dropped.push(await crawls.dropDayCrawls(domainId, day, eventIds));
  return dropped;
}
