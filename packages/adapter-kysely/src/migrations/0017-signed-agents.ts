import type { Kysely } from "kysely";

/**
 * Web Bot Auth on crawl rows: the agent origin and the signature's outcome (`null` on every row
 * stored before, all unsigned), and signed crawls counted per day, outcome and agent origin
 * (`""` for a signature naming none). Nothing to backfill: no stored row was signed.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("crawl_events").addColumn("signature_agent", "text").execute();
  await db.schema.alterTable("crawl_events").addColumn("signature", "text").execute();
  await db.schema
    .createTable("crawl_agent_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("signature", "text", (c) => c.notNull())
    .addColumn("signature_agent", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_agent_day_pk", [
      "domain_id",
      "day",
      "signature",
      "signature_agent",
    ])
    .execute();
}
