import type { Kysely } from "kysely";

/**
 * Crawler policies: one row per domain that saved one, the policy as JSON text (its shape is
 * core's and validated there; the database only keeps it whole), dropped with the domain.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("crawler_policies")
    .addColumn("domain_id", "text", (c) =>
      c.primaryKey().references("domains.domain_id").onDelete("cascade"),
    )
    .addColumn("policy", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}
