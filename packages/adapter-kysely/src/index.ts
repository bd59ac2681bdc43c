import { createKyselyAccountStore } from "./account-store.js";
import { createKyselyArchiveIndex } from "./archive-index.js";
import { createKyselyChargeLedger } from "./charge-ledger.js";
import { createKyselyCrawlStore } from "./crawls/store.js";
import { createKyselyDashboardSessionStore } from "./dashboard-session-store.js";
import { createKyselyFleetLock } from "./fleet-lock.js";
import type { KyselyHandle } from "./handle.js";
import { createKyselyJobQueue } from "./job-queue.js";
import { createKyselyPageCache } from "./page-cache.js";
import { createKyselyRateLimiter } from "./rate-limiter.js";
import { createKyselyReadinessCheck } from "./readiness.js";
import { createKyselyReferralStore } from "./referral-store.js";
import { createKyselyRobotsStore } from "./robots-store.js";
import { createKyselyRuleStore } from "./rule-store.js";
import { createKyselySnapshotStore } from "./snapshot-store.js";
import { createKyselyWarmingStore } from "./warming-store.js";

// No driver here: a handle comes from `@crawlgate/adapter-kysely/sqlite` (better-sqlite3) or
// `@crawlgate/adapter-kysely/postgres` (pg), so either driver alone is enough.
export type { CrawlWriter, Dialect, KyselyHandle } from "./handle.js";
export { MIGRATION_NAMES, migrateToLatest } from "./migrations/index.js";
export type { Database } from "./schema.js";
export {
  createKyselyAccountStore,
  createKyselyArchiveIndex,
  createKyselyChargeLedger,
  createKyselyCrawlStore,
  createKyselyDashboardSessionStore,
  createKyselyFleetLock,
  createKyselyJobQueue,
  createKyselyPageCache,
  createKyselyRateLimiter,
  createKyselyReadinessCheck,
  createKyselyReferralStore,
  createKyselyRobotsStore,
  createKyselyRuleStore,
  createKyselySnapshotStore,
  createKyselyWarmingStore,
};

/** The durable stores over one open (and migrated) database. */
export function createKyselyStores(handle: KyselyHandle) {
  return {
    accounts: createKyselyAccountStore(handle),
    rules: createKyselyRuleStore(handle),
    rateLimiter: createKyselyRateLimiter(handle),
    purgeQueue: createKyselyJobQueue(handle),
    crawls: createKyselyCrawlStore(handle),
    snapshots: createKyselySnapshotStore(handle),
    referrals: createKyselyReferralStore(handle),
    pages: createKyselyPageCache(handle),
    archive: createKyselyArchiveIndex(handle),
    dashboardSessions: createKyselyDashboardSessionStore(handle),
    fleetLock: createKyselyFleetLock(handle),
    robots: createKyselyRobotsStore(handle),
    charges: createKyselyChargeLedger(handle),
    warming: createKyselyWarmingStore(handle),
  };
}
