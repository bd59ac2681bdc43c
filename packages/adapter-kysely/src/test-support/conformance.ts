import {
  accountStoreSuite,
  archiveIndexSuite,
  chargeLedgerSuite,
  crawlDaysSuite,
  crawlStoreSuite,
  dashboardSessionStoreSuite,
  fleetLockSuite,
  jobQueueSuite,
  pageCacheSuite,
  pageRankingSuite,
  rateLimiterDifferentialSuite,
  rateLimiterSuite,
  referralStoreSuite,
  robotsStoreSuite,
  ruleStoreSuite,
  snapshotStoreSuite,
  warmingStoreSuite,
} from "@crawlgate/core/testing";
import { createKyselyStores } from "../index.js";
import type { TestDatabase } from "./handles.js";

/** The adapter's stores on a fresh database of `fresh`, with its teardown. */
const storesOn = (fresh: () => Promise<TestDatabase>) => async () => {
  const { handle, teardown } = await fresh();
  return { ...createKyselyStores(handle), teardown };
};

/** Every port suite that the Kysely adapter implements, over fresh databases of one engine. */
export function kyselyConformance(name: string, fresh: () => Promise<TestDatabase>): void {
  const stores = storesOn(fresh);
  accountStoreSuite(name, stores);
  ruleStoreSuite(name, stores);
  rateLimiterSuite(name, stores);
  rateLimiterDifferentialSuite(name, stores, { numRuns: 60 });
  jobQueueSuite(name, stores);
  fleetLockSuite(name, stores);
  dashboardSessionStoreSuite(name, stores);
  crawlStoreSuite(name, stores);
  pageRankingSuite(name, stores);
  snapshotStoreSuite(name, stores);
  referralStoreSuite(name, stores);
  robotsStoreSuite(name, stores);
  pageCacheSuite(name, stores);
  archiveIndexSuite(name, stores);
  crawlDaysSuite(name, stores);
  chargeLedgerSuite(name, stores);
  warmingStoreSuite(name, stores);
}

/** The suites of the raw crawl rows and what reads them, over fresh databases of one engine. */
export function kyselyCrawlConformance(name: string, fresh: () => Promise<TestDatabase>): void {
  const stores = storesOn(fresh);
  crawlStoreSuite(name, stores);
  pageRankingSuite(name, stores);
  crawlDaysSuite(name, stores);
}
