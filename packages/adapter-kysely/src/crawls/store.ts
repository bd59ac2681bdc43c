import {
  type AggregateTier,
  type ArchiveRow,
  type CrawlStore,
  dropEachDomain,
  legacyImportCounts,
  type ServedFrom,
  type SignatureVerdict,
} from "@crawlgate/core/adapter-kit";
import { type Selectable, sql } from "kysely";
import type { KyselyHandle } from "../handle.js";
import { createKyselyPageRanking, toPathDayCount } from "../page-ranking/index.js";
import { dropNamedRows, prepareCrawlDays } from "../postgres/day-partitions.js";
import { type Database, date, num } from "../schema.js";
import { toRecord } from "./sql.js";

type AggregateTableName =
  | "crawl_bot_day"
  | "crawl_path_day"
  | "crawl_served_day"
  | "crawl_summary_day"
  | "crawl_legacy_day"
  | "crawl_agent_day";

/** Epoch-ms bounds of a UTC day: the index on (domain_id, ts, event_id) serves day reads. */
const dayBounds = (day: string) => {
  const from = Date.parse(`${day}T00:00:00.000Z`);
  return { from, to: from + 86_400_000 };
};

/** `ArchiveRow`'s columns; ties by event id in byte order, as everywhere. */
const DAY_ROW_COLUMNS =
  "event_id, ts, path, user_agent, ua_hash, verdict, served_from, status, bytes, bot_operator, " +
  "matched_range, content_hash, stream_id, ip_asn, signature_agent, signature";

/**
 * Event ids per delete statement when dropping chosen rows of a day (a frozen day's: up to a
 * million), under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
 */
const DROP_CHUNK = 5_000;

/** A day's raw rows from the start of the day, and after a keyset, per engine. */
const dayRowsSql = {
  sqlite: [
    `select ${DAY_ROW_COLUMNS} from crawl_events where domain_id = ? and ts >= ? and ts < ?
     order by ts, event_id limit ?`,
    `select ${DAY_ROW_COLUMNS} from crawl_events where domain_id = ? and ts >= ? and ts < ?
     and (ts > ? or event_id > ?) order by ts, event_id limit ?`,
  ],
  postgres: [
    `select ${DAY_ROW_COLUMNS} from crawl_events where domain_id = $1 and ts >= $2 and ts < $3
     order by ts, event_id collate "C" limit $4`,
    `select ${DAY_ROW_COLUMNS} from crawl_events where domain_id = $1 and ts >= $2 and ts < $3
     and (ts > $4 or event_id collate "C" > $5) order by ts, event_id collate "C" limit $6`,
  ],
} as const;

/**
 * The domain-days with raw rows up to a day, without scanning the raw rows: every domain-day a
 * crawl was inserted for has its `crawl_day_stats` row (both writers add it in the insert's
 * transaction, and nothing deletes it), so the candidates are those rows from each domain's
 * oldest raw row on (one index lookup per domain), each confirmed by an index probe of its ts
 * range. Ordered by day, then domain id byte-wise.
 */
const hotDaysSql = {
  sqlite: (throughDay: string) => sql<{ domain_id: string; day: string }>`
    with firsts as (
      select d.domain_id,
        (select min(e.ts) from crawl_events e where e.domain_id = d.domain_id) as first_ts
      from (select distinct domain_id from crawl_day_stats) d
    )
    select s.domain_id, s.day from firsts f join crawl_day_stats s on s.domain_id = f.domain_id
    where f.first_ts is not null and s.day <= ${throughDay}
      and s.day >= date(f.first_ts / 1000, 'unixepoch')
      and exists (select 1 from crawl_events e where e.domain_id = s.domain_id
        and e.ts >= unixepoch(s.day) * 1000 and e.ts < unixepoch(s.day) * 1000 + 86400000)
    order by s.day, s.domain_id`,
  postgres: (throughDay: string) => sql<{ domain_id: string; day: string }>`
    with firsts as (
      select d.domain_id,
        (select min(e.ts) from crawl_events e where e.domain_id = d.domain_id) as first_ts
      from (select distinct domain_id from crawl_day_stats) d
    )
    select s.domain_id, s.day from firsts f join crawl_day_stats s on s.domain_id = f.domain_id
    where f.first_ts is not null and s.day <= ${throughDay}
      and s.day >= to_char(date '1970-01-01' + (f.first_ts / 86400000)::int, 'YYYY-MM-DD')
      and exists (select 1 from crawl_events e where e.domain_id = s.domain_id
        and e.ts >= (s.day::date - date '1970-01-01')::bigint * 86400000
        and e.ts < (s.day::date - date '1970-01-01')::bigint * 86400000 + 86400000)
    order by s.day, s.domain_id collate "C"`,
};

