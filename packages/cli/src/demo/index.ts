import type { Crawlgate, Logger, Stores } from "@crawlgate/core";
import { type DemoWorld, seedDemoAccounts } from "./accounts.js";
import { seedDemoCrawls } from "./crawls.js";
import { seedDemoLegacy } from "./legacy.js";
import { seedDemoReferrals } from "./referrals.js";
import type { DemoSite } from "./sites.js";
import { seedDemoSnapshots } from "./snapshots.js";

export type { DemoWorld } from "./accounts.js";
export type { DemoOrigin } from "./origin-site.js";
export { startDemoOrigin } from "./origin-site.js";
export { DEMO_RETENTION_DAYS } from "./sites.js";

/**
 * Seeds the demo world into the stores, topping it up to `now` on a restart: accounts, domains
 * and rules (fresh keys every start), snapshot history, about six months of crawls through the
 * real ingest, legacy per-key counts before the cutover, and AI referral visits.
 */
export async function seedDemoWorld(options: {
  crawlgate: Crawlgate;
  stores: Stores;
  now: Date;
  logger: Logger;
  /** Base URL of a running demo origin: the shop's origin is pointed at it. */
  origin?: string;
}): Promise<DemoWorld> {
  const { crawlgate, stores, now, logger } = options;
  const world = await seedDemoAccounts(crawlgate, stores, now);
  const shop = world.domains[0];
  if (options.origin !== undefined && shop) {
    const set = await crawlgate.admin.setDomainSettings(shop.domainId, {
      originUrl: options.origin,
    });
    if (!set.ok) throw new Error(set.message);
    world.origin = options.origin;
  }
  const sites = demoSites(world);
  const started = performance.now();
  const pages = await seedDemoSnapshots({ stores, sites, now, logger });
  logger.info("demo.snapshots_seeded", { snapshots: pages.snapshots, dropped: pages.dropped });
  const crawls = await seedDemoCrawls({ stores, sites, now, logger, snapshots: pages.lookup });
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
