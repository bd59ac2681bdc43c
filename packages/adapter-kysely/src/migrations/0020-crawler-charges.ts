import type { Kysely } from "kysely";

/**
 * The ledger of paid crawls: one row per charged request, keyed by its event id so that a
 * request charged again (a retry, a replay to another instance) inserts nothing. Amounts are
 * BIGINT micro-units (sums stay exact on both engines); `day` is the UTC day of `ts`, for the
 * export's windows and day grouping.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("crawler_charges")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("ts", "bigint", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("signature_agent", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("amount_micros", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull())
    .addColumn("receipt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("crawler_charges_domain_day")
    .on("crawler_charges")
    .columns(["domain_id", "day"])
    .execute();
}
