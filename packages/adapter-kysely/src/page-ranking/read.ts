import {
  type AggregateTier,
  ALL_BOTS,
  type Block,
  blockEnd,
  compareUtf8,
  dayNumber,
  fromDayNumber,
  OVERFLOW_PATH,
  type PathCountFilter,
  type PathDayCount,
  type PathQuery,
  type PathRanking,
  type PathRankQuery,
  planWindowRead,
  rankBlockSums,
} from "@crawlgate/core/adapter-kit";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { KyselyHandle } from "../handle.js";
import { type Database, num } from "../schema.js";
import type { BlockCache } from "./block-cache.js";
import { dayTotals, stamps } from "./freshness.js";
import type { PathDirectories } from "./path-directory.js";
import type { SumsCache } from "./sums-cache.js";

/**
 * The page-ranking reads in SQL. Text is compared byte-wise (`COLLATE "C"` on PostgreSQL,
 * SQLite's default BINARY). The path prefix is compared with `substr(path, 1, <code points>) =
 * prefix`, so `%` and `_` are plain characters.
 */

/** Paths from which PostgreSQL reads a page's counts as two concurrent queries. */
const SPLIT_PATHS = 100;

/** What the reads of one store share: its database and the caches of its read model. */
export interface ReadContext extends KyselyHandle {
  blocks: BlockCache;
  directories: PathDirectories;
  sums: SumsCache;
}

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

/** How a ranking window is read: blocks of the read model and days read from `crawl_path_day`. */
export interface ReadPlan {
  domainKey: number;
  blocks: Block[];
  /** Days (`YYYY-MM-DD`) with no fresh block: read from `crawl_path_day`. */
  days: string[];
}

/**
 * How to read `startDay..endDay` of a domain (core's `planWindowRead` over its stamps): the
 * fresh blocks of its cover and the days left to `crawl_path_day`; `null` when the domain has
 * no read model yet.
 */
export async function planRead(
  db: Kysely<Database>,
  domainId: string,
  startDay: string,
  endDay: string,
): Promise<ReadPlan | null> {
  const state = await db
    .selectFrom("crawl_rollup_domains")
    .select(["domain_key", "built_through"])
    .where("domain_id", "=", domainId)
    .executeTakeFirst();
  if (!state || state.built_through === null) return null;
  const key = state.domain_key;
  const start = dayNumber(startDay);
  const end = dayNumber(endDay);
  const [current, stamped] = await Promise.all([
    dayTotals(db, domainId, startDay, endDay),
    stamps(db, key, { from: start, to: end }),
  ]);
  const builtThrough = num(state.built_through);
  const { blocks, days } = planWindowRead(start, end, { builtThrough, current, stamped });
  return { domainKey: key, blocks, days: days.map(fromDayNumber) };
}

/** A literal prefix condition on a path column. */
const prefixOf = (column: string, prefix: string | null) =>
  prefix === null
    ? sql`true`
    : sql`substr(${sql.ref(column)}, 1, ${[...prefix].length}) = ${prefix}`;

/** The days `startDay..endDay`. */
const between = (startDay: string, endDay: string) => sql`day >= ${startDay} and day <= ${endDay}`;

/** The WHERE conditions of some days of a domain with filters. */
function conditions(
  domainId: string,
  days: RawBuilder<unknown>,
  filter: PathCountFilter,
): RawBuilder<unknown>[] {
  const out = [sql`domain_id = ${domainId}`, days, sql`count > 0`];
  if (filter.botIds && filter.botIds.length > 0)
    out.push(sql`bot_id in (${sql.join(filter.botIds)})`);
  if (filter.tiers && filter.tiers.length > 0) out.push(sql`tier in (${sql.join(filter.tiers)})`);
  return out;
}

/**
 * `rankPaths`: from the read model once it is built, the all-bots blocks, or under a bot filter
 * the blocks of those bots. Before that (or for a window with no fresh block), one aggregation
 * over `crawl_path_day`.
 */
export async function rankPaths(ctx: ReadContext, query: PathRankQuery): Promise<PathRanking> {
  const plan = await planRead(ctx.db, query.domainId, query.startDay, query.endDay);
  if (plan !== null && plan.blocks.length > 0) return rankFromReadModel(ctx, query, plan);
  return rankFromDays(ctx, query);
}

/**
 * A ranking page from the read model: the plan's blocks (packed arrays, cached by version),
 * their sums (cached by the blocks' identity), the crawl counts of its stale days, and the path
 * directory, ranked in memory by core's `rankBlockSums`.
 */
