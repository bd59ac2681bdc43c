import Sqlite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

/** An open database and what the stores need to know about it. */
export interface KyselyHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in, when one was chosen. */
  schema: string | null;
  /**
   * The better-sqlite3 database under `db` (SQLite only), for the ingest hot path's prepared
   * statements; use it only while holding Kysely's connection (`db.connection().execute`).
   */
  sqlite?: Sqlite.Database;
  close(): Promise<void>;
}

/**
 * SQLite through better-sqlite3: WAL journal, a 5 s busy timeout (other processes, such as the
 * CLI's admin commands, may write at the same time), foreign keys on, a 64 MiB page cache.
 */
export function createSqliteDatabase(filename: string): KyselyHandle {
  const database = new Sqlite(filename);
  database.pragma("journal_mode = WAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  database.pragma("synchronous = NORMAL");
  // 64 MiB of page cache (default 2 MiB): the sorter of a large GROUP BY (page ranking over the
  // read model, a few hundred thousand rows) stays in memory instead of spilling to temp files.
  database.pragma("cache_size = -65536");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: "sqlite", schema: null, sqlite: database, close: () => db.destroy() };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresOptions {
  /** Schema for every table (created by `migrateToLatest`); default: the server's search_path. */
  schema?: string;
  /** Pool size; default 10. */
  max?: number;
}

/** PostgreSQL through a pg pool. With `schema`, every connection's search_path is that schema. */
export function createPostgresDatabase(
  connectionString: string,
  options: PostgresOptions = {},
): KyselyHandle {
  const schema = options.schema ?? null;
  if (schema !== null && !SCHEMA_NAME.test(schema))
    throw new Error(`invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", schema, close: () => db.destroy() };
}
