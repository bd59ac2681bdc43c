import type { Kysely } from "kysely";

/** Referral visits and their day counts (per source, per landing path). */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  // One row per visit ever counted: what makes a replayed visit a no-op.
  await db.schema
    .createTable("referral_visits")
    .addColumn("visit_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("ts", "bigint", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .execute();
  // Distinct landing paths counted per domain-day; its row is the lock of the path cap.
  await db.schema
    .createTable("referral_day_stats")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path_count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("referral_day_stats_pk", ["domain_id", "day"])
    .execute();
  // The series: a window is one range scan of the primary key.
  await db.schema
    .createTable("referral_source_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("referral_source_day_pk", ["domain_id", "day", "source"])
    .execute();
  // Landing paths: the key serves window scans (ranking, distinct paths, known paths of a
  // day); the path-first index serves per-path lookups and `__overflow__`.
  await db.schema
    .createTable("referral_path_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("referral_path_day_pk", ["domain_id", "day", "path", "source"])
    .execute();
  await db.schema
    .createIndex("referral_path_day_by_path")
    .on("referral_path_day")
    .columns(["domain_id", "path", "day", "source", "count"])
    .execute();
}
