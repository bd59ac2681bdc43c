import type { Kysely } from "kysely";

/** The crawl-log archive: its index of Parquet files, day-close leases and closed-through marks. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("archive_files")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("part", "integer", (c) => c.notNull())
    .addColumn("blob_key", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("size_bytes", "bigint", (c) => c.notNull())
    .addColumn("row_count", "bigint", (c) => c.notNull())
    // JSON array of byte offsets, one per row group.
    .addColumn("row_group_offsets", "text", (c) => c.notNull())
    .addColumn("frozen", "integer", (c) => c.notNull())
    .addColumn("closed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("archive_files_pk", ["domain_id", "day", "part"])
    .execute();
  await db.schema.createIndex("archive_files_day").on("archive_files").columns(["day"]).execute();
  await db.schema
    .createTable("archive_leases")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("archive_leases_pk", ["domain_id", "day"])
    .execute();
  await db.schema
    .createTable("archive_marks")
    .addColumn("scope", "text", (c) => c.primaryKey())
    .addColumn("closed_through", "text", (c) => c.notNull())
    .execute();
}
