import type { Kysely } from "kysely";

/**
 * Per (domain, day, bot) compliance counts gain the requests whose bot's intent contradicted the
 * content signal in force for the path: days counted before this migration keep 0 (nothing was
 * judged then).
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("robots_compliance_day")
    .addColumn("signal_contradictions", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}
