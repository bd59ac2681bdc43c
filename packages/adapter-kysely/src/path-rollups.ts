import { dayNumber, fromDayNumber, OVERFLOW_PATH } from "@crawlgate/core/adapter-kit";
import { type Kysely, sql } from "kysely";
import type { KyselyHandle } from "./database.js";
import {
  addBlocks,
  type BlockCounts,
  blockEnd,
  compactBlock,
  packBlock,
  TIERS,
  unpackBlock,
} from "./rollup-blocks.js";
import { type Database, num } from "./schema.js";

/**
 * The page-ranking read model: per domain and path (an integer id in `crawl_paths`), counts per
 * tier over dyadic blocks of days (`2^level` days starting at an epoch day divisible by
 * `2^level`, levels 0 to `TOP_LEVEL`), built from `crawl_path_day` by `refresh` (a job, never on
 * ingest). A block is one row of `crawl_rollup_blocks` holding the counts of all its path ids
 * packed (`rollup-blocks.ts`). A window is the union of at most two blocks per level, so a
 * ranking adds a few arrays instead of grouping one row per path, day, bot and tier.
 *
 * Freshness: `crawl_rollup_days` keeps, per day, the per-tier totals the blocks were built from.
 * `crawl_bot_day` totals of a day change whenever its path counts change (a crawl adds to both
 * in one transaction, a late verification moves one count from declared to verified in both,
 * retention deletes whole days), so a block is read only when every one of its days is covered
 * (`<= built_through`) and still has the totals of its stamp (a day without a stamp was empty);
 * other days are read from `crawl_path_day`.
 */

export const TOP_LEVEL = 8;
/** `bot_id` of the block that counts every bot (a bot id is never empty). */
export const ALL_BOTS = "";
/** The blocks of one level and start: all bots (`ALL_BOTS`) and each bot with crawls. */
type BlockSet = Map<string, BlockCounts>;
/** Days a refresh step covers at most (one transaction; later steps continue). */
const STEP_DAYS = 4;

export interface Block {
  level: number;
  start: number;
}

/**
 * The canonical cover of the days `start..end` (epoch days): from the left, the largest aligned
 * block that fits in the window and is `usable`; a day with no usable block is left to `days`.
 */
export function coverWindow(
  start: number,
  end: number,
  usable: (block: Block) => boolean,
): { blocks: Block[]; days: number[] } {
  const blocks: Block[] = [];
  const days: number[] = [];
  let at = start;
  while (at <= end) {
    let chosen: Block | null = null;
    for (let level = TOP_LEVEL; level >= 0 && !chosen; level--) {
      const size = 2 ** level;
      if (at % size !== 0 || at + size - 1 > end) continue;
      if (usable({ level, start: at })) chosen = { level, start: at };
    }
    if (chosen) {
      blocks.push(chosen);
      at += 2 ** chosen.level;
    } else {
      days.push(at);
      at += 1;
    }
  }
  return { blocks, days };
}

/** Counts of one day per tier. */
interface Tiers {
  verified: number;
  declared: number;
  unknown: number;
}

const sameTiers = (a: Tiers | undefined, b: Tiers | undefined): boolean =>
  (a?.verified ?? 0) === (b?.verified ?? 0) &&
  (a?.declared ?? 0) === (b?.declared ?? 0) &&
  (a?.unknown ?? 0) === (b?.unknown ?? 0);

/** Days (epoch) → per-tier totals of `crawl_bot_day` for a domain and a day range. */
async function dayTotals(
  db: Kysely<Database>,
  domainId: string,
  from: string | null,
  to: string,
): Promise<Map<number, Tiers>> {
  const lower = from === null ? sql`` : sql`and day >= ${from}`;
  const { rows } = await sql<{ day: string; tier: string; n: number | string }>`
    select day, tier, sum(count) as n from crawl_bot_day
    where domain_id = ${domainId} ${lower} and day <= ${to}
    group by day, tier`.execute(db);
  const out = new Map<number, Tiers>();
  for (const r of rows) {
    const key = dayNumber(r.day);
    const entry = out.get(key) ?? { verified: 0, declared: 0, unknown: 0 };
    if (r.tier === "verified" || r.tier === "declared" || r.tier === "unknown")
      entry[r.tier] += num(r.n);
    out.set(key, entry);
  }
  return out;
}

