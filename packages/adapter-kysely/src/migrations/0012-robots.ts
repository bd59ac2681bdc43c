import type { Kysely } from "kysely";

/** robots.txt versions served per domain, and robots.txt compliance counts per day and bot. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  // `seq` numbers a domain's versions in insertion order (ties of effective_from).
  await db.schema
    .createTable("robots_versions")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("effective_from", "bigint", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("robots_versions_pk", ["domain_id", "seq"])
    .execute();
  // One row per crawl event ever counted: what makes a replayed event a no-op.
  await db.schema
    .createTable("robots_compliance_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable("robots_compliance_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("requests", "bigint", (c) => c.notNull())
    .addColumn("disallowed_requests", "bigint", (c) => c.notNull())
    .addColumn("last_violation_at", "bigint")
    .addPrimaryKeyConstraint("robots_compliance_day_pk", ["domain_id", "day", "bot_id"])
    .execute();
}
