import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";

/**
 * What the shared queries need spelt per engine (Kysely's `DialectAdapter` idea): each engine
 * entry puts one of these on its handle, so the stores write no `dialect` branch for them.
 */
export interface EngineSql {
  /**
   * `query` locking the rows it reads until the transaction ends: `FOR UPDATE` on PostgreSQL
   * (with `skipLocked`, rows another transaction holds are skipped, not awaited); unchanged on
   * SQLite, where a writing transaction holds the whole database.
   */
  lockRows<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    options?: { skipLocked?: boolean },
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * A text column compared in UTF-8 byte order (core's `compareUtf8`), whatever the database's
   * default collation: `COLLATE "C"` on PostgreSQL, SQLite's default BINARY. Every `ORDER BY` or
   * keyset comparison on free text goes through it.
   */
  byteOrdered(column: string): RawBuilder<unknown>;
}

export const POSTGRES_SQL: EngineSql = {
  lockRows: (query, options) =>
    options?.skipLocked ? query.forUpdate().skipLocked() : query.forUpdate(),
  byteOrdered: (column) => sql.raw(`${column} collate "C"`),
};

export const SQLITE_SQL: EngineSql = {
  lockRows: (query) => query,
  byteOrdered: (column) => sql.ref(column),
};
