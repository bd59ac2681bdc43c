import type { Kysely } from "kysely";

/**
 * The ownership challenge of a domain not verified yet: its token, stored as it is (it is
 * published in DNS or on the origin to prove control, so it is no secret), `null` once verified.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("domains").addColumn("verification_token", "text").execute();
}
