import {
  type AggregateTier,
  type CrawlStore,
  legacyImportCounts,
  type ServedFrom,
} from "@crawlgate/core";
import { sql } from "kysely";
import { toRecord } from "./crawl-sql.js";
import { createPostgresCrawlWriter } from "./crawl-write-postgres.js";
import { createSqliteCrawlWriter } from "./crawl-write-sqlite.js";
import type { KyselyHandle } from "./database.js";
import { createPageRanking, toPathDayCount } from "./page-ranking.js";
import { date, num } from "./schema.js";

/**
 * Raw crawls and their aggregates in SQL. A batch is one transaction: raw rows are inserted with
 * `ON CONFLICT DO NOTHING` and only the rows the database reports as new are counted, so replays
 * and concurrent duplicates are counted once. The per-domain-day path cap is kept in
 * `crawl_day_stats`, locked (PostgreSQL `FOR UPDATE`, in key order) while new paths are admitted.
 * Writes are per engine (`crawl-write-*.ts`); reads are Kysely queries ordered in SQL (text
 * compared byte-wise: `COLLATE "C"` on PostgreSQL, SQLite's default).
 */
export function createKyselyCrawlStore(handle: KyselyHandle) {
  const { db, dialect } = handle;
  if (dialect === "sqlite" && !handle.sqlite)
    throw new Error("the SQLite crawl store needs the handle of createSqliteDatabase");
  const writer = handle.sqlite
    ? createSqliteCrawlWriter(handle.sqlite, db)
    : createPostgresCrawlWriter(db);
  /** Byte order of a text column on both engines. */
  const bytes = <C extends string>(column: C) =>
    (dialect === "postgres" ? sql.raw(`${column} collate "C"`) : sql.ref(column)) as never;

  /** `domain_id = ? and startDay <= day <= endDay`. */
  const inWindow = (domainId: string, startDay: string, endDay: string) =>
    sql<boolean>`domain_id = ${domainId} and day >= ${startDay} and day <= ${endDay}`;

  const ranking = createPageRanking(handle);

  return {
    rankPaths: ranking.rankPaths,
    countsOfPaths: ranking.countsOfPaths,
    async appendCrawls(batch, options) {
      return { inserted: await writer.append(batch, options.pathCap) };
    },
    upgradeToVerified(eventId, botOperator, matchedRange) {
      return writer.upgrade(eventId, botOperator, matchedRange);
    },
    async listCrawls(domainId, from, to, limit) {
      const rows = await db
        .selectFrom("crawl_events")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("ts", ">=", from.getTime())
        .where("ts", "<", to.getTime())
        .orderBy("ts")
        .orderBy(bytes("event_id"))
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    async botDayCounts(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("crawl_bot_day")
        .selectAll()
        .where(inWindow(domainId, startDay, endDay))
        .orderBy(bytes("day"))
        .orderBy(bytes("bot_id"))
        .orderBy(bytes("tier"))
        .execute();
      return rows.map((r) => ({
        day: r.day,
        botId: r.bot_id,
        tier: r.tier as AggregateTier,
        count: num(r.count),
      }));
    },
    async pathDayCounts(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("crawl_path_day")
        .selectAll()
        .where(inWindow(domainId, startDay, endDay))
        .orderBy(bytes("day"))
        .orderBy(bytes("path"))
        .orderBy(bytes("bot_id"))
        .orderBy(bytes("tier"))
        .execute();
      return rows.map(toPathDayCount);
    },
    async servedDayCounts(domainId, path, startDay, endDay) {
      const rows = await db
        .selectFrom("crawl_served_day")
        .selectAll()
        .where(inWindow(domainId, startDay, endDay))
        .where("path", "=", path)
        .orderBy(bytes("day"))
        .orderBy(bytes("bot_id"))
        .orderBy(bytes("tier"))
        .orderBy(bytes("served_from"))
        .orderBy(bytes("snapshot_id"))
        .execute();
      return rows.map((r) => ({
        day: r.day,
        botId: r.bot_id,
        tier: r.tier as AggregateTier,
        servedFrom: r.served_from as ServedFrom,
        snapshotId: r.snapshot_id === "" ? null : r.snapshot_id,
        count: num(r.count),
        lastSeenAt: date(r.last_seen_at),
      }));
    },
    async daySummaryCounts(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("crawl_summary_day")
        .selectAll()
        .where(inWindow(domainId, startDay, endDay))
        .orderBy(bytes("day"))
        .orderBy(bytes("served_from"))
        .execute();
      return rows.map((r) => ({
        day: r.day,
        servedFrom: r.served_from as ServedFrom,
        count: num(r.count),
      }));
    },
    async legacyDayCounts(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("crawl_legacy_day")
        .selectAll()
        .where(inWindow(domainId, startDay, endDay))
        .orderBy(bytes("day"))
        .orderBy(bytes("legacy_key"))
        .execute();
      return rows.map((r) => ({
        day: r.day,
        key: r.legacy_key,
        total: num(r.total),
        verified: num(r.verified),
      }));
    },
    async addLegacyCounts(domainId, day, rows) {
      const deltas = legacyImportCounts(domainId, day, rows);
      if (deltas.length > 0) await writer.addLegacy(deltas);
    },
  } satisfies CrawlStore;
}
