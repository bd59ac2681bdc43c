import type { Kysely } from "kysely";

/** Page snapshots and the crawl events that served them. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("snapshots")
    .addColumn("snapshot_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("render_status", "integer")
    .addColumn("content_size_bytes", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_recorded_at", "bigint", (c) => c.notNull())
    .addColumn("html_retained", "integer", (c) => c.notNull())
    .addColumn("seo_score", "integer")
    .addColumn("seo_issues", "text", (c) => c.notNull())
    .addUniqueConstraint("snapshots_content", ["domain_id", "path", "content_hash"])
    .execute();
  await db.schema
    .createIndex("snapshots_hash")
    .on("snapshots")
    .columns(["content_hash", "last_recorded_at"])
    .execute();
  await db.schema
    .createIndex("snapshots_retained")
    .on("snapshots")
    .columns(["html_retained", "last_recorded_at"])
    .execute();
  await db.schema
    .createTable("snapshot_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("snapshot_id", "text", (c) => c.notNull())
    .execute();
}
