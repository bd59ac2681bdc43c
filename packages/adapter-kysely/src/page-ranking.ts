import {
  type AggregateTier,
  OVERFLOW_PATH,
  type PathCountFilter,
  type PathDayCount,
  type PathQuery,
  type PathRanking,
  type PathRankQuery,
} from "@crawlgate/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { KyselyHandle } from "./database.js";
import { createPathRollups, type RollupPlan } from "./path-rollups.js";
import { type Database, num } from "./schema.js";

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
export function createPageRanking(handle: KyselyHandle) {
  const { db, dialect } = handle;
  const rollups = createPathRollups(handle);
  const bytes = (column: string): RawBuilder<unknown> =>
    dialect === "postgres" ? sql.raw(`${column} collate "C"`) : sql.ref(column);

  /** A literal prefix condition on a path column. */
  const prefixOf = (column: string, prefix: string | null) =>
    prefix === null
      ? sql`true`
      : sql`substr(${sql.ref(column)}, 1, ${[...prefix].length}) = ${prefix}`;

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
    if (query.pathPrefix !== null) out.push(prefixOf("path", query.pathPrefix));
    return sql.join(out, sql` and `);
  };

  /**
   * A ranking page from the read model. `b`: the plan's blocks, plus the plan's days from
   * `crawl_path_day` for paths with an id, summed per path id; `n`: the plan's days for paths
   * newer than the last refresh, by text. Only the rows that can be on the page get their text:
   * those whose sort value reaches the `limit`-th largest value below the keyset's (any row of
   * the page is at least that), so the byte-order tie-break and the keyset compare text for a
   * page and its ties, not for every path. Counts are summed as 32-bit values (a day row's count
   * is far below 2^31; a block's total is checked when it is built), so PostgreSQL adds them
   * without numeric arithmetic. `cross join` keeps SQLite's join order (grouped rows outside,
   * `crawl_paths` looked up by key inside); PostgreSQL plans it as an inner join.
   */
  async function rankFromRollups(query: PathRankQuery, plan: RollupPlan): Promise<PathRanking> {
    const tiers = query.tiers && query.tiers.length > 0 ? query.tiers : null;
    const chosen = tiers ?? (["verified", "declared", "unknown"] as const);
    const total = sql.raw(chosen.join(" + "));
    const verified = chosen.includes("verified") ? sql.raw("verified") : sql.raw("0");
    const key = plan.domainKey;
    const days = plan.days.length > 0;
    const parts = plan.blocks.map(
      (b) => sql`
        select path_id, ${total} as total, ${verified} as verified from crawl_path_rollup
        where domain_key = ${key} and level = ${b.level} and block_start = ${b.start}`,
    );
    if (days) parts.push(sql`select path_id, total, verified from daily where path_id is not null`);
    const prefixed =
      query.pathPrefix === null
        ? sql``
        : sql`where path_id in (
            select path_id from crawl_paths
            where domain_key = ${key} and ${prefixOf("path", query.pathPrefix)})`;
    const count = sql`cast(d.count as integer)`;
    const ctes = sql`
      with ${
        days
          ? sql`daily as materialized (
        select d.path, p.path_id, ${count} as total,
          case when d.tier = 'verified' then ${count} else 0 end as verified
        from crawl_path_day d
        left join crawl_paths p on p.domain_key = ${key} and p.path = d.path
        where d.domain_id = ${query.domainId} and d.day in (${sql.join(plan.days)})
          and d.count > 0 and d.path <> ${OVERFLOW_PATH}
          ${tiers ? sql`and d.tier in (${sql.join(tiers)})` : sql``}
      ),
      n as materialized (
        select path, sum(total) as total, sum(verified) as verified from daily
        where path_id is null and ${prefixOf("path", query.pathPrefix)}
        group by path
      ),`
          : sql``
      }
      b as materialized (
        select path_id, sum(total) as total, sum(verified) as verified from (
          ${sql.join(parts, sql` union all `)}
        ) x ${prefixed}
        group by path_id
      ),
      vals as materialized (
        select total, verified from b where total > 0
        ${days ? sql`union all select total, verified from n` : sql``}
      )`;
    const value = sql.ref(query.sortBy === "verified" ? "verified" : "total");
    const { after } = query;
    const below = after ? sql`where ${value} < ${after.value}` : sql``;
    const threshold = sql`coalesce((
      select ${value} from vals ${below} order by ${value} desc
      limit 1 offset ${query.limit - 1}), -1)`;
    // Rows above the keyset's value are before the page: they need no text either.
    const ceiling = (column: RawBuilder<unknown>) =>
      after ? sql`and ${column} <= ${after.value}` : sql``;
    const keyset = after
      ? sql`where ${value} < ${after.value} or (${value} = ${after.value} and ${bytes("path")} > ${after.path})`
      : sql``;
    const { rows } = await tuned((conn) =>
      sql<{
        path: string;
        total: number | string;
        verified: number | string;
        path_count: number | string;
      }>`
        ${ctes}
        select path, total, verified, (select count(*) from vals) as path_count from (
          select p.path, b.total, b.verified from b cross join crawl_paths p
          where p.domain_key = ${key} and p.path_id = b.path_id and b.total > 0
            and b.${value} >= ${threshold} ${ceiling(sql`b.${value}`)}
          ${days ? sql`union all select path, total, verified from n where ${value} >= ${threshold} ${ceiling(value)}` : sql``}
        ) ranked
        ${keyset}
        order by ${value} desc, ${bytes("path")} asc
        limit ${query.limit}`.execute(conn),
    );
    const paths = rows.map((r) => ({
      path: r.path,
      total: num(r.total),
      verified: num(r.verified),
    }));
    if (rows[0]) return { paths, pathCount: num(rows[0].path_count) };
    const counted = await tuned((conn) =>
      sql<{ n: number | string }>`${ctes} select count(*) as n from vals`.execute(conn),
    );
    return { paths, pathCount: num(counted.rows[0]?.n ?? 0) };
  }

  /**
   * Runs a read over the read model. On PostgreSQL in a transaction with settings for its one
   * shape (a few hundred thousand block rows of known blocks, grouped by path id, joined to
   * 100,000-odd paths): the planner cannot estimate the groups of a union, and with its guess
   * it picks a nested loop of one index probe per path or a hash aggregate that spills; sorting
   * in memory and a hash join are several times faster, and JIT or parallel workers only add
   * start-up cost here.
   */
  const tuned = <T>(read: (conn: Kysely<Database>) => Promise<T>): Promise<T> => {
    if (dialect !== "postgres") return read(db);
    return db.transaction().execute(async (trx) => {
      await sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
        set_config('max_parallel_workers_per_gather', '0', true),
        set_config('enable_nestloop', 'off', true), set_config('enable_hashagg', 'off', true)`.execute(
        trx,
      );
      return read(trx);
    });
  };

  /** The paths of a query with their totals, straight from `crawl_path_day`. */
  const fromDays = (query: PathQuery): RawBuilder<unknown> => sql`
    select path, sum(count) as total,
      sum(case when tier = 'verified' then count else 0 end) as verified
    from crawl_path_day
    where ${rankedConditions(query)}
    group by path`;

  return {
    /**
     * One aggregation per call: the window count of the grouped paths rides on every row
     * (`count(*) over ()`, taken before the keyset filter); only an empty page needs a count of
     * its own. Without a bot filter the totals come from the read model (`path-rollups.ts`)
     * once it is built; the read model has no bot dimension, so a bot filter reads
     * `crawl_path_day`.
     */
    async rankPaths(query: PathRankQuery): Promise<PathRanking> {
      const plan =
        query.botIds && query.botIds.length > 0
          ? null
          : await rollups.plan(query.domainId, query.startDay, query.endDay);
      if (plan !== null && plan.blocks.length > 0) return rankFromRollups(query, plan);
      const grouped = fromDays(query);
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
          select path, total, verified, count(*) over () as path_count from (${grouped}) grouped
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
      if (!query.after) return { paths, pathCount: 0 };
      const count = await sql<{ n: number | string }>`
        select count(*) as n from (${grouped}) grouped`.execute(db);
      return { paths, pathCount: num(count.rows[0]?.n ?? 0) };
    },

    /** Brings the read model up to date through `throughDay` (see `path-rollups.ts`). */
    refreshPathRollups: rollups.refresh,

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
      // `crawl_served_day` holds the same counts split by servedFrom and snapshot (one delta
      // per crawl in both, the overflow path included) under a key that starts with domain and
      // path: each path is one index range, where `crawl_path_day`'s key (domain, day, path)
      // makes PostgreSQL scan every row of the window (10x slower for 500 paths).
      const { rows } = await sql<Parameters<typeof toPathDayCount>[0]>`
        select path, day, bot_id, tier, sum(count) as count from crawl_served_day
        where ${sql.join(where, sql` and `)}
        group by path, day, bot_id, tier
        order by ${bytes("path")}, ${bytes("day")}, ${bytes("bot_id")}, ${bytes("tier")}`.execute(
        db,
      );
      return rows.map(toPathDayCount);
    },
  };
}
