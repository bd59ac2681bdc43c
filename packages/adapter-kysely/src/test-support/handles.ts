import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresDatabase,
  createSqliteDatabase,
  type KyselyHandle,
  type SqliteOptions,
} from "../database.js";
import { migrateToLatest } from "../migrations.js";
import { DATABASE_URL, freshSchema } from "./postgres.js";

export interface TestDatabase {
  handle: KyselyHandle;
  teardown: () => Promise<void>;
}

/** A migrated SQLite database in its own temporary file. */
export async function freshSqlite(options: SqliteOptions = {}): Promise<TestDatabase> {
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
