import { type Crawlgate, createCrawlgate, type Logger, type Stores } from "@crawlgate/core";
import type { RateLimiter } from "@crawlgate/core/adapter-kit";
import { type DemoWorld, seedDemoAccounts } from "./accounts.js";
import { seedDemoCrawls } from "./crawls.js";
import { seedDemoLegacy } from "./legacy.js";
import type { DemoOrigin } from "./origin-site.js";
import { seedDemoReferrals } from "./referrals.js";
import { seedDemoRobots } from "./robots.js";
import type { DemoSite } from "./sites.js";
import { seedDemoSnapshots } from "./snapshots.js";

export type { DemoWorld } from "./accounts.js";

/** A rate limiter that allows and counts nothing (the demo's own seeding requests). */
const UNCOUNTED: RateLimiter = {
  consume: async () => ({ allowed: true, minuteUsage: 0, monthUsage: 0 }),
};

export type { DemoOrigin } from "./origin-site.js";
export { startDemoOrigin } from "./origin-site.js";
export { DEMO_RETENTION_DAYS } from "./sites.js";

/**
 * Seeds the demo world into the stores, topping it up to `now` on a restart: accounts, domains
 * and rules (fresh keys every start), snapshot history, robots.txt versions, about six months of
 * crawls through the real ingest (judged for robots compliance), legacy per-key counts before
 * the cutover, and AI referral visits.
 */
export async function seedDemoWorld(options: {
  crawlgate: Crawlgate;
  stores: Stores;
  now: Date;
  logger: Logger;
  /** Running demo origins (`startDemoOrigin`): every demo domain's origin is pointed at its own. */
  origin?: DemoOrigin;
}): Promise<DemoWorld> {
  const { crawlgate, stores, now, logger } = options;
  // The seed's API calls (its rules) go through an instance that counts nothing: starting the
  // demo costs its users none of their per-minute requests or monthly quota.
  const seeder = createCrawlgate({ ...stores, rateLimiter: UNCOUNTED, renderer: null, logger });
  const world = await seedDemoAccounts(seeder, stores, now);
  for (const domain of options.origin ? world.domains : []) {
    const originUrl = options.origin?.sites[domain.domain];
    if (originUrl === undefined) continue;
    const set = await crawlgate.admin.setDomainSettings(domain.domainId, { originUrl });
    if (!set.ok) throw new Error(set.message);
  }
  if (options.origin) world.origin = options.origin.url;
  const sites = demoSites(world);
  const started = performance.now();
  const pages = await seedDemoSnapshots({ stores, sites, now, logger });
  logger.info("demo.snapshots_seeded", { snapshots: pages.snapshots, dropped: pages.dropped });
  // Before the crawls: ingest judges each against the robots.txt in force on its day.
  await seedDemoRobots({ stores, sites, now, logger });
  const { origin } = options;
  const signing = origin ? { agent: origin.agent, origin: origin.url } : undefined;
  const crawls = await seedDemoCrawls({
    stores,
    sites,
    now,
    logger,
    snapshots: pages.lookup,
    ...(signing ? { signing } : {}),
  });
  logger.info("demo.traffic_seeded", { ...crawls, ms: Math.round(performance.now() - started) });
  await seedDemoLegacy({ stores, sites, now, logger });
  logger.info("demo.referrals_seeded", await seedDemoReferrals({ stores, sites, now, logger }));
  return world;
}

/** The owner's two sites of the demo world: the shop, then the blog. */
export function demoSites(world: DemoWorld): DemoSite[] {
  const [shop, blog] = world.domains;
  return [
    { domainId: shop?.domainId as string, kind: "shop" },
    { domainId: blog?.domainId as string, kind: "blog" },
  ];
}
