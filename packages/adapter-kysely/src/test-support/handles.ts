import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryBlobStore, createMemorySettingsCache } from "@crawlgate/adapter-memory";
import type { DepsFactory } from "@crawlgate/core/testing";
import type { KyselyHandle } from "../handle.js";
import { createKyselyStores } from "../index.js";
import { migrateToLatest } from "../migrations/index.js";
import { createPostgresDatabase } from "../postgres/index.js";
import { createSqliteDatabase, type SqliteHandle, type SqliteOptions } from "../sqlite/index.js";
import { DATABASE_URL, freshSchema } from "./postgres.js";

export interface TestDatabase<H extends KyselyHandle = KyselyHandle> {
  handle: H;
  teardown: () => Promise<void>;
}

/** A migrated SQLite database in its own temporary file. */
export async function freshSqlite(
  options: SqliteOptions = {},
): Promise<TestDatabase<SqliteHandle>> {
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-sqlite-"));
  const handle = createSqliteDatabase(join(dir, "test.sqlite"), options);
  await migrateToLatest(handle);
  return {
    handle,
    teardown: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated PostgreSQL database in its own schema (dropped when the test run ends). */
export async function freshPostgres(): Promise<TestDatabase> {
  const schema = freshSchema();
  const handle = createPostgresDatabase(DATABASE_URL, { schema, max: 12 });
  await migrateRetryingDroppedSchemas(handle);
  return {
    handle,
    teardown: () => handle.close(),
  };
}

/**
 * `freshPostgres` with the day partitions of `crawl_events` for 2026-11-01 through 2026-11-21
 * (the days the crawl suites store most), so that their rows are stored in day partitions and
 * in the default one, as on a server whose `crawl_days` job runs.
 */
export async function freshPartitionedPostgres(): Promise<TestDatabase> {
  const fresh = await freshPostgres();
  await createKyselyStores(fresh.handle).crawls.prepareCrawlDays("2026-11-01", 20, "2000-01-01");
  return fresh;
}

/**
 * An instance's stores on a fresh database of `fresh` (the settings cache and blobs in memory,
 * as `serve` keeps them without Redis and S3): what the API and edge suites run on.
 */
export function databaseDeps(fresh: () => Promise<TestDatabase>): DepsFactory {
  return async () => {
    const { handle, teardown } = await fresh();
    return {
      deps: {
        ...createKyselyStores(handle),
        settingsCache: createMemorySettingsCache(),
        blobs: createMemoryBlobStore(),
      },
      teardown,
    };
  };
}

/**
 * Kysely's migrator reads the catalog of every schema of the database; when another test run
 * (another checkout on the same server) drops its schemas at that moment, the read fails with
 * `schema "…" does not exist`, or `relation "…" does not exist` when it drops a table
 * (kysely-org/kysely#1419). Such a failure is about the other run's schema, never this one's:
 * try again.
 */
export async function migrateRetryingDroppedSchemas(handle: KyselyHandle): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(handle);
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 5 || !/(schema|relation) ".*" does not exist/.test(message)) throw error;
    }
  }
}
