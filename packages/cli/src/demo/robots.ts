import type { Logger, Stores } from "@crawlgate/core";
import { DEMO_ROBOTS, type DemoSite } from "./sites.js";

const DAY_MS = 86_400_000;

/**
 * Records each demo site's robots.txt versions (`DEMO_ROBOTS`) before its crawls are seeded, so
 * the real ingest judges every seeded crawl against the version in force on its day: the robots
 * compliance view has versions and a history. A site that has versions already (a restart, or
 * robots.txt served since) is left as it is: versions are history, never rewritten.
 */
export async function seedDemoRobots(options: {
  stores: Stores;
  sites: readonly DemoSite[];
  now: Date;
  logger: Logger;
}): Promise<{ versions: number }> {
  const { robots } = options.stores;
  let versions = 0;
  for (const site of options.sites) {
    if ((await robots.listRobotsVersions(site.domainId)).length > 0) continue;
    for (const { daysAgo, text } of DEMO_ROBOTS[site.kind]) {
      const at = new Date(options.now.getTime() - daysAgo * DAY_MS);
      if ((await robots.recordRobotsVersion(site.domainId, text, at)).stored) versions++;
    }
  }
  options.logger.info("demo.robots_seeded", { versions });
  return { versions };
}
