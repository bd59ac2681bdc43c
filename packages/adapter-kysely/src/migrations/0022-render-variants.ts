import { type Kysely, sql } from "kysely";

/**
 * Device variants. Domains get `render_variants` (comma-separated, `desktop` for every domain
 * stored before: its pages keep their cache keys). Snapshots get `variant` (`desktop` for every
 * snapshot stored before) and become unique per (domain, path, variant, content hash): the
 * table is rebuilt (SQLite cannot drop a unique constraint in place), rows and IDs kept.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("domains")
    .addColumn("render_variants", "text", (c) => c.notNull().defaultTo("desktop"))
    .execute();
  await db.schema
    .createTable("snapshots_0022")
    .addColumn("snapshot_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("variant", "text", (c) => c.notNull().defaultTo("desktop"))
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("render_status", "integer")
    .addColumn("content_size_bytes", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_recorded_at", "bigint", (c) => c.notNull())
    .addColumn("html_retained", "integer", (c) => c.notNull())
    .addColumn("seo_score", "integer")
    .addColumn("seo_issues", "text", (c) => c.notNull())
    .addUniqueConstraint("snapshots_variant_content", [
      "domain_id",
      "path",
      "variant",
      "content_hash",
    ])
    .execute();
  const columns = [
    "snapshot_id",
    "domain_id",
    "path",
    "content_hash",
    "render_status",
    "content_size_bytes",
    "created_at",
    "last_recorded_at",
    "html_retained",
    "seo_score",
    "seo_issues",
  ];
  await db
    .insertInto("snapshots_0022")
    .columns([...columns, "variant"])
    .expression(db.selectFrom("snapshots").select([...columns, sql.lit("desktop").as("variant")]))
    .execute();
  await db.schema.dropTable("snapshots").execute();
  await db.schema.alterTable("snapshots_0022").renameTo("snapshots").execute();
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
}
