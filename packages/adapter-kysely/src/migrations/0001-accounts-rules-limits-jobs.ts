import type { Kysely } from "kysely";

/** Accounts (users, API keys, domains, memberships), routing rules, rate counters, purge jobs. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("plan", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("api_keys")
    .addColumn("key_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("display_prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema
    .createIndex("api_keys_user")
    .on("api_keys")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createTable("domains")
    .addColumn("domain_id", "text", (c) => c.primaryKey())
    .addColumn("hostname", "text", (c) => c.notNull().unique())
    .addColumn("owner_id", "text", (c) => c.notNull().references("users.user_id"))
    .addColumn("origin_url", "text")
    .addColumn("verification_stage", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("domains_owner").on("domains").column("owner_id").execute();
  await db.schema
    .createTable("memberships")
    .addColumn("domain_id", "text", (c) =>
      c.notNull().references("domains.domain_id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("role", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("memberships_pk", ["domain_id", "user_id"])
    .execute();
  await db.schema.createIndex("memberships_user").on("memberships").column("user_id").execute();
  await db.schema
    .createTable("routing_rules")
    .addColumn("rule_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) =>
      c.notNull().references("domains.domain_id").onDelete("cascade"),
    )
    .addColumn("source_path", "text", (c) => c.notNull())
    .addColumn("source_key", "text", (c) => c.notNull())
    .addColumn("target_url", "text", (c) => c.notNull())
    .addColumn("rule_type", "text", (c) => c.notNull())
    .addColumn("redirect_code", "integer")
    .addColumn("priority", "integer", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull())
    .addColumn("notes", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("routing_rules_source_key", ["domain_id", "source_key"])
    .execute();
  await db.schema
    .createTable("rate_counters")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_counters_pk", ["subject", "kind"])
    .execute();
  await db.schema
    .createTable("purge_jobs")
    .addColumn("job_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("enqueued_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_until", "bigint")
    .addUniqueConstraint("purge_jobs_pending", ["domain_id", "path"])
    .execute();
  await db.schema
    .createIndex("purge_jobs_ready")
    .on("purge_jobs")
    .columns(["enqueued_at", "job_id"])
    .execute();
}
