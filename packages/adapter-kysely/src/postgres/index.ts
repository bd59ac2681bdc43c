import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { KyselyHandle } from "../handle.js";
import type { Database } from "../schema.js";
import { createPostgresCrawlWriter } from "./crawl-writer.js";

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
  return {
    db,
    dialect: "postgres",
    schema,
    crawlWriter: () => createPostgresCrawlWriter(db),
    close: () => db.destroy(),
  };
}
