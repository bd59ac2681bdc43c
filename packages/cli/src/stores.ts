import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { createFsBlobStore } from "@crawlgate/adapter-fs";
import { createKyselyStores, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemorySettingsCache } from "@crawlgate/adapter-memory";
import type { CrawlgateDeps } from "@crawlgate/core";

export interface StoreOptions {
  dataDir: string;
  /** PostgreSQL connection string; SQLite in the data directory when absent. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema for crawlgate's tables (created on start); default: the search_path. */
  databaseSchema?: string | undefined;
}

export interface OpenStores {
  deps: Omit<CrawlgateDeps, "clock" | "logger">;
  /** Where the data lives, for logs (no credentials). */
  description: string;
  close(): Promise<void>;
}

/** Opens (and migrates) the durable stores the CLI runs on. */
export async function openStores(options: StoreOptions): Promise<OpenStores> {
  const handle = options.databaseUrl
    ? createPostgresDatabase(
        options.databaseUrl,
        options.databaseSchema ? { schema: options.databaseSchema } : {},
      )
    : openSqlite(options.dataDir);
  await migrateToLatest(handle);
  const stores = createKyselyStores(handle);
  return {
    deps: {
      accounts: stores.accounts,
      rules: stores.rules,
      rateLimiter: stores.rateLimiter,
      purgeQueue: stores.purgeQueue,
      settingsCache: createMemorySettingsCache(),
      crawls: stores.crawls,
      snapshots: stores.snapshots,
      referrals: stores.referrals,
      // Snapshot HTML lives on local disk under the data directory, with either database.
      blobs: createFsBlobStore({ root: join(options.dataDir, "blobs") }),
    },
    description: options.databaseUrl
      ? "postgresql"
      : `sqlite:${join(resolve(options.dataDir), "crawlgate.sqlite")}`,
    close: () => handle.close(),
  };
}

function openSqlite(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  return createSqliteDatabase(join(dataDir, "crawlgate.sqlite"));
}
