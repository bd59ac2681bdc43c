import {
  type AggregateTier,
  OVERFLOW_PATH,
  type PathCountFilter,
  type PathDayCount,
  type PathQuery,
  type PathRanking,
  type PathRankQuery,
} from "@crawlgate/core";
import { type RawBuilder, sql } from "kysely";
import type { KyselyHandle } from "./database.js";
import { num } from "./schema.js";

/** A `crawl_path_day` row as the port's `PathDayCount`. */
export function toPathDayCount(r: {
  path: string;
  day: string;
  bot_id: string;
  tier: string;
  count: number | string;
}): PathDayCount {
  return {
    day: r.day,
    path: r.path,
    botId: r.bot_id,
    tier: r.tier as AggregateTier,
    count: num(r.count),
  };
}

/**
 * The page-analytics reads of the crawl store over `crawl_path_day`: ranking with a keyset
 * position and the distinct path count, and the per-day counts of given paths. Text is compared
 * byte-wise (`COLLATE "C"` on PostgreSQL, SQLite's default BINARY). The path prefix is compared
 * with `substr(path, 1, <code points>) = prefix`, so `%` and `_` are plain characters.
 */
export function createPageRanking({ db, dialect }: KyselyHandle) {
  const bytes = (column: string): RawBuilder<unknown> =>
    dialect === "postgres" ? sql.raw(`${column} collate "C"`) : sql.ref(column);

  /** The WHERE conditions of a window with filters. */
  const conditions = (
    domainId: string,
    startDay: string,
    endDay: string,
    filter: PathCountFilter,
  ): RawBuilder<unknown>[] => {
    const out = [
      sql`domain_id = ${domainId}`,
      sql`day >= ${startDay}`,
      sql`day <= ${endDay}`,
      sql`count > 0`,
    ];
    if (filter.botIds && filter.botIds.length > 0)
      out.push(sql`bot_id in (${sql.join(filter.botIds)})`);
    if (filter.tiers && filter.tiers.length > 0) out.push(sql`tier in (${sql.join(filter.tiers)})`);
    return out;
  };

  /** Conditions of a ranked query: filters, prefix, and never the overflow row. */
  const rankedConditions = (query: PathQuery) => {
    const out = conditions(query.domainId, query.startDay, query.endDay, query);
    out.push(sql`path <> ${OVERFLOW_PATH}`);
    if (query.pathPrefix !== null) {
      const length = [...query.pathPrefix].length;
      out.push(sql`substr(path, 1, ${length}) = ${query.pathPrefix}`);
    }
    return sql.join(out, sql` and `);
  };

  /** Distinct paths of a query (grouped, not `count(distinct)`: no collation-aware sort). */
  const countPaths = async (query: PathQuery): Promise<number> => {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (
        select path from crawl_path_day where ${rankedConditions(query)} group by path
      ) grouped`.execute(db);
    return num(rows[0]?.n ?? 0);
  };

  return {
    /**
     * One aggregation per call: the window count of the grouped paths rides on every row
     * (`count(*) over ()`, taken before the keyset filter); only an empty page needs a count of
     * its own.
     */
    async rankPaths(query: PathRankQuery): Promise<PathRanking> {
      const value = sql.ref(query.sortBy === "verified" ? "verified" : "total");
      const after = query.after
        ? sql`where ${value} < ${query.after.value} or (${value} = ${query.after.value} and ${bytes("path")} > ${query.after.path})`
        : sql``;
      const { rows } = await sql<{
        path: string;
        total: number | string;
        verified: number | string;
        path_count: number | string;
      }>`
        select path, total, verified, path_count from (
          select path, total, verified, count(*) over () as path_count from (
            select path, sum(count) as total,
              sum(case when tier = 'verified' then count else 0 end) as verified
            from crawl_path_day
            where ${rankedConditions(query)}
            group by path
          ) grouped
        ) ranked
        ${after}
        order by ${value} desc, ${bytes("path")} asc
        limit ${query.limit}`.execute(db);
      const paths = rows.map((r) => ({
        path: r.path,
        total: num(r.total),
        verified: num(r.verified),
      }));
      if (rows[0]) return { paths, pathCount: num(rows[0].path_count) };
      return { paths, pathCount: query.after ? await countPaths(query) : 0 };
    },

    async countsOfPaths(
      domainId: string,
      startDay: string,
      endDay: string,
      filter: PathCountFilter,
      paths: readonly string[],
    ): Promise<PathDayCount[]> {
      if (paths.length === 0) return [];
      const where = conditions(domainId, startDay, endDay, filter);
      where.push(sql`path in (${sql.join([...new Set(paths)])})`);
      const { rows } = await sql<Parameters<typeof toPathDayCount>[0]>`
        select path, day, bot_id, tier, count from crawl_path_day
        where ${sql.join(where, sql` and `)}
        order by ${bytes("path")}, ${bytes("day")}, ${bytes("bot_id")}, ${bytes("tier")}`.execute(
        db,
      );
      return rows.map(toPathDayCount);
    },
  };
}
