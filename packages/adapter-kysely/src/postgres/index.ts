import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { KyselyHandle } from "../handle.js";
import type { Database } from "../schema.js";
import { POSTGRES_SQL } from "../sql-text.js";
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
  // Nor may a checked-out client's: when the connection drops mid-query, pg fails the query and
  // also emits "error" on the client, which has no listener while it is checked out (an
  // uncaught exception). The query's own error is what callers see; the pool drops the client.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    ...POSTGRES_SQL,
    schema,
    crawlWriter: () => createPostgresCrawlWriter(db),
    selectArrays: async (text, params) => {
      const result = await pool.query({ text, values: [...params], rowMode: "array" });
      return result.rows as unknown[][];
    },
    close: () => db.destroy(),
  };
}