/** PostgreSQL gives `bigint` columns (ts, bytes, ip_asn) as strings: numbers, in place. */
function fromPostgres(row: unknown[]): void {
  row[1] = Number(row[1]);
  row[8] = Number(row[8]);
  row[13] = Number(row[13]);
}

/**
 * Raw crawls and their aggregates in SQL. A batch is one transaction: raw rows are inserted with
 * `ON CONFLICT DO NOTHING` and only the rows the database reports as new are counted, so replays
 * and concurrent duplicates are counted once. The per-domain-day path cap is kept in
 * `crawl_day_stats`, locked (PostgreSQL `FOR UPDATE`, in key order) while new paths are admitted.
 * Writes are per engine (the handle's `crawlWriter`: `sqlite/` or `postgres/`); reads are Kysely
 * queries ordered in SQL (text compared byte-wise: `COLLATE "C"` on PostgreSQL, SQLite's default).
 */
export function createKyselyCrawlStore(handle: KyselyHandle) {
  const { db, dialect } = handle;
  const writer = handle.crawlWriter();
  const ordered = handle.byteOrdered;

  /**
   * Rows of an aggregate table for `domainId` and `startDay <= day <= endDay` (and one `path`
   * when given), ordered byte-wise by `order`.
   */
  async function windowRows<T extends AggregateTableName>(
    table: T,
    where: { domainId: string; startDay: string; endDay: string; path?: string },
    order: string[],
  ): Promise<Selectable<Database[T]>[]> {
    const { domainId, startDay, endDay, path } = where;
    const rows = await db
      .selectFrom(table as AggregateTableName)
      .selectAll()
      .where(sql<boolean>`domain_id = ${domainId} and day >= ${startDay} and day <= ${endDay}`)
      .$if(path !== undefined, (q) => q.where(sql<boolean>`path = ${path}`))
      .orderBy(sql`${sql.join(order.map(ordered))}`)
      .execute();
    return rows as Selectable<Database[T]>[];
  }

  const ranking = createKyselyPageRanking(handle);

  return {
    rankPaths: ranking.rankPaths,
    countsOfPaths: ranking.countsOfPaths,
    refreshReadModel: ranking.refreshReadModel,
    async appendCrawls(batch, options) {
      return { inserted: await writer.append(batch, options.pathCap) };
    },
    upgradeToVerified(eventId, botOperator, matchedRange) {
      return writer.upgrade(eventId, botOperator, matchedRange);
    },
    async servedSnapshotOf(eventId) {
      const row = await db
        .selectFrom("crawl_events")
        .select("snapshot_id")
        .where("event_id", "=", eventId)
        .executeTakeFirst();
      return row?.snapshot_id ?? null;
    },
    async listCrawls(domainId, from, to, limit) {
      const rows = await db
        .selectFrom("crawl_events")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("ts", ">=", from.getTime())
        .where("ts", "<", to.getTime())
        .orderBy("ts")
        .orderBy(sql`${ordered("event_id")}`)
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    async hotCrawlDays(throughDay) {
      const { rows } = await hotDaysSql[dialect](throughDay).execute(db);
      return rows.map((r) => ({ domainId: r.domain_id, day: r.day }));
    },
    async listDayRows(domainId, day, after, limit) {
      const { from, to } = dayBounds(day);
      // The keyset's ts is the lower bound of the index range: later batches start where the
      // previous one ended instead of scanning the day from its start.
      const params: unknown[] = [domainId, after ? Math.max(from, after.ts) : from, to];
      if (after) params.push(after.ts, after.eventId);
      params.push(limit);
      const rows = await handle.selectArrays(dayRowsSql[dialect][after ? 1 : 0], params);
      if (dialect === "postgres") for (const row of rows) fromPostgres(row);
      return rows as ArchiveRow[];
    },
    async dropDayCrawls(domainId, day, eventIds) {
      if (dialect === "postgres") {
        const [dropped] = await dropNamedRows(db, day, [
          { domainId, ...(eventIds ? { eventIds } : {}) },
        ]);
        return dropped ?? 0;
      }
      const { from, to } = dayBounds(day);
      const drop = (ids?: readonly string[]) => {
        let query = db
          .deleteFrom("crawl_events")
          .where("domain_id", "=", domainId)
          .where("ts", ">=", from)
          .where("ts", "<", to);
        if (ids) query = query.where("event_id", "in", ids);
        return query.executeTakeFirst();
      };
      if (!eventIds) return Number((await drop()).numDeletedRows);
      let dropped = 0;
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < eventIds.length; i += DROP_CHUNK)
        dropped += Number((await drop(eventIds.slice(i, i + DROP_CHUNK))).numDeletedRows);
      return dropped;
    },
    dropFrozenDay(day, drops) {
      if (dialect === "postgres") return dropNamedRows(db, day, drops);
      return dropEachDomain(this, day, drops);
    },
    async prepareCrawlDays(today, aheadDays, frozenBefore) {
      // SQLite keeps no day apart: nothing to create or drop.
      if (dialect !== "postgres") return { created: [], dropped: [] };
      return prepareCrawlDays(db, today, aheadDays, frozenBefore);
    },
    async botDayCounts(domainId, startDay, endDay) {
      const rows = await windowRows("crawl_bot_day", { domainId, startDay, endDay }, [
        "day",
        "bot_id",
        "tier",
      ]);
      return rows.map((r) => ({
        day: r.day,
        botId: r.bot_id,
        tier: r.tier as AggregateTier,
        count: num(r.count),
      }));
    },
    async pathDayCounts(domainId, startDay, endDay) {
      const rows = await windowRows("crawl_path_day", { domainId, startDay, endDay }, [
        "day",
        "path",
        "bot_id",
        "tier",
      ]);
      return rows.map(toPathDayCount);
    },
    async pathBotCounts(domainId, startDay, endDay, botIds) {
      if (botIds.length === 0) return [];
      const rows = await db
        .selectFrom("crawl_path_day")
        .select((eb) => ["path", "bot_id", eb.fn.sum<number | string>("count").as("count")])
        .where(sql<boolean>`domain_id = ${domainId} and day >= ${startDay} and day <= ${endDay}`)
        .where("bot_id", "in", [...botIds])
        .groupBy(["path", "bot_id"])
        .orderBy(sql`${sql.join([ordered("path"), ordered("bot_id")])}`)
        .execute();
      return rows
        .map((r) => ({ path: r.path, botId: r.bot_id, count: num(r.count) }))
        .filter((r) => r.count > 0);
    },
    async servedDayCounts(domainId, path, startDay, endDay) {
      const rows = await windowRows("crawl_served_day", { domainId, startDay, endDay, path }, [
        "day",
        "bot_id",
        "tier",
        "served_from",
        "snapshot_id",
      ]);
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
      const rows = await windowRows("crawl_summary_day", { domainId, startDay, endDay }, [
        "day",
        "served_from",
      ]);
      return rows.map((r) => ({
        day: r.day,
        servedFrom: r.served_from as ServedFrom,
        count: num(r.count),
      }));
    },
    async legacyDayCounts(domainId, startDay, endDay) {
      const rows = await windowRows("crawl_legacy_day", { domainId, startDay, endDay }, [
        "day",
        "legacy_key",
      ]);
      return rows.map((r) => ({
        day: r.day,
        key: r.legacy_key,
        total: num(r.total),
        verified: num(r.verified),
      }));
    },
    async signedAgentDayCounts(domainId, startDay, endDay) {
      const rows = await windowRows("crawl_agent_day", { domainId, startDay, endDay }, [
        "day",
        "signature",
        "signature_agent",
      ]);
      return rows.map((r) => ({
        day: r.day,
        // "" stands for a signature naming no agent (key columns are not null).
        agent: r.signature_agent === "" ? null : r.signature_agent,
        signature: r.signature as SignatureVerdict,
        count: num(r.count),
      }));
    },
    async addLegacyCounts(domainId, day, rows) {
      const deltas = legacyImportCounts(domainId, day, rows);
      if (deltas.length > 0) await writer.addLegacy(deltas);
    },
  } satisfies CrawlStore;
}
