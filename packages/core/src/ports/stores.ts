import type { AccountStore } from "./accounts.js";
import type { ArchiveIndex } from "./archive.js";
import type { ChargeLedger } from "./charges.js";
import type { CrawlStore } from "./crawls.js";
import type { DashboardSessionStore } from "./dashboard-sessions.js";
import type { RateLimiter } from "./limits.js";
import type { PageCache } from "./page-cache.js";
import type { JobQueue } from "./purge-queue.js";
import type { ReferralStore } from "./referrals.js";
import type { RobotsStore } from "./robots.js";
import type { RuleStore, SettingsCache } from "./routing.js";
import type { BlobStore, SnapshotStore } from "./snapshots.js";
import type { WarmingStore } from "./warming.js";

// The bundle of stores a crawlgate instance runs on.

/** The stores a crawlgate instance runs on (`createMemoryStores()`, `createKyselyStores(db)`). */
export interface Stores {
  accounts: AccountStore;
  rules: RuleStore;
  rateLimiter: RateLimiter;
  /** Purge and pre-warm jobs (re-renders). */
  purgeQueue: JobQueue;
  settingsCache: SettingsCache;
  crawls: CrawlStore;
  snapshots: SnapshotStore;
  /** AI referral visits (export-ai-referrals). */
  referrals: ReferralStore;
  /** Snapshot HTML and archive files. */
  blobs: BlobStore;
  /** The edge's page cache. */
  pages: PageCache;
  /** The crawl-log archive's index of files and day-close leases. */
  archive: ArchiveIndex;
  /** robots.txt versions and compliance counts. */
  robots: RobotsStore;
  /** The dashboard's sessions and used sign-in tokens. */
  dashboardSessions: DashboardSessionStore;
  /** The ledger of paid crawls (export-crawler-charges). */
  charges: ChargeLedger;
  /** Sitemap-warming settings and renders-per-hour budgets. */
  warming: WarmingStore;
}
