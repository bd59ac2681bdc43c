import type { Kysely } from "kysely";

/**
 * The dashboard's sessions (by the SHA-256 of their ID) and the sign-in tokens already used
 * (kept until they expire), shared by a fleet. No foreign key to `users`: a session whose user is
 * gone is refused when it is read.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("dashboard_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("dashboard_sessions_expires_at")
    .on("dashboard_sessions")
    .column("expires_at")
    .execute();
  await db.schema
    .createIndex("dashboard_sessions_last_seen_at")
    .on("dashboard_sessions")
    .column("last_seen_at")
    .execute();
  await db.schema
    .createTable("dashboard_sign_in_tokens")
    .addColumn("token_id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("dashboard_sign_in_tokens_expires_at")
    .on("dashboard_sign_in_tokens")
    .column("expires_at")
    .execute();
}
