import type { Kysely } from "kysely";

/**
 * Which `Host` the edge sends to a domain's origin: `origin` (the origin URL's own host, what
 * every domain stored before this migration keeps) or `public` (the domain's hostname, for an
 * origin that serves several sites by Host).
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("domains")
    .addColumn("origin_host", "text", (c) => c.notNull().defaultTo("origin"))
    .execute();
}
