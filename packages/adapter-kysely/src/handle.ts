import type { CrawlRecord, LegacyDelta } from "@crawlgate/core/adapter-kit";
import type { Kysely } from "kysely";
import type { Database } from "./schema.js";
import type { EngineSql } from "./sql-text.js";

export type Dialect = "sqlite" | "postgres";

/** Writes of the CrawlStore that differ per engine; reads are shared Kysely queries. */
export interface CrawlWriter {
  /** Stores the batch's new events and their counts in one transaction; returns how many. */
  append(batch: readonly CrawlRecord[], pathCap: number): Promise<number>;
  upgrade(
    eventId: string,
    botOperator: string | null,
    matchedRange: string | null,
  ): Promise<boolean>;
  addLegacy(rows: LegacyDelta[]): Promise<void>;
}

/**
 * An open database and what the stores need to know about it. An engine entry makes it
 * (`createSqliteDatabase` from `@crawlgate/adapter-kysely/sqlite`, `createPostgresDatabase` from
 * `@crawlgate/adapter-kysely/postgres`); those entries are the only modules that import a driver.
 */
export interface KyselyHandle extends EngineSql {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in, when one was chosen. */
  schema: string | null;
  /**
   * The crawl store's writes on this engine (the ingest hot path, written per engine): asked
   * once per crawl store. The engine entry supplies it, so this package's root needs no driver.
   */
  crawlWriter(): CrawlWriter;
  /**
   * Runs one read-only statement (`?` placeholders on SQLite, `$1`… on PostgreSQL) and returns
   * its rows as arrays of column values in select order, as the driver gives them (PostgreSQL
   * `bigint` as strings): no row objects, for reads of a million rows (the archive's day close).
   */
  selectArrays(text: string, params: readonly unknown[]): Promise<unknown[][]>;
  /** Waits for writes in progress (the writer thread's too), then closes every connection. */
  close(): Promise<void>;
}
