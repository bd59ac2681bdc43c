import { createMemoryAccountStore } from "./account-store.js";
import { createMemoryArchiveIndex } from "./archive-index.js";
import { createMemoryBlobStore } from "./blob-store.js";
import { createMemoryChargeLedger } from "./charge-ledger.js";
import { createMemoryCrawlStore } from "./crawl-store.js";
import { createMemoryDashboardSessionStore } from "./dashboard-session-store.js";
import { createMemoryFleetLock } from "./fleet-lock.js";
import { createMemoryJobQueue } from "./job-queue.js";
import { createMemoryKeyDirectoryCache } from "./key-directory-cache.js";
import { createMemoryNonceStore } from "./nonce-store.js";
import { createMemoryPageCache } from "./page-cache.js";
import { createMemoryRateLimiter } from "./rate-limiter.js";
import { createMemoryReferralStore } from "./referral-store.js";
import { createMemoryRobotsStore } from "./robots-store.js";
import { createMemoryRuleStore } from "./rule-store.js";
import { createMemorySettingsCache } from "./settings-cache.js";
import { createMemorySnapshotStore } from "./snapshot-store.js";
import { createMemoryWarmingStore } from "./warming-store.js";

export type { MemorySettingsCacheOptions } from "./settings-cache.js";
export {
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
  createMemoryWarmingStore,
};

/** Every port crawlgate's API needs, in memory: for tests, embedding and as the reference. */
export function createMemoryStores() {
  return {
    accounts: createMemoryAccountStore(),
    rules: createMemoryRuleStore(),
    rateLimiter: createMemoryRateLimiter(),
    purgeQueue: createMemoryJobQueue(),
    settingsCache: createMemorySettingsCache(),
    crawls: createMemoryCrawlStore(),
    snapshots: createMemorySnapshotStore(),
    referrals: createMemoryReferralStore(),
    blobs: createMemoryBlobStore(),
    pages: createMemoryPageCache(),
    archive: createMemoryArchiveIndex(),
    robots: createMemoryRobotsStore(),
    dashboardSessions: createMemoryDashboardSessionStore(),
    charges: createMemoryChargeLedger(),
    warming: createMemoryWarmingStore(),
  };
}
