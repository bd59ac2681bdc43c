import type { Kysely } from "kysely";

/**
 * A purge always wins: `leased` (0/1) tells a job whose render is under way from a queued one,
 * and `dirty_at` records a purge that arrived during that render (the job is queued again when
 * the render completes).
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("purge_jobs")
    .addColumn("leased", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("purge_jobs").addColumn("dirty_at", "bigint").execute();
}
