import {
  compareUtf8,
  domainDayKey,
  OVERFLOW_PATH,
  type ReferralDayCount,
  type ReferralStore,
  type ReferralVisit,
  rankLandingPaths,
  sumBySource,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import type { Transaction } from "kysely";
import { admitDayPaths, inSlices } from "./day-path-cap.js";
import type { KyselyHandle } from "./handle.js";
import { type Database, num } from "./schema.js";

/** Adds one to `key`'s count; keys are JSON arrays of column values, in table column order. */
const bump = (map: Map<string, number>, key: unknown[]) => {
  const k = JSON.stringify(key);
  map.set(k, (map.get(k) ?? 0) + 1);
};

type CountTable = "referral_source_day" | "referral_path_day";
const KEY_COLUMNS = {
  referral_source_day: ["domain_id", "day", "source"],
  referral_path_day: ["domain_id", "day", "path", "source"],
} as const;

/** Adds counts with multi-row upserts in key order (no lock cycles between concurrent batches). */
async function addCounts(
  trx: Transaction<Database>,
  table: CountTable,
  counts: Map<string, number>,
) {
  const columns = KEY_COLUMNS[table];
  const rows = [...counts.keys()].sort(compareUtf8).map((k) => {
    const values = JSON.parse(k) as string[];
    return {
      ...Object.fromEntries(columns.map((c, i) => [c, values[i]])),
      count: counts.get(k) as number,
    } as Database["referral_path_day"];
  });
  const target = table as "referral_path_day";
  await inSlices(rows, (slice) =>
    trx
      .insertInto(target)
      .values(slice)
      .onConflict((oc) =>
        oc.columns(columns as unknown as (keyof Database[typeof target])[]).doUpdateSet((eb) => ({
          count: eb(`${target}.count`, "+", eb.ref("excluded.count")),
        })),
      )
      .execute(),
  );
}

/**
 * AI referral aggregates in SQL. A batch is one transaction: visit ids are inserted with
 * `ON CONFLICT DO NOTHING` (sorted, so concurrent batches take row locks in one order) and only
 * the visits the database reports as new are counted. New landing paths of a domain-day are
 * admitted under the cap while its `referral_day_stats` row is locked (`admitDayPaths`). Paths
 * order in UTF-8 bytes: SQLite's BINARY collation, PostgreSQL's "C".
 */
export function createKyselyReferralStore(handle: KyselyHandle) {
  const { db } = handle;
  const pathOrder = handle.byteOrdered("path");

  const pathDayInWindow = (domainId: string, startDay: string, endDay: string) =>
    db
      .selectFrom("referral_path_day")
      .where("domain_id", "=", domainId)
      .where("day", ">=", startDay)
      .where("day", "<=", endDay);

  return {
    async appendReferrals(batch, options) {
      // The first copy of a repeated visit id wins; days are computed (and checked) up front.
      const unique = new Map<string, { visit: ReferralVisit; day: string }>();
      for (const visit of batch)
        if (!unique.has(visit.visitId)) unique.set(visit.visitId, { visit, day: utcDay(visit.ts) });
      if (unique.size === 0) return { inserted: 0 };
      const ordered = [...unique.values()].sort((a, b) =>
        compareUtf8(a.visit.visitId, b.visit.visitId),
      );
      return db.transaction().execute(async (trx) => {
        const fresh = new Set<string>();
        await inSlices(ordered, async (slice) => {
          const rows = await trx
            .insertInto("referral_visits")
            .values(
              slice.map(({ visit }) => ({
                visit_id: visit.visitId,
                domain_id: visit.domainId,
                ts: visit.ts.getTime(),
                path: visit.path,
                source: visit.source,
              })),
            )
            .onConflict((oc) => oc.column("visit_id").doNothing())
            .returning("visit_id")
            .execute();
          for (const row of rows) fresh.add(row.visit_id);
        });
        const groups = new Map<string, { domainId: string; day: string; items: typeof ordered }>();
        for (const item of ordered) {
          if (!fresh.has(item.visit.visitId)) continue;
          const { domainId } = item.visit;
          const key = domainDayKey(domainId, item.day);
          const group = groups.get(key) ?? { domainId, day: item.day, items: [] };
          group.items.push(item);
          groups.set(key, group);
        }
        const sources = new Map<string, number>();
        const paths = new Map<string, number>();
        // Domain-days in key order, so concurrent batches lock their stats rows alike.
        for (const key of [...groups.keys()].sort(compareUtf8)) {
          const { domainId, day, items } = groups.get(key) as NonNullable<
            ReturnType<typeof groups.get>
          >;
          const { counted } = await admitDayPaths(
            trx,
            handle,
            "referral_day_stats",
            { domainId, day },
            [...new Set(items.map(({ visit }) => visit.path))],
            options.pathCap,
            async (slice) => {
              const rows = await trx
                .selectFrom("referral_path_day")
                .select("path")
                .distinct()
                .where("domain_id", "=", domainId)
                .where("day", "=", day)
                .where("path", "in", slice)
                .execute();
              return rows.map((r) => r.path);
            },
          );
          for (const { visit } of items) {
            bump(sources, [domainId, day, visit.source]);
            bump(paths, [domainId, day, counted.get(visit.path), visit.source]);
          }
        }
        await addCounts(trx, "referral_source_day", sources);
        await addCounts(trx, "referral_path_day", paths);
        return { inserted: fresh.size };
      });
    },
    async referralDayCounts(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("referral_source_day")
        .select(["day", "source", "count"])
        .where("domain_id", "=", domainId)
        .where("day", ">=", startDay)
        .where("day", "<=", endDay)
        .execute();
      return rows
        .map((r): ReferralDayCount => ({ day: r.day, source: r.source, count: num(r.count) }))
        .sort((a, b) => compareUtf8(a.day, b.day) || compareUtf8(a.source, b.source));
    },
    async topLandingPaths(domainId, startDay, endDay, limit) {
      if (limit <= 0) return [];
      const top = pathDayInWindow(domainId, startDay, endDay)
        .select((eb) => ["path", eb.fn.sum<number | string>("count").as("total")])
        .where("path", "<>", OVERFLOW_PATH)
        .groupBy("path")
        .orderBy("total", "desc")
        .orderBy(pathOrder)
        .limit(limit);
      // One statement, one snapshot: the per-source counts of exactly the top paths.
      const rows = await db
        .with("top", () => top)
        .selectFrom("top")
        .innerJoin("referral_path_day as r", "r.path", "top.path")
        .select((eb) => ["r.path", "r.source", eb.fn.sum<number | string>("r.count").as("count")])
        .where("r.domain_id", "=", domainId)
        .where("r.day", ">=", startDay)
        .where("r.day", "<=", endDay)
        .groupBy(["r.path", "r.source"])
        .execute();
      return rankLandingPaths(
        rows.map((r) => ({ path: r.path, source: r.source, count: num(r.count) })),
        limit,
      );
    },
    async landingPathSources(domainId, startDay, endDay) {
      const rows = await pathDayInWindow(domainId, startDay, endDay)
        .select((eb) => ["path", "source", eb.fn.sum<number | string>("count").as("count")])
        .groupBy(["path", "source"])
        .orderBy(pathOrder)
        .orderBy(handle.byteOrdered("source"))
        .execute();
      return rows
        .map((r) => ({ path: r.path, source: r.source, count: num(r.count) }))
        .filter((r) => r.count > 0);
    },
    async countLandingPaths(domainId, startDay, endDay) {
      const row = await pathDayInWindow(domainId, startDay, endDay)
        .select((eb) => eb.fn.count<number | string>("path").distinct().as("n"))
        .where("path", "<>", OVERFLOW_PATH)
        .executeTakeFirst();
      return row ? num(row.n) : 0;
    },
    async overflowCounts(domainId, startDay, endDay) {
      const rows = await pathDayInWindow(domainId, startDay, endDay)
        .select(["source", "count"])
        .where("path", "=", OVERFLOW_PATH)
        .execute();
      return sumBySource(rows.map((r) => ({ source: r.source, count: num(r.count) })));
    },
  } satisfies ReferralStore;
}
