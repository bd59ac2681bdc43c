import { resolve } from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { CrawlWriter, KyselyHandle } from "../handle.js";
import type { Database } from "../schema.js";
import { SQLITE_SQL } from "../sql-text.js";
import { createSqliteCrawlWriter } from "./crawl-writer.js";
import { configureSqlite } from "./pragmas.js";
import { createSqliteWriterThread, writerThreadAvailable } from "./writer-thread.js";

/** A SQLite database: the handle of the stores, and the better-sqlite3 connection under it. */
export interface SqliteHandle extends KyselyHandle {
  dialect: "sqlite";
  /**
   * The better-sqlite3 database under `db`, for the ingest hot path's prepared statements; use
   * it only while holding Kysely's connection (`db.connection().execute`).
   */
  sqlite: Sqlite.Database;
  /** The writer thread of the crawl store (file databases, unless turned off). */
  sqliteWriter: CrawlWriter | undefined;
}

export interface SqliteOptions {
  /**
   * Runs the crawl store's writes on a worker thread with its own connection to the file
   * (WAL), beside the main thread's work; default true. Ignored for in-memory databases
   * (`:memory:` or `""`), which one connection only can see, and where the thread's entry file
   * (`dist/sqlite/writer-worker.js`) is missing, e.g. from an application bundle: those write in
   * the thread.
   */
  writerThread?: boolean;
}

/**
 * SQLite through better-sqlite3 (`configureSqlite`: WAL, `synchronous = NORMAL`, a 5 s busy
 * timeout since other processes such as the CLI's admin commands may write at the same time,
 * foreign keys on, a 64 MiB page cache). Crawl writes go to a writer thread unless `writerThread: false`.
 */
export function createSqliteDatabase(filename: string, options: SqliteOptions = {}): SqliteHandle {
  const database = new Sqlite(filename);
  configureSqlite(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const writer =
    options.writerThread !== false && !database.memory && writerThreadAvailable()
      ? createSqliteWriterThread(resolve(database.name))
      : undefined;
  const statements = new Map<string, Sqlite.Statement>();
  const selectArrays = (text: string, params: readonly unknown[]) =>
    // On Kysely's connection, so the statement never runs inside another caller's transaction.
    db.connection().execute(async () => {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text).raw(true);
        statements.set(text, statement);
      }
      return statement.all(...params) as unknown[][];
    });
  return {
    db,
    dialect: "sqlite",
    ...SQLITE_SQL,
    selectArrays,
    schema: null,
    sqlite: database,
    sqliteWriter: writer,
    // Every crawl store shares the one thread; without it, each writes on the handle's connection.
    crawlWriter: () => writer ?? createSqliteCrawlWriter(database, db),
    close: async () => {
      await writer?.close();
      await db.destroy();
    },
  };
}
