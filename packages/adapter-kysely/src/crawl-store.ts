import {
  type AggregateTier,
  aggregateTier,
  type BotDayCount,
  type CrawlRecord,
  type CrawlStore,
  type CrawlVerdict,
  OVERFLOW_PATH,
  type PathDayCount,
  type ServedFrom,
  utcDay,
} from "@crawlgate/core";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { KyselyHandle } from "./database.js";
import { admitDayPaths, inSlices } from "./day-path-cap.js";
import { type Database, date, num } from "./schema.js";

const toRecord = (r: Selectable<Database["crawl_events"]>): CrawlRecord => ({
  eventId: r.event_id,
  domainId: r.domain_id,
  ts: date(r.ts),
  path: r.path,
  userAgent: r.user_agent,
  uaHash: r.ua_hash,
  botId: r.bot_id,
  verdict: r.verdict as CrawlVerdict,
  servedFrom: r.served_from as ServedFrom,
  status: Number(r.status),
  bytes: num(r.bytes),
  botOperator: r.bot_operator,
  matchedRange: r.matched_range,
  contentHash: r.content_hash,
  snapshotId: r.snapshot_id,
  streamId: r.stream_id,
  ipAsn: num(r.ip_asn),
});

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Large batches go to the database in slices (SQLite allows 32,766 bound parameters). */
const SLICE = 500;

/**
 * Raw crawls and their aggregates in SQL. A batch is one transaction: raw rows are inserted with
 * `ON CONFLICT DO NOTHING` and only the rows the database reports as new are aggregated, so
 * replays and concurrent duplicates are counted once. The per-domain-day path cap is kept in
 * `crawl_day_stats`, locked (PostgreSQL `FOR UPDATE`, in key order) while new paths are admitted.
 */
