import type { Kysely } from "kysely";

/** Named fleet locks (singleton jobs): one row per lock name while it has or had a holder. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("fleet_locks")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
}
