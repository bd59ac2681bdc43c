import {
  accountStoreSuite,
  crawlStoreSuite,
  jobQueueSuite,
  rateLimiterSuite,
  referralStoreSuite,
  ruleStoreSuite,
  settingsCacheSuite,
} from "@crawlgate/core/testing";
import {
  createMemoryAccountStore,
  createMemoryCrawlStore,
  createMemoryJobQueue,
  createMemoryRateLimiter,
  createMemoryReferralStore,
  createMemoryRuleStore,
  createMemorySettingsCache,
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
referralStoreSuite("memory", async () => ({ referrals: createMemoryReferralStore() }));
