import { createKyselyAccountStore } from "./account-store.js";
import { createKyselyCrawlStore } from "./crawl-store.js";
import type { KyselyHandle } from "./database.js";
import { createKyselyJobQueue } from "./job-queue.js";
import { createKyselyRateLimiter } from "./rate-limiter.js";
import { createKyselyReferralStore } from "./referral-store.js";
import { createKyselyRuleStore } from "./rule-store.js";
import { createKyselySnapshotStore } from "./snapshot-store.js";

export type { Dialect, KyselyHandle, PostgresOptions, SqliteOptions } from "./database.js";
export { createPostgresDatabase, createSqliteDatabase } from "./database.js";
export { MIGRATION_NAMES, migrateToLatest } from "./migrations.js";
export type { Database } from "./schema.js";
export {
  createKyselyAccountStore,
  createKyselyCrawlStore,
  createKyselyJobQueue,
  createKyselyRateLimiter,
  createKyselyReferralStore,
  createKyselyRuleStore,
  createKyselySnapshotStore,
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
  };
}