async function rankFromReadModel(
  ctx: ReadContext,
  query: PathRankQuery,
  plan: ReadPlan,
): Promise<PathRanking> {
  const bots = query.botIds && query.botIds.length > 0 ? [...new Set(query.botIds)] : null;
  const staleDays = [
    ...conditions(query.domainId, sql`day in (${sql.join(plan.days)})`, query),
    sql`path <> ${OVERFLOW_PATH}`,
    prefixOf("path", query.pathPrefix),
  ];
  const [blocks, days] = await Promise.all([
    ctx.blocks.blocksOf(plan.domainKey, plan.blocks, bots ?? [ALL_BOTS]),
    plan.days.length === 0
      ? Promise.resolve([])
      : sql<{ path: string; tier: string; count: number | string }>`
          select path, tier, sum(count) as count from crawl_path_day
          where ${sql.join(staleDays, sql` and `)}
          group by path, tier`
          .execute(ctx.db)
          .then((r) => r.rows.map((d) => ({ path: d.path, tier: d.tier, count: num(d.count) }))),
  ]);
  let end = 0;
  for (const b of blocks) end = Math.max(end, blockEnd(b));
  const directory = await ctx.directories.directoryOf(plan.domainKey, end);
  return rankBlockSums(query, ctx.sums.sumsOf(blocks, query.tiers), days, directory);
}

/**
 * A ranking page straight from `crawl_path_day`: one aggregation whose window count of grouped
 * paths rides on every row (`count(*) over ()`, taken before the keyset filter); only an empty
 * page needs a count of its own.
 */
async function rankFromDays(
  { db, byteOrdered }: KyselyHandle,
  query: PathRankQuery,
): Promise<PathRanking> {
  const grouped = pathTotals(query);
  const value = sql.ref(query.sortBy === "verified" ? "verified" : "total");
  const path = byteOrdered("path");
  // Core's `isAfterKeyset` and `compareRanked` in SQL: a lower value, or the same value and a
  // greater path; value descending, then path ascending (byte order, core's `tieBreak`).
  const after = query.after
    ? sql`where ${value} < ${query.after.value} or (${value} = ${query.after.value} and ${path} > ${query.after.path})`
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
    order by ${value} desc, ${path} asc
    limit ${query.limit}`.execute(db);
  const paths = rows.map((r) => ({ path: r.path, total: num(r.total), verified: num(r.verified) }));
  if (rows[0]) return { paths, pathCount: num(rows[0].path_count) };
  if (!query.after) return { paths, pathCount: 0 };
  const count = await sql<{ n: number | string }>`
    select count(*) as n from (${grouped}) grouped`.execute(db);
  return { paths, pathCount: num(count.rows[0]?.n ?? 0) };
}

/** The paths of a query with their totals (filters, prefix, never the overflow row). */
function pathTotals(query: PathQuery): RawBuilder<unknown> {
  const where = conditions(query.domainId, between(query.startDay, query.endDay), query);
  where.push(sql`path <> ${OVERFLOW_PATH}`);
  if (query.pathPrefix !== null) where.push(prefixOf("path", query.pathPrefix));
  return sql`
    select path, sum(count) as total,
      sum(case when tier = 'verified' then count else 0 end) as verified
    from crawl_path_day
    where ${sql.join(where, sql` and `)}
    group by path`;
}

/**
 * `countsOfPaths` from `crawl_served_day`: the same counts as `crawl_path_day` split by
 * servedFrom and snapshot (one delta per crawl in both, the overflow path included), under a
 * key that starts with domain and path, so each path is one index range (`crawl_path_day`'s key
 * makes PostgreSQL scan the whole window; numbers in docs/decisions.md, "Counts of a page's
 * paths"). PostgreSQL reads a large page's paths as two queries on two connections, split in
 * byte order so the results concatenate in order.
 */
export async function countsOfPaths(
  { db, dialect, byteOrdered }: KyselyHandle,
  domainId: string,
  startDay: string,
  endDay: string,
  filter: PathCountFilter,
  paths: readonly string[],
): Promise<PathDayCount[]> {
  if (paths.length === 0) return [];
  const unique = [...new Set(paths)].sort(compareUtf8);
  const parts =
    dialect === "postgres" && unique.length >= SPLIT_PATHS
      ? [unique.slice(0, unique.length >> 1), unique.slice(unique.length >> 1)]
      : [unique];
  const order = ["path", "day", "bot_id", "tier"].map((c) => byteOrdered(c));
  const read = async (chunk: readonly string[]) => {
    const where = conditions(domainId, between(startDay, endDay), filter);
    where.push(sql`path in (${sql.join(chunk)})`);
    const { rows } = await sql<Parameters<typeof toPathDayCount>[0]>`
      select path, day, bot_id, tier, sum(count) as count from crawl_served_day
      where ${sql.join(where, sql` and `)}
      group by path, day, bot_id, tier
      order by ${sql.join(order)}`.execute(db);
    return rows.map(toPathDayCount);
  };
  return (await Promise.all(parts.map(read))).flat();
}
