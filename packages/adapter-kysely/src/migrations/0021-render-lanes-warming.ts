import type { Kysely } from "kysely";

/**
 * Sitemap warming. `purge_jobs.lane` orders renders: 0 purge, 1 warm, 2 refresh (every job
 * stored before this migration is a purge's or a refresh's and keeps 0, as it was served).
 * `warm_settings` holds a domain's sitemap list (JSON array text), renders-per-hour budget
 * (NULL = the instance's default) and whether the `sitemap_warm` job warms it;
 * `warm_budgets` the renders taken in the current UTC hour (`hour`: epoch ms / 3,600,000) and
 * the last take's size (`last_taken`, read back by the take itself).
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("purge_jobs")
    .addColumn("lane", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("warm_settings")
    .addColumn("domain_id", "text", (c) => c.primaryKey())
    .addColumn("sitemap_urls", "text", (c) => c.notNull())
    .addColumn("renders_per_hour", "integer")
    .addColumn("scheduled", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("warm_budgets")
    .addColumn("domain_id", "text", (c) => c.primaryKey())
    .addColumn("hour", "bigint", (c) => c.notNull())
    .addColumn("used", "integer", (c) => c.notNull())
    .addColumn("last_taken", "integer", (c) => c.notNull())
    .execute();
}
