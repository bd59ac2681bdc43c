import type { Kysely } from "kysely";

/**
 * The instant of each counted compliance event, so that retention can forget old ids. Rows
 * counted before this migration take the instant it ran: they are forgotten one retention
 * period from now.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("robots_compliance_events")
    .addColumn("ts", "bigint", (c) => c.notNull().defaultTo(Date.now()))
    .execute();
  await db.schema
    .createIndex("robots_compliance_events_ts")
    .on("robots_compliance_events")
    .column("ts")
    .execute();
}
