import {
  accountStoreSuite,
  archiveIndexSuite,
  archiveWalkSuite,
  blobStoreSuite,
  chargeLedgerSuite,
  crawlDaysSuite,
  crawlStoreSuite,
  dashboardSessionStoreSuite,
  fleetLockSuite,
  jobQueueSuite,
  keyDirectoryCacheSuite,
  nonceStoreSuite,
  pageCacheSuite,
  pageRankingSuite,
  rateLimiterSuite,
  referralStoreSuite,
  robotsStoreSuite,
  ruleStoreSuite,
  settingsCacheSuite,
  sharedRateLimiterSuite,
  sharedSettingsCacheSuite,
  snapshotStoreSuite,
  warmingStoreSuite,
} from "@crawlgate/core/testing";
import {
  createMemoryAccountStore,
  createMemoryArchiveIndex,
  createMemoryBlobStore,
  createMemoryChargeLedger,
  createMemoryCrawlStore,
  createMemoryDashboardSessionStore,
  createMemoryFleetLock,
  createMemoryJobQueue,
  createMemoryKeyDirectoryCache,
  createMemoryNonceStore,
  createMemoryPageCache,
  createMemoryRateLimiter,
  createMemoryReferralStore,
  createMemoryRobotsStore,
  createMemoryRuleStore,
  createMemorySettingsCache,
  createMemorySnapshotStore,
  createMemoryStores,
  createMemoryWarmingStore,
} from "./index.js";

accountStoreSuite("memory", async () => ({ accounts: createMemoryAccountStore() }));
ruleStoreSuite("memory", async () => ({
  accounts: createMemoryAccountStore(),
  rules: createMemoryRuleStore(),
}));
rateLimiterSuite("memory", async () => ({ rateLimiter: createMemoryRateLimiter() }));
sharedRateLimiterSuite("memory, one limiter shared", async () => {
  const limiter = createMemoryRateLimiter();
  return { rateLimiters: [limiter, limiter] };
});
dashboardSessionStoreSuite("memory", async () => ({
  dashboardSessions: createMemoryDashboardSessionStore(),
}));
fleetLockSuite("memory", async () => ({ fleetLock: createMemoryFleetLock() }));
jobQueueSuite("memory", async () => ({ purgeQueue: createMemoryJobQueue() }));
keyDirectoryCacheSuite("memory", async () => ({ directories: createMemoryKeyDirectoryCache() }));
nonceStoreSuite("memory", async () => ({ nonces: createMemoryNonceStore() }));
settingsCacheSuite("memory", async () => ({ settingsCache: createMemorySettingsCache() }));
sharedSettingsCacheSuite("memory, one cache shared", async () => {
  const cache = createMemorySettingsCache();
  return { settingsCaches: [cache, cache] };
});
crawlStoreSuite("memory", async () => ({ crawls: createMemoryCrawlStore() }));
pageRankingSuite("memory", async () => ({ crawls: createMemoryCrawlStore() }));
snapshotStoreSuite("memory", async () => ({ snapshots: createMemorySnapshotStore() }));
blobStoreSuite("memory", async () => ({ blobs: createMemoryBlobStore() }));
referralStoreSuite("memory", async () => ({ referrals: createMemoryReferralStore() }));
chargeLedgerSuite("memory", async () => ({ charges: createMemoryChargeLedger() }));
warmingStoreSuite("memory", async () => ({ warming: createMemoryWarmingStore() }));
robotsStoreSuite("memory", async () => ({ robots: createMemoryRobotsStore() }));
pageCacheSuite("memory", async () => ({ pages: createMemoryPageCache() }));
archiveIndexSuite("memory", async () => ({ archive: createMemoryArchiveIndex() }));
crawlDaysSuite("memory", async () => ({ crawls: createMemoryCrawlStore() }));
archiveWalkSuite("memory", async () => ({ deps: createMemoryStores() }), 60);
