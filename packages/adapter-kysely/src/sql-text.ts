import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "./handle.js";

/**
 * A text column compared in UTF-8 byte order (core's `compareUtf8`), whatever the database's
 * default collation: `COLLATE "C"` on PostgreSQL, SQLite's default BINARY. Every `ORDER BY` or
 * keyset comparison on free text goes through it.
 */
export function byteOrdered(column: string, dialect: Dialect): RawBuilder<unknown> {
  return dialect === "postgres" ? sql.raw(`${column} collate "C"`) : sql.ref(column);
}
