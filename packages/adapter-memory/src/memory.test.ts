import {
  accountStoreSuite,
  blobStoreSuite,
  crawlStoreSuite,
  jobQueueSuite,
  pageRankingSuite,
  rateLimiterSuite,
  referralStoreSuite,
  ruleStoreSuite,
  settingsCacheSuite,
  snapshotStoreSuite,
} from "@crawlgate/core/testing";
import {
  createMemoryAccountStore,
  createMemoryBlobStore,
  createMemoryCrawlStore,
  createMemoryJobQueue,
  createMemoryRateLimiter,
  createMemoryReferralStore,
  createMemoryRuleStore,
  createMemorySettingsCache,
  createMemorySnapshotStore,
} from "./index.js";

accountStoreSuite("memory", async () => ({ accounts: createMemoryAccountStore() }));
ruleStoreSuite("memory", async () => ({
  accounts: createMemoryAccountStore(),
  rules: createMemoryRuleStore(),
}));
rateLimiterSuite("memory", async () => ({ limiter: createMemoryRateLimiter() }));
jobQueueSuite("memory", async () => ({ jobs: createMemoryJobQueue() }));
settingsCacheSuite("memory", async () => ({ cache: createMemorySettingsCache() }));
crawlStoreSuite("memory", async () => ({ crawls: createMemoryCrawlStore() }));
pageRankingSuite("memory", async () => ({ crawls: createMemoryCrawlStore() }));
snapshotStoreSuite("memory", async () => ({ snapshots: createMemorySnapshotStore() }));
blobStoreSuite("memory", async () => ({ blobs: createMemoryBlobStore() }));
referralStoreSuite("memory", async () => ({ referrals: createMemoryReferralStore() }));
