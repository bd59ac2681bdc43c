import { type Migration, Migrator, sql } from "kysely";
import type { KyselyHandle } from "../handle.js";
import * as m0001 from "./0001-accounts-rules-limits-jobs.js";
import * as m0002 from "./0002-crawls.js";
import * as m0003 from "./0003-crawl-aggregates.js";
import * as m0004 from "./0004-referrals.js";
import * as m0005 from "./0005-snapshots.js";
import * as m0006 from "./0006-path-rollups.js";
import * as m0007 from "./0007-packed-rollup-blocks.js";
import * as m0008 from "./0008-crawl-log-archive.js";
import * as m0009 from "./0009-page-cache.js";
import * as m0010 from "./0010-fleet-locks.js";
import * as m0011 from "./0011-crawler-policies.js";
import * as m0012 from "./0012-robots.js";
import * as m0013 from "./0013-dashboard-sessions.js";
import * as m0014 from "./0014-domain-verification.js";
import * as m0015 from "./0015-purge-job-dirty-mark.js";
import * as m0016 from "./0016-compliance-event-time.js";
import * as m0017 from "./0017-signed-agents.js";
import * as m0019 from "./0019-domain-origin-host.js";
import * as m0020 from "./0020-crawler-charges.js";
import * as m0021 from "./0021-render-lanes-warming.js";
import * as m0022 from "./0022-render-variants.js";
import * as m0024 from "./0024-signal-contradictions.js";
import * as m0026 from "./0026-rate-windows.js";
import * as m0027 from "./0027-crawl-day-partitions.js";
import { scopedForMigrator } from "./scoped-introspection.js";

/**
 * Versioned migrations, in order: one file each (exporting `up`, as Kysely's migration modules
 * do), listed here by hand so that a bundle needs no folder to scan. The names are what
 * databases record: they never change. A migration never changes once released either, and
 * imports nothing but Kysely, so that it does the same on a database migrated years later (0003
 * carries its own copy of the legacy-key mapping it backfills with). New ones get the next
 * number. Instants are BIGINT epoch milliseconds, booleans INTEGER 0/1 (see schema.ts).
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001_accounts_rules_limits_jobs": m0001,
  "0002_crawls": m0002,
  "0003_crawl_aggregates": m0003,
  "0004_referrals": m0004,
  "0005_snapshots": m0005,
  "0006_path_rollups": m0006,
  "0007_packed_rollup_blocks": m0007,
  "0008_crawl_log_archive": m0008,
  "0009_page_cache": m0009,
  "0010_fleet_locks": m0010,
  "0011_crawler_policies": m0011,
  "0012_robots": m0012,
  "0013_dashboard_sessions": m0013,
  "0014_domain_verification": m0014,
  "0015_purge_job_dirty_mark": m0015,
  "0016_compliance_event_time": m0016,
  "0017_signed_agents": m0017,
  "0019_domain_origin_host": m0019,
  "0020_crawler_charges": m0020,
  "0021_render_lanes_warming": m0021,
  "0022_render_variants": m0022,
  "0024_signal_contradictions": m0024,
  "0026_rate_windows": m0026,
  "0027_crawl_day_partitions": m0027,
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
    db: scopedForMigrator(handle),
    provider: { getMigrations: async () => MIGRATIONS },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await (target
    ? migrator.migrateTo(target)
    : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
