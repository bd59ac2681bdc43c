import type { AggregateTier } from "@crawlgate/core";
import {
  compareUtf8,
  OVERFLOW_PATH,
  type PathCountFilter,
  type PathDayCount,
  type PathQuery,
  type PathRanking,
  type PathRankQuery,
} from "@crawlgate/core/adapter-kit";
import { type RawBuilder, sql } from "kysely";
import type { KyselyHandle } from "./database.js";
import { ALL_BOTS, type Block, createPathRollups, type RollupPlan } from "./path-rollups.js";
import { type PathDirectory, rankBlocks } from "./rank-blocks.js";
import {
  type BlockCounts,
  blockBytes,
  blockEnd,
  unpackBlock,
  WeightedLru,
} from "./rollup-blocks.js";
import { num } from "./schema.js";

/** Bytes of decoded blocks a store keeps between rankings. */
const BLOCK_CACHE_BYTES = 256 * 1024 * 1024;
/** Paths of the directories a store keeps between rankings. */
const DIRECTORY_CACHE_PATHS = 2_000_000;

/** Paths from which PostgreSQL reads a page's counts as two concurrent queries. */
const SPLIT_PATHS = 100;

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

  /** The days `startDay..endDay`. */
  const between = (startDay: string, endDay: string) =>
    sql`day >= ${startDay} and day <= ${endDay}`;

  /** The WHERE conditions of some days of a domain with filters. */
  const conditions = (
    domainId: string,
    days: RawBuilder<unknown>,
    filter: PathCountFilter,
  ): RawBuilder<unknown>[] => {
    const out = [sql`domain_id = ${domainId}`, days, sql`count > 0`];
    if (filter.botIds && filter.botIds.length > 0)
      out.push(sql`bot_id in (${sql.join(filter.botIds)})`);
    if (filter.tiers && filter.tiers.length > 0) out.push(sql`tier in (${sql.join(filter.tiers)})`);
    return out;
  };

  /** Conditions of a ranked query: filters, prefix, and never the overflow row. */
  const rankedConditions = (query: PathQuery) => {
    const out = conditions(query.domainId, between(query.startDay, query.endDay), query);
    out.push(sql`path <> ${OVERFLOW_PATH}`);
    if (query.pathPrefix !== null) out.push(prefixOf("path", query.pathPrefix));
    return sql.join(out, sql` and `);
  };

  /** Decoded blocks by `domain:level:start:bot`, with the version they were read at. */
  const blockCache = new WeightedLru<{ version: number; block: BlockCounts }>(BLOCK_CACHE_BYTES);
  /** Path directories by domain key (append-only: ids are never reused or renamed). */
  const directories = new WeightedLru<PathDirectory>(DIRECTORY_CACHE_PATHS);
  const loading = new Map<number, Promise<PathDirectory>>();

  /**
   * The blocks of a plan for some bots (`ALL_BOTS`, or the bots of a filter): cached ones whose
   * version is current, the others read.
   */
  async function readBlocks(
    key: number,
    wanted: readonly Block[],
    bots: readonly string[],
  ): Promise<BlockCounts[]> {
    if (wanted.length === 0) return [];
    const cacheKey = (level: number, start: number, bot: string) =>
      `${key}:${level}:${start}:${bot}`;
    const current = await sql<{
      level: number;
      block_start: number;
      bot_id: string;
      version: number;
    }>`
      select level, block_start, bot_id, version from crawl_rollup_blocks
      where domain_key = ${key}
        and (level, block_start) in (${sql.join(wanted.map((b) => sql`(${b.level}, ${b.start})`))})
        and bot_id in (${sql.join([...bots])})`.execute(db);
    const out: BlockCounts[] = [];
    const missing: RawBuilder<unknown>[] = [];
    for (const r of current.rows) {
      const cached = blockCache.get(cacheKey(num(r.level), num(r.block_start), r.bot_id));
      if (cached && cached.version === num(r.version)) out.push(cached.block);
      else missing.push(sql`(${num(r.level)}, ${num(r.block_start)}, ${r.bot_id})`);
    }
    if (missing.length === 0) return out;
    const { rows } = await sql<{
      level: number;
      block_start: number;
      bot_id: string;
      version: number;
      counts: Uint8Array;
    }>`
      select level, block_start, bot_id, version, counts from crawl_rollup_blocks
      where domain_key = ${key} and (level, block_start, bot_id) in (${sql.join(missing)})`.execute(
      db,
    );
    for (const r of rows) {
      const block = unpackBlock(r.counts);
      blockCache.set(
        cacheKey(num(r.level), num(r.block_start), r.bot_id),
        { version: num(r.version), block },
        blockBytes(block),
      );
      out.push(block);
    }
    return out;
  }

  /** The domain's path directory, holding at least the ids below `width`. */
  async function directoryOf(key: number, width: number): Promise<PathDirectory> {
    const cached = directories.get(String(key));
    if (cached && cached.paths.length >= width) return cached;
    const pending = loading.get(key);
    if (pending) {
      const loaded = await pending;
      if (loaded.paths.length >= width) return loaded;
    }
    const load = (async () => {
      const dir = cached ?? { paths: [undefined], ids: new Map<string, number>() };
      const { rows } = await sql<{ path_id: number | string; path: string }>`
        select path_id, path from crawl_paths
        where domain_key = ${key} and path_id >= ${dir.paths.length}
        order by path_id`.execute(db);
      for (const r of rows) {
        const id = num(r.path_id);
        dir.paths[id] = r.path;
        dir.ids.set(r.path, id);
      }
      directories.set(String(key), dir, dir.paths.length);
      return dir;
    })();
    loading.set(key, load);
    try {
      return await load;
    } finally {
      if (loading.get(key) === load) loading.delete(key);
    }
  }

  /**
   * A ranking page from the read model: the plan's blocks (packed arrays, cached by version),
   * the crawl counts of its stale days, and the path directory, ranked in memory
   * (`rank-blocks.ts`).
   */
  async function rankFromRollups(query: PathRankQuery, plan: RollupPlan): Promise<PathRanking> {
    const bots = query.botIds && query.botIds.length > 0 ? [...new Set(query.botIds)] : null;
    const staleDays = [
      ...conditions(query.domainId, sql`day in (${sql.join(plan.days)})`, query),
      sql`path <> ${OVERFLOW_PATH}`,
      prefixOf("path", query.pathPrefix),
    ];
    const [blocks, days] = await Promise.all([
      readBlocks(plan.domainKey, plan.blocks, bots ?? [ALL_BOTS]),
      plan.days.length === 0
        ? Promise.resolve([])
        : sql<{ path: string; tier: string; count: number | string }>`
            select path, tier, sum(count) as count from crawl_path_day
            where ${sql.join(staleDays, sql` and `)}
            group by path, tier`
            .execute(db)
            .then((r) => r.rows.map((d) => ({ path: d.path, tier: d.tier, count: num(d.count) }))),
    ]);
    let end = 0;
    for (const b of blocks) end = Math.max(end, blockEnd(b));
    const directory = await directoryOf(plan.domainKey, end);
    return rankBlocks(query, blocks, days, directory);
  }

  /** The paths of a query with their totals, straight from `crawl_path_day`. */
  const fromDays = (query: PathQuery): RawBuilder<unknown> => sql`
    select path, sum(count) as total,
      sum(case when tier = 'verified' then count else 0 end) as verified
    from crawl_path_day
    where ${rankedConditions(query)}
    group by path`;

  return {
    /**
     * From the read model (`path-rollups.ts`) once it is built: the all-bots blocks, or under a
     * bot filter the blocks of those bots. Before that (or for a window with no fresh block),
     * one aggregation over `crawl_path_day`: the window count of the grouped paths rides on
     * every row (`count(*) over ()`, taken before the keyset filter); only an empty page needs
     * a count of its own.
     */
    async rankPaths(query: PathRankQuery): Promise<PathRanking> {
      const plan = await rollups.plan(query.domainId, query.startDay, query.endDay);
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
      // `crawl_served_day` holds the same counts split by servedFrom and snapshot (one delta
      // per crawl in both, the overflow path included) under a key that starts with domain and
      // path: each path is one index range, where `crawl_path_day`'s key (domain, day, path)
      // makes PostgreSQL scan every row of the window (10x slower for 500 paths). PostgreSQL
      // reads a large page's paths as two queries on two connections (two cores), split in
      // byte order so the results concatenate in order.
      const unique = [...new Set(paths)].sort(compareUtf8);
      const parts =
        dialect === "postgres" && unique.length >= SPLIT_PATHS
          ? [unique.slice(0, unique.length >> 1), unique.slice(unique.length >> 1)]
          : [unique];
      const read = async (chunk: readonly string[]) => {
        const where = conditions(domainId, between(startDay, endDay), filter);
        where.push(sql`path in (${sql.join(chunk)})`);
        const { rows } = await sql<Parameters<typeof toPathDayCount>[0]>`
          select path, day, bot_id, tier, sum(count) as count from crawl_served_day
          where ${sql.join(where, sql` and `)}
          group by path, day, bot_id, tier
          order by ${bytes("path")}, ${bytes("day")}, ${bytes("bot_id")}, ${bytes("tier")}`.execute(
          db,
        );
        return rows.map(toPathDayCount);
      };
      return (await Promise.all(parts.map(read))).flat();
    },
  };
}
