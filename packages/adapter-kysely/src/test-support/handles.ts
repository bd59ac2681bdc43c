import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { KyselyHandle } from "../handle.js";
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
  await migrateToLatest(handle);
  return {
    handle,
    teardown: () => handle.close(),
  };
}