/** Stamps of a domain (epoch day → totals), optionally only `from..to`. */
async function stamps(
  db: Kysely<Database>,
  domainKey: number,
  range?: { from: number; to: number },
): Promise<Map<number, Tiers>> {
  const rows = await db
    .selectFrom("crawl_rollup_days")
    .selectAll()
    .where("domain_key", "=", domainKey)
    .$if(range !== undefined, (q) =>
      q.where("day", ">=", range?.from ?? 0).where("day", "<=", range?.to ?? 0),
    )
    .execute();
  return new Map(
    rows.map((r) => [
      num(r.day),
      { verified: num(r.verified), declared: num(r.declared), unknown: num(r.unknown) },
    ]),
  );
}

/** How a ranking window is read: blocks of the read model and days read from `crawl_path_day`. */
export interface RollupPlan {
  domainKey: number;
  blocks: Block[];
  /** Days (`YYYY-MM-DD`) with no fresh block: read from `crawl_path_day`. */
  days: string[];
}

export function createPathRollups({ db, dialect }: KyselyHandle) {
  /**
   * Runs `fn` in one transaction that sees one snapshot: PostgreSQL `REPEATABLE READ` under a
   * session advisory lock (one refresh at a time per schema), SQLite `BEGIN IMMEDIATE`.
   */
  async function transaction<T>(fn: (conn: Kysely<Database>) => Promise<T>): Promise<T> {
    return db.connection().execute(async (conn) => {
      const pg = dialect === "postgres";
      const lock = sql`hashtext(current_schema() || '.crawl_rollup_blocks')`;
      if (pg) await sql`select pg_advisory_lock(${lock})`.execute(conn);
      try {
        await sql
          .raw(pg ? "begin isolation level repeatable read" : "begin immediate")
          .execute(conn);
        try {
          const out = await fn(conn);
          await sql`commit`.execute(conn);
          return out;
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw error;
        }
      } finally {
        if (pg) await sql`select pg_advisory_unlock(${lock})`.execute(conn);
      }
    });
  }

  /** The domain's key and coverage, created on first use. */
  async function domainState(conn: Kysely<Database>, domainId: string) {
    const found = await conn
      .selectFrom("crawl_rollup_domains")
      .selectAll()
      .where("domain_id", "=", domainId)
      .executeTakeFirst();
    if (found) return found;
    const { rows } = await sql<{ k: number | string | null }>`
      select max(domain_key) as k from crawl_rollup_domains`.execute(conn);
    const created = {
      domain_id: domainId,
      domain_key: num(rows[0]?.k ?? 0) + 1,
      built_through: null,
      next_path_id: 1,
      next_version: 1,
    };
    await conn.insertInto("crawl_rollup_domains").values(created).execute();
    return created;
  }

  /**
   * One refresh step of a domain through epoch day `through` (one transaction); returns whether
   * the domain is now built through `through` with no day left stale.
   */
  async function step(conn: Kysely<Database>, domainId: string, through: number) {
    const state = await domainState(conn, domainId);
    const key = state.domain_key;
    const builtThrough = state.built_through === null ? null : num(state.built_through);
    const current = await dayTotals(conn, domainId, null, fromDayNumber(through));
    const stamped = await stamps(conn, key);
    const known = [...new Set([...current.keys(), ...stamped.keys()])].filter((d) => d <= through);
    const dirty = known.filter((d) => !sameTiers(current.get(d), stamped.get(d)));
    // Days newly covered: blocks ending on them are complete now (empty days need no level 0).
    const fresh: number[] = [];
    if (known.length > 0) {
      const first = Math.max(Math.min(...known), (builtThrough ?? -1) + 1);
      for (let d = first; d <= through; d++) fresh.push(d);
    }
    const candidates = [...new Set([...dirty, ...fresh])].sort((a, b) => a - b);
    if (candidates.length === 0) {
      if (builtThrough === null || builtThrough < through) await setBuilt(conn, key, through);
      return true;
    }
    const last = candidates.length > STEP_DAYS ? (candidates[STEP_DAYS - 1] as number) : through;
    const processed = candidates.filter((d) => d <= last);
    const level0 = dirty.filter((d) => d <= last);
    const newBuilt = Math.max(builtThrough ?? last, last);
    await registerPaths(conn, domainId, key, state.next_path_id, level0);
    const version = num(state.next_version);
    const built = new Map<string, BlockSet>();
    for (const d of level0) {
      const blocks = await dayBlocks(conn, domainId, key, d);
      await writeBlocks(conn, key, 0, d, version, blocks);
      built.set(`0:${d}`, blocks);
    }
    for (let level = 1; level <= TOP_LEVEL; level++) {
      const size = 2 ** level;
      const starts = new Set(processed.map((d) => d - (d % size)));
      for (const start of [...starts].sort((a, b) => a - b)) {
        if (start + size - 1 > newBuilt) continue;
        const half = size / 2;
        const halfOf = async (from: number) =>
          built.get(`${level - 1}:${from}`) ?? readBlocks(conn, key, level - 1, from);
        const left = await halfOf(start);
        const right = await halfOf(start + half);
        const blocks: BlockSet = new Map();
        for (const bot of new Set([...left.keys(), ...right.keys()])) {
          const a = left.get(bot);
          const b = right.get(bot);
          const sum = a && b ? addBlocks(a, b) : (a ?? b ?? null);
          if (sum) blocks.set(bot, sum);
        }
        await writeBlocks(conn, key, level, start, version, blocks);
        built.set(`${level}:${start}`, blocks);
      }
    }
    await conn
      .updateTable("crawl_rollup_domains")
      .set({ next_version: version + 1 })
      .where("domain_key", "=", key)
      .execute();
    if (level0.length > 0) {
      await conn
        .deleteFrom("crawl_rollup_days")
        .where("domain_key", "=", key)
        .where("day", "in", level0)
        .execute();
      const values = level0.flatMap((day) => {
        const t = current.get(day);
        return t ? [{ domain_key: key, day, ...t }] : [];
      });
      if (values.length > 0) await conn.insertInto("crawl_rollup_days").values(values).execute();
    }
    await setBuilt(conn, key, newBuilt);
    return last === through;
  }

  const setBuilt = (conn: Kysely<Database>, key: number, through: number) =>
    conn
      .updateTable("crawl_rollup_domains")
      .set({ built_through: through })
      .where("domain_key", "=", key)
      .execute();

  /** Gives the paths of the days (other than the overflow) an id when they have none. */
  async function registerPaths(
    conn: Kysely<Database>,
    domainId: string,
    key: number,
    nextId: number | string,
    days: number[],
  ) {
    if (days.length === 0) return;
    const base = num(nextId) - 1;
    const inserted = await sql`
      insert into crawl_paths (domain_key, path_id, path)
      select cast(${key} as integer), ${base} + row_number() over (order by path), path from (
        select distinct path from crawl_path_day
        where domain_id = ${domainId} and day in (${sql.join(days.map(fromDayNumber))})
          and path <> ${OVERFLOW_PATH}
      ) n
      where not exists (
        select 1 from crawl_paths c where c.domain_key = ${key} and c.path = n.path
      )`.execute(conn);
    const added = Number(inserted.numAffectedRows ?? 0n);
    await conn
      .updateTable("crawl_rollup_domains")
      .set({ next_path_id: base + 1 + added })
      .where("domain_key", "=", key)
      .execute();
    // The level-0 reads join the day rows to `crawl_paths`: with statistics from before a big
    // batch of new paths (a first build), PostgreSQL estimates a few hundred rows and probes the
    // day table once per path (about 3x slower per day on 100,000 paths). Refresh them then.
    if (dialect === "postgres" && added >= 1000 && added * 10 >= base)
      await sql`analyze crawl_paths`.execute(conn);
  }

  /** Writes the blocks of one level and start (none: the block has no crawls, so no rows). */
  async function writeBlocks(
    conn: Kysely<Database>,
    key: number,
    level: number,
    start: number,
    version: number,
    blocks: BlockSet,
  ) {
    await conn
      .deleteFrom("crawl_rollup_blocks")
      .where("domain_key", "=", key)
      .where("level", "=", level)
      .where("block_start", "=", start)
      .execute();
    const rows = [...blocks].map(([bot, block]) => ({
      domain_key: key,
      level,
      block_start: start,
      bot_id: bot,
      version,
      id_end: blockEnd(block),
      counts: packBlock(block),
    }));
    // A few rows per statement: each carries a packed block of up to megabytes.
    for (let i = 0; i < rows.length; i += 16)
      await conn
        .insertInto("crawl_rollup_blocks")
        .values(rows.slice(i, i + 16))
        .execute();
  }

  async function readBlocks(
    conn: Kysely<Database>,
    key: number,
    level: number,
    start: number,
  ): Promise<BlockSet> {
    const rows = await conn
      .selectFrom("crawl_rollup_blocks")
      .select(["bot_id", "counts"])
      .where("domain_key", "=", key)
      .where("level", "=", level)
      .where("block_start", "=", start)
      .execute();
    return new Map(rows.map((r) => [r.bot_id, unpackBlock(r.counts)]));
  }

  /** Level 0 of one day from `crawl_path_day`: all bots, and each bot. */
  async function dayBlocks(
    conn: Kysely<Database>,
    domainId: string,
    key: number,
    day: number,
  ): Promise<BlockSet> {
    const { rows } = await sql<{
      bot_id: string;
      path_id: number | string;
      tier: string;
      n: number | string;
    }>`
      select d.bot_id, p.path_id, d.tier, sum(d.count) as n
      from crawl_path_day d
      join crawl_paths p on p.domain_key = ${key} and p.path = d.path
      where d.domain_id = ${domainId} and d.day = ${fromDayNumber(day)} and d.count > 0
      group by d.bot_id, p.path_id, d.tier`.execute(conn);
    const byBot = new Map<string, { id: number; tier: number; n: number }[]>([[ALL_BOTS, []]]);
    for (const r of rows) {
      const tier = TIERS.indexOf(r.tier as (typeof TIERS)[number]);
      if (tier < 0) continue;
      const entry = { id: num(r.path_id), tier, n: num(r.n) };
      byBot.get(ALL_BOTS)?.push(entry);
      const list = byBot.get(r.bot_id);
      if (list) list.push(entry);
      else byBot.set(r.bot_id, [entry]);
    }
    const out: BlockSet = new Map();
    for (const [bot, entries] of byBot) {
      if (entries.length === 0) continue;
      let lo = Number.POSITIVE_INFINITY;
      let hi = 0;
      for (const e of entries) {
        lo = Math.min(lo, e.id);
        hi = Math.max(hi, e.id + 1);
      }
      const span = hi - lo;
      const sums = new Float64Array(3 * span);
      for (const e of entries) {
        const at = e.tier * span + e.id - lo;
        sums[at] = (sums[at] as number) + e.n;
      }
      const block = compactBlock(lo, sums);
      if (block) out.set(bot, block);
    }
    return out;
  }

  return {
    /**
     * Brings the read model of one domain (or of every domain with crawls) up to date for days
     * up to `throughDay`, in steps of a few days per transaction. Returns how many domains it
     * looked at.
     */
    async refresh(throughDay: string, domainId?: string): Promise<{ domains: number }> {
      const through = dayNumber(throughDay);
      const domains =
        domainId !== undefined
          ? [domainId]
          : (await db.selectFrom("crawl_bot_day").select("domain_id").distinct().execute()).map(
              (r) => r.domain_id,
            );
      // One domain's failure (a bad row, a lost connection) does not stop the others; it is
      // reported once they are done, and its days stay read from the day table meanwhile.
      const failed: { domainId: string; error: unknown }[] = [];
      for (const domain of domains) {
        try {
          while (!(await transaction((conn) => step(conn, domain, through)))) {
            // Each step commits a few more days.
          }
        } catch (error) {
          failed.push({ domainId: domain, error });
        }
      }
      if (failed.length > 0)
        throw new AggregateError(
          failed.map((f) => f.error),
          `read-model refresh failed for ${failed.length} of ${domains.length} domains: ${failed
            .map((f) => f.domainId)
            .join(", ")}`,
        );
      return { domains: domains.length };
    },

    /**
     * How to read `startDay..endDay` of a domain: the fresh blocks of its cover and the days
     * left to `crawl_path_day`; `null` when the domain has no read model yet.
     */
    async plan(domainId: string, startDay: string, endDay: string): Promise<RollupPlan | null> {
      const state = await db
        .selectFrom("crawl_rollup_domains")
        .select(["domain_key", "built_through"])
        .where("domain_id", "=", domainId)
        .executeTakeFirst();
      if (!state || state.built_through === null) return null;
      const key = state.domain_key;
      const builtThrough = num(state.built_through);
      const start = dayNumber(startDay);
      const end = dayNumber(endDay);
      const [current, stamped] = await Promise.all([
        dayTotals(db, domainId, startDay, endDay),
        stamps(db, key, { from: start, to: end }),
      ]);
      const stale = (d: number) => d > builtThrough || !sameTiers(current.get(d), stamped.get(d));
      const { blocks, days } = coverWindow(start, end, ({ level, start: from }) => {
        for (let d = from; d < from + 2 ** level; d++) if (stale(d)) return false;
        return true;
      });
      // Days with no crawls need no reading.
      return {
        domainKey: key,
        blocks,
        days: days.filter((d) => current.has(d)).map(fromDayNumber),
      };
    },
  };
}