export function createKyselyCrawlStore({ db, dialect }: KyselyHandle) {
  /** Adds counts to the aggregates with multi-row upserts, in key order (no lock cycles). */
  async function addCounts(
    trx: Transaction<Database>,
    bot: Map<string, number>,
    path: Map<string, number>,
  ): Promise<void> {
    const botRows = [...bot.keys()].sort().map((key) => {
      const [domain_id, day, bot_id, tier] = JSON.parse(key) as [string, string, string, string];
      return { domain_id, day, bot_id, tier, count: bot.get(key) as number };
    });
    for (let i = 0; i < botRows.length; i += SLICE) {
      await trx
        .insertInto("crawl_bot_day")
        .values(botRows.slice(i, i + SLICE))
        .onConflict((oc) =>
          oc.columns(["domain_id", "day", "bot_id", "tier"]).doUpdateSet((eb) => ({
            count: eb("crawl_bot_day.count", "+", eb.ref("excluded.count")),
          })),
        )
        .execute();
    }
    const pathRows = [...path.keys()].sort().map((key) => {
      const [domain_id, day, p, bot_id, tier] = JSON.parse(key) as [
        string,
        string,
        string,
        string,
        string,
      ];
      return { domain_id, day, path: p, bot_id, tier, count: path.get(key) as number };
    });
    for (let i = 0; i < pathRows.length; i += SLICE) {
      await trx
        .insertInto("crawl_path_day")
        .values(pathRows.slice(i, i + SLICE))
        .onConflict((oc) =>
          oc.columns(["domain_id", "day", "path", "bot_id", "tier"]).doUpdateSet((eb) => ({
            count: eb("crawl_path_day.count", "+", eb.ref("excluded.count")),
          })),
        )
        .execute();
    }
  }

  /** Admits new paths of one domain-day under the cap; returns the aggregated path per path. */
  async function admitPaths(
    trx: Transaction<Database>,
    domainId: string,
    day: string,
    paths: string[],
    cap: number,
  ) {
    const { counted, admitted } = await admitDayPaths(
      trx,
      dialect,
      "crawl_day_stats",
      { domainId, day },
      paths,
      cap,
      async (slice) => {
        const rows = await trx
          .selectFrom("crawl_day_paths")
          .select("path")
          .where("domain_id", "=", domainId)
          .where("day", "=", day)
          .where("path", "in", slice)
          .execute();
        return rows.map((r) => r.path);
      },
    );
    await inSlices(admitted, (slice) =>
      trx
        .insertInto("crawl_day_paths")
        .values(slice.map((p) => ({ domain_id: domainId, day, path: p })))
        .execute(),
    );
    return counted;
  }

  async function counts<T extends keyof Database>(
    kysely: Kysely<Database>,
    table: T,
    domainId: string,
    startDay: string,
    endDay: string,
  ) {
    return kysely
      .selectFrom(table as "crawl_path_day")
      .selectAll()
      .where("domain_id", "=", domainId)
      .where("day", ">=", startDay)
      .where("day", "<=", endDay)
      .execute();
  }

  return {
    async appendCrawls(batch, options) {
      const unique = [...new Map(batch.map((r) => [r.eventId, r])).values()];
      if (unique.length === 0) return { inserted: 0 };
      return db.transaction().execute(async (trx) => {
        const fresh = new Set<string>();
        for (let i = 0; i < unique.length; i += SLICE) {
          const rows = await trx
            .insertInto("crawl_events")
            .values(
              unique.slice(i, i + SLICE).map((r) => ({
                event_id: r.eventId,
                domain_id: r.domainId,
                ts: r.ts.getTime(),
                day: utcDay(r.ts),
                path: r.path,
                agg_path: r.path,
                user_agent: r.userAgent,
                ua_hash: r.uaHash,
                bot_id: r.botId,
                verdict: r.verdict,
                served_from: r.servedFrom,
                status: r.status,
                bytes: r.bytes,
                bot_operator: r.botOperator,
                matched_range: r.matchedRange,
                content_hash: r.contentHash,
                snapshot_id: r.snapshotId,
                stream_id: r.streamId,
                ip_asn: r.ipAsn,
              })),
            )
            .onConflict((oc) => oc.column("event_id").doNothing())
            .returning("event_id")
            .execute();
          for (const row of rows) fresh.add(row.event_id);
        }
        const added = unique.filter((r) => fresh.has(r.eventId));
        // Admit paths per domain-day, in key order so concurrent batches lock alike.
        const groups = new Map<string, CrawlRecord[]>();
        for (const r of added) {
          const key = JSON.stringify([r.domainId, utcDay(r.ts)]);
          groups.set(key, [...(groups.get(key) ?? []), r]);
        }
        const bot = new Map<string, number>();
        const path = new Map<string, number>();
        for (const key of [...groups.keys()].sort()) {
          const [domainId, day] = JSON.parse(key) as [string, string];
          const records = groups.get(key) as CrawlRecord[];
          const aggregated = await admitPaths(
            trx,
            domainId,
            day,
            [...new Set(records.map((r) => r.path))],
            options.pathCap,
          );
          const overflowed: string[] = [];
          for (const r of records) {
            const p = aggregated.get(r.path) as string;
            if (p !== r.path) overflowed.push(r.eventId);
            const tier = aggregateTier(r.verdict);
            const b = JSON.stringify([domainId, day, r.botId, tier]);
            bot.set(b, (bot.get(b) ?? 0) + 1);
            const k = JSON.stringify([domainId, day, p, r.botId, tier]);
            path.set(k, (path.get(k) ?? 0) + 1);
          }
          for (let i = 0; i < overflowed.length; i += SLICE) {
            await trx
              .updateTable("crawl_events")
              .set({ agg_path: OVERFLOW_PATH })
              .where("event_id", "in", overflowed.slice(i, i + SLICE))
              .execute();
          }
        }
        await addCounts(trx, bot, path);
        return { inserted: added.length };
      });
    },
    async upgradeToVerified(eventId, botOperator, matchedRange) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("crawl_events")
          .set({ verdict: "verified", bot_operator: botOperator, matched_range: matchedRange })
          .where("event_id", "=", eventId)
          .where("verdict", "=", "declared")
          .returning(["domain_id", "day", "agg_path", "bot_id"])
          .executeTakeFirst();
        if (!row) return false;
        const key = (tier: AggregateTier) =>
          JSON.stringify([row.domain_id, row.day, row.bot_id, tier]);
        const pathKey = (tier: AggregateTier) =>
          JSON.stringify([row.domain_id, row.day, row.agg_path, row.bot_id, tier]);
        await addCounts(
          trx,
          new Map([
            [key("declared"), -1],
            [key("verified"), 1],
          ]),
          new Map([
            [pathKey("declared"), -1],
            [pathKey("verified"), 1],
          ]),
        );
        await trx
          .deleteFrom("crawl_bot_day")
          .where("count", "=", 0)
          .where("domain_id", "=", row.domain_id)
          .where("day", "=", row.day)
          .execute();
        await trx
          .deleteFrom("crawl_path_day")
          .where("count", "=", 0)
          .where("domain_id", "=", row.domain_id)
          .where("day", "=", row.day)
          .execute();
        return true;
      });
    },
    async listCrawls(domainId, from, to, limit) {
      const rows = await db
        .selectFrom("crawl_events")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("ts", ">=", from.getTime())
        .where("ts", "<", to.getTime())
        .orderBy("ts")
        .orderBy("event_id")
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    async botDayCounts(domainId, startDay, endDay) {
      const rows = (await counts(
        db,
        "crawl_bot_day",
        domainId,
        startDay,
        endDay,
      )) as unknown as Selectable<Database["crawl_bot_day"]>[];
      return rows
        .map(
          (r): BotDayCount => ({
            day: r.day,
            botId: r.bot_id,
            tier: r.tier as AggregateTier,
            count: num(r.count),
          }),
        )
        .sort(
          (a, b) =>
            byteOrder(a.day, b.day) || byteOrder(a.botId, b.botId) || byteOrder(a.tier, b.tier),
        );
    },
    async pathDayCounts(domainId, startDay, endDay) {
      const rows = await counts(db, "crawl_path_day", domainId, startDay, endDay);
      return rows
        .map(
          (r): PathDayCount => ({
            day: r.day,
            path: r.path,
            botId: r.bot_id,
            tier: r.tier as AggregateTier,
            count: num(r.count),
          }),
        )
        .sort(
          (a, b) =>
            byteOrder(a.day, b.day) ||
            byteOrder(a.path, b.path) ||
            byteOrder(a.botId, b.botId) ||
            byteOrder(a.tier, b.tier),
        );
    },
  } satisfies CrawlStore;
}
