import type { Kysely } from "kysely";

/** Raw crawls (`crawl_events`), the path cap's day tables, and the bot and path day counts. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("crawl_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("ts", "bigint", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("agg_path", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("ua_hash", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("verdict", "text", (c) => c.notNull())
    .addColumn("served_from", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("bot_operator", "text")
    .addColumn("matched_range", "text")
    .addColumn("content_hash", "text")
    .addColumn("snapshot_id", "text")
    .addColumn("stream_id", "text", (c) => c.notNull())
    .addColumn("ip_asn", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("crawl_events_domain_ts")
    .on("crawl_events")
    .columns(["domain_id", "ts", "event_id"])
    .execute();
  await db.schema
    .createTable("crawl_day_stats")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path_count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_day_stats_pk", ["domain_id", "day"])
    .execute();
  await db.schema
    .createTable("crawl_day_paths")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_day_paths_pk", ["domain_id", "day", "path"])
    .execute();
  await db.schema
    .createTable("crawl_bot_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("tier", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_bot_day_pk", ["domain_id", "day", "bot_id", "tier"])
    .execute();
  await db.schema
    .createTable("crawl_path_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("tier", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_path_day_pk", ["domain_id", "day", "path", "bot_id", "tier"])
    .execute();
}
