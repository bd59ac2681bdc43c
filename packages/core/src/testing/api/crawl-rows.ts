import type { CrawlRecord } from "../../types.js";
import { makeCrawl } from "../fixtures.js";
import type { ApiWorld } from "./world.js";

/** An instant on a day of the API cases (10:00 UTC unless an hour is given). */
export const at = (day: string, hour = 10): Date =>
  new Date(`${day}T${String(hour).padStart(2, "0")}:00:00.000Z`);

/** Stores crawls of a domain straight through the crawl store (valid records, unique ids). */
export async function recordCrawls(
  world: ApiWorld,
  domainId: string,
  rows: Partial<CrawlRecord>[],
  pathCap = 1000,
): Promise<void> {
  await world.deps.crawls.appendCrawls(
    rows.map((row) => makeCrawl(domainId, row)),
    { pathCap },
  );
}
