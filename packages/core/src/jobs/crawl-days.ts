import { PROVISIONAL_DAYS } from "../archive/archive-files.js";
import type { CrawlDays } from "../ports/index.js";
import { addDays, utcDay } from "../window/dates.js";
import type { Job } from "./job.js";

/** Days after today whose raw-row storage is made ready ahead (a missed run or two costs nothing). */
export const CRAWL_DAYS_AHEAD = 3;

/**
 * Keeps the raw rows' day storage ready (`CrawlDays.prepareCrawlDays`): hourly, today and the
 * next `CRAWL_DAYS_AHEAD` days get their PostgreSQL partition before their first crawl, and the
 * empty partitions of frozen days (older than `PROVISIONAL_DAYS` days) are dropped. A
 * singleton: it changes the shared schema. Memory and SQLite report empty lists.
 */
export function crawlDaysJob(crawls: Pick<CrawlDays, "prepareCrawlDays">): Job {
  return {
    name: "crawl_days",
    everyMs: 3_600_000,
    singleton: true,
    async run(now) {
      const today = utcDay(now);
      const frozenBefore = addDays(today, -PROVISIONAL_DAYS);
      return crawls.prepareCrawlDays(today, CRAWL_DAYS_AHEAD, frozenBefore);
    },
  };
}
