import type { Kysely } from "kysely";

/** The edge's page cache, and the per-domain cache lifetime. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("domains").addColumn("page_cache_ttl_seconds", "integer").execute();
  await db.schema
    .createTable("page_cache")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("page_key", "text", (c) => c.notNull())
    .addColumn("snapshot_id", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("rendered_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_cache_pk", ["domain_id", "page_key"])
    .execute();
}
