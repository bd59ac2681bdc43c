import { resolve } from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { CrawlWriter } from "./crawl-sql.js";
import type { Database } from "./schema.js";
import { configureSqlite } from "./sqlite-pragmas.js";
import { createSqliteWriterThread, writerThreadAvailable } from "./sqlite-writer-thread.js";

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
  /** The writer thread of the crawl store (SQLite file databases, unless turned off). */
  sqliteWriter?: CrawlWriter;
  /** Waits for writes in progress (the writer thread's too), then closes every connection. */
  close(): Promise<void>;
}

export interface SqliteOptions {
  /**
   * Runs the crawl store's writes on a worker thread with its own connection to the file
   * (WAL), beside the main thread's work; default true. Ignored for in-memory databases
   * (`:memory:` or `""`), which one connection only can see, and where the thread's entry file
   * (`dist/sqlite-writer-worker.js`) is missing, e.g. from an application bundle: those write in
   * the thread.
   */
  writerThread?: boolean;
}

/**
 * SQLite through better-sqlite3 (`configureSqlite`: WAL, `synchronous = NORMAL`, a 5 s busy
 * timeout since other processes such as the CLI's admin commands may write at the same time,
 * foreign keys on, a 64 MiB page cache). Crawl writes go to a writer thread unless `writerThread: false`.
 */
export function createSqliteDatabase(filename: string, options: SqliteOptions = {}): KyselyHandle {
  const database = new Sqlite(filename);
  configureSqlite(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const writer =
    options.writerThread !== false && !database.memory && writerThreadAvailable()
      ? createSqliteWriterThread(resolve(database.name))
      : undefined;
  return {
    db,
    dialect: "sqlite",
    schema: null,
    sqlite: database,
    ...(writer ? { sqliteWriter: writer } : {}),
    close: async () => {
      await writer?.close();
      await db.destroy();
    },
  };
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
