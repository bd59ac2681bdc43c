import { legacyKeyOf } from "@crawlgate/core/adapter-kit";
import {
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  Migrator,
  SqliteAdapter,
  sql,
} from "kysely";
import type { KyselyHandle } from "../handle.js";

/**
 * Versioned migrations, in order. A migration never changes once released; new ones get the
 * next number. Instants are BIGINT epoch milliseconds, booleans INTEGER 0/1 (see schema.ts).
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001_accounts_rules_limits_jobs": {
    // Migrations are frozen in time, so they must not depend on the current table types.
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
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
    },
  },
  "0002_crawls": {
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
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
        .addPrimaryKeyConstraint("crawl_path_day_pk", [
          "domain_id",
          "day",
          "path",
          "bot_id",
          "tier",
        ])
        .execute();
    },
  },
  "0003_crawl_aggregates": {
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
      // Read by path first (page snapshots): the key starts with domain, path, day.
      await db.schema
        .createTable("crawl_served_day")
        .addColumn("domain_id", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("bot_id", "text", (c) => c.notNull())
        .addColumn("tier", "text", (c) => c.notNull())
        .addColumn("served_from", "text", (c) => c.notNull())
        .addColumn("snapshot_id", "text", (c) => c.notNull())
        .addColumn("count", "bigint", (c) => c.notNull())
        .addColumn("last_seen_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("crawl_served_day_pk", [
          "domain_id",
          "path",
          "day",
          "bot_id",
          "tier",
          "served_from",
          "snapshot_id",
        ])
        .execute();
      await db.schema
        .createTable("crawl_summary_day")
        .addColumn("domain_id", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("served_from", "text", (c) => c.notNull())
        .addColumn("count", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("crawl_summary_day_pk", ["domain_id", "day", "served_from"])
        .execute();
      await db.schema
        .createTable("crawl_legacy_day")
        .addColumn("domain_id", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("legacy_key", "text", (c) => c.notNull())
        .addColumn("total", "bigint", (c) => c.notNull())
        .addColumn("verified", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("crawl_legacy_day_pk", ["domain_id", "day", "legacy_key"])
        .execute();
      // Crawls stored before this migration get their counts from the raw rows.
      const tier = sql`case verdict when 'automation' then 'unknown' else verdict end`;
      await sql`insert into crawl_served_day
        select domain_id, agg_path, day, bot_id, ${tier}, served_from, coalesce(snapshot_id, ''),
          count(*), max(ts)
        from crawl_events group by domain_id, agg_path, day, bot_id, ${tier}, served_from,
          coalesce(snapshot_id, '')`.execute(db);
      await sql`insert into crawl_summary_day
        select domain_id, day, served_from, count(*) from crawl_events
        group by domain_id, day, served_from`.execute(db);
      const groups = await sql<{
        domain_id: string;
        day: string;
        bot_id: string;
        user_agent: string;
        verdict: string;
        n: number | string;
      }>`select domain_id, day, bot_id, user_agent, verdict, count(*) as n from crawl_events
        group by domain_id, day, bot_id, user_agent, verdict`.execute(db);
      const legacy = new Map<string, { total: number; verified: number }>();
      for (const g of groups.rows) {
        const key = legacyKeyOf(g.bot_id, g.user_agent);
        if (key === null) continue;
        const k = JSON.stringify([g.domain_id, g.day, key]);
        const sum = legacy.get(k) ?? { total: 0, verified: 0 };
        sum.total += Number(g.n);
        if (g.verdict === "verified") sum.verified += Number(g.n);
        legacy.set(k, sum);
      }
      for (const [k, { total, verified }] of legacy) {
        const [domain_id, day, legacy_key] = JSON.parse(k) as string[];
        await db
          .insertInto("crawl_legacy_day")
          .values({ domain_id, day, legacy_key, total, verified })
          .execute();
      }
    },
  },
  "0004_referrals": {
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
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
    },
  },
  "0005_snapshots": {
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("snapshots")
        .addColumn("snapshot_id", "text", (c) => c.primaryKey())
        .addColumn("domain_id", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("content_hash", "text", (c) => c.notNull())
        .addColumn("render_status", "integer")
        .addColumn("content_size_bytes", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_recorded_at", "bigint", (c) => c.notNull())
        .addColumn("html_retained", "integer", (c) => c.notNull())
        .addColumn("seo_score", "integer")
        .addColumn("seo_issues", "text", (c) => c.notNull())
        .addUniqueConstraint("snapshots_content", ["domain_id", "path", "content_hash"])
        .execute();
      await db.schema
        .createIndex("snapshots_hash")
        .on("snapshots")
        .columns(["content_hash", "last_recorded_at"])
        .execute();
      await db.schema
        .createIndex("snapshots_retained")
        .on("snapshots")
        .columns(["html_retained", "last_recorded_at"])
        .execute();
      await db.schema
        .createTable("snapshot_events")
        .addColumn("event_id", "text", (c) => c.primaryKey())
        .addColumn("snapshot_id", "text", (c) => c.notNull())
        .execute();
    },
  },
  "0006_path_rollups": {
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
      // Integer-keyed tables: a rowid would only duplicate the key on SQLite.
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      const keyed = <T extends string, C extends string>(builder: CreateTableBuilder<T, C>) =>
        sqlite ? builder.modifyEnd(sql`without rowid`) : builder;
      await db.schema
        .createTable("crawl_rollup_domains")
        .addColumn("domain_id", "text", (c) => c.primaryKey())
        .addColumn("domain_key", "integer", (c) => c.notNull().unique())
        .addColumn("built_through", "integer")
        .addColumn("next_path_id", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("crawl_paths")
        .addColumn("domain_key", "integer", (c) => c.notNull())
        .addColumn("path_id", "integer", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("crawl_paths_pk", ["domain_key", "path_id"])
        .addUniqueConstraint("crawl_paths_path", ["domain_key", "path"])
        .$call(keyed)
        .execute();
      await db.schema
        .createTable("crawl_path_rollup")
        .addColumn("domain_key", "integer", (c) => c.notNull())
        .addColumn("level", "integer", (c) => c.notNull())
        .addColumn("block_start", "integer", (c) => c.notNull())
        .addColumn("path_id", "integer", (c) => c.notNull())
        // 32-bit counts (PostgreSQL sums them without numeric arithmetic); a block whose total
        // does not fit fails its refresh (reads then use the day counts, still exact).
        .addColumn("verified", "integer", (c) => c.notNull())
        .addColumn("declared", "integer", (c) => c.notNull())
        .addColumn("unknown", "integer", (c) => c.notNull())
        .addCheckConstraint(
          "crawl_path_rollup_total",
          sql`verified + declared + unknown <= 2147483647`,
        )
        .addPrimaryKeyConstraint("crawl_path_rollup_pk", [
          "domain_key",
          "level",
          "block_start",
          "path_id",
        ])
        .$call(keyed)
        .execute();
      await db.schema
        .createTable("crawl_rollup_days")
        .addColumn("domain_key", "integer", (c) => c.notNull())
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("verified", "bigint", (c) => c.notNull())
        .addColumn("declared", "bigint", (c) => c.notNull())
        .addColumn("unknown", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("crawl_rollup_days_pk", ["domain_key", "day"])
        .$call(keyed)
        .execute();
    },
  },
  "0007_packed_rollup_blocks": {
    // biome-ignore lint/suspicious/noExplicitAny: the Kysely idiom for migrations
    async up(db: Kysely<any>) {
      // One row per block instead of one per block and path: the counts of every path id of the
      // block packed as 32-bit integers (path-rollups.ts). The read model is rebuilt from the
      // day table by the next refresh: its stamps and coverage are cleared with the old blocks.
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema.dropTable("crawl_path_rollup").execute();
      await db.deleteFrom("crawl_rollup_days").execute();
      await db.schema
        .alterTable("crawl_rollup_domains")
        .addColumn("next_version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.updateTable("crawl_rollup_domains").set({ built_through: null }).execute();
      await db.schema
        .createTable("crawl_rollup_blocks")
        .addColumn("domain_key", "integer", (c) => c.notNull())
        .addColumn("level", "integer", (c) => c.notNull())
        .addColumn("block_start", "integer", (c) => c.notNull())
        // '' for the block of all bots; a bot id for that bot's own (the botId filter).
        .addColumn("bot_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        // One more than the block's highest path id: readers load path texts up to it.
        .addColumn("id_end", "integer", (c) => c.notNull())
        .addColumn("counts", sqlite ? "blob" : "bytea", (c) => c.notNull())
        .addPrimaryKeyConstraint("crawl_rollup_blocks_pk", [
          "domain_key",
          "level",
          "block_start",
          "bot_id",
        ])
        .execute();
    },
  },
};

/** Names of every migration, oldest first. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

/**
 * Brings the database to the latest version. Idempotent; safe from several processes at once
 * (PostgreSQL: Kysely's migrator takes an advisory lock). Creates the handle's schema first.
 */
export function migrateToLatest(handle: KyselyHandle): Promise<string[]> {
  return migrate(handle);
}

/** Brings the database up to the migration `name` (tests of a migration's data step). */
export function migrateTo(handle: KyselyHandle, name: string): Promise<string[]> {
  return migrate(handle, name);
}

async function migrate(handle: KyselyHandle, target?: string): Promise<string[]> {
  if (handle.dialect === "postgres" && handle.schema) {
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await (target
    ? migrator.migrateTo(target)
    : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
