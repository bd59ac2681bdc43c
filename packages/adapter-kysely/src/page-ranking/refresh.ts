import {
  addBlockSets,
  type BlockSet,
  blockEnd,
  DayBlockBuilder,
  dayNumber,
  fromDayNumber,
  OVERFLOW_PATH,
  planRefreshStep,
  type RefreshStep,
} from "@crawlgate/core/adapter-kit";
import { type Kysely, sql } from "kysely";
import type { KyselyHandle } from "../handle.js";
import { type Database, num } from "../schema.js";
import { packBlock, unpackBlock } from "./block-codec.js";
import { dayTotals, stamps } from "./freshness.js";

/**
 * The refresh of the read model: per domain, steps of one transaction each, every step being
 * SQL reads (stamps, day totals, coverage) → core's `planRefreshStep` → SQL writes (path ids,
 * level-0 blocks from `crawl_path_day`, merged blocks, stamps, coverage). A job, never on ingest.
 */

/** Days a refresh step covers at most (one transaction; later steps continue). */
const STEP_DAYS = 4;

/**
 * Brings the read model of one domain (or of every domain with crawls) up to date for days up
 * to `throughDay`, in steps of a few days per transaction. Returns how many domains it looked
 * at.
 */
export async function refreshReadModel(
  handle: KyselyHandle,
  throughDay: string,
  domainId?: string,
): Promise<{ domains: number }> {
  const through = dayNumber(throughDay);
  const domains =
    domainId !== undefined
      ? [domainId]
      : (await handle.db.selectFrom("crawl_bot_day").select("domain_id").distinct().execute()).map(
          (r) => r.domain_id,
        );
  // One domain's failure (a bad row, a lost connection) does not stop the others; it is
  // reported once they are done, and its days stay read from the day table meanwhile.
  const failed: { domainId: string; error: unknown }[] = [];
  for (const domain of domains) {
    try {
      await refreshDomain(handle, domain, through);
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
}

/** Refreshes one domain through epoch day `through`, one transaction per step. */
async function refreshDomain(handle: KyselyHandle, domainId: string, through: number) {
  let done = false;
  // Each step commits a few more days.
  while (!done)
    done = await snapshotTransaction(handle, (conn) =>
      refreshStep(handle, conn, domainId, through),
    );
}

/**
 * Runs `fn` in one transaction that sees one snapshot: PostgreSQL `REPEATABLE READ` under a
 * session advisory lock (one refresh at a time per schema), SQLite `BEGIN IMMEDIATE`.
 */
async function snapshotTransaction<T>(
  { db, dialect }: KyselyHandle,
  fn: (conn: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    const pg = dialect === "postgres";
    const lock = sql`hashtext(current_schema() || '.crawl_rollup_blocks')`;
    if (pg) await sql`select pg_advisory_lock(${lock})`.execute(conn);
    try {
      await sql.raw(pg ? "begin isolation level repeatable read" : "begin immediate").execute(conn);
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
async function refreshStep(
  handle: KyselyHandle,
  conn: Kysely<Database>,
  domainId: string,
  through: number,
): Promise<boolean> {
  const state = await domainState(conn, domainId);
  const key = state.domain_key;
  const builtThrough = state.built_through === null ? null : num(state.built_through);
  const current = await dayTotals(conn, domainId, null, fromDayNumber(through));
  const stamped = await stamps(conn, key);
  const step = planRefreshStep({ builtThrough, current, stamped, through, stepDays: STEP_DAYS });
  if (step.settled) {
    if (step.builtThrough !== builtThrough) await setBuilt(conn, key, step.builtThrough);
    return true;
  }
  await registerPaths(handle, conn, domainId, key, state.next_path_id, step.level0Days);
  await writeStep(conn, domainId, key, num(state.next_version), step);
  await setBuilt(conn, key, step.builtThrough);
  return step.done;
}

/** The blocks and stamps of a step, under a new version. */
async function writeStep(
  conn: Kysely<Database>,
  domainId: string,
  key: number,
  version: number,
  step: RefreshStep,
): Promise<void> {
  const built = new Map<string, BlockSet>();
  for (const d of step.level0Days) {
    const blocks = await dayBlocks(conn, domainId, key, d);
    await writeBlocks(conn, key, 0, d, version, blocks);
    built.set(`0:${d}`, blocks);
  }
  for (const { level, start } of step.merged) {
    const halfOf = async (from: number) =>
      built.get(`${level - 1}:${from}`) ?? readBlocks(conn, key, level - 1, from);
    const left = await halfOf(start);
    const right = await halfOf(start + 2 ** (level - 1));
    const blocks = addBlockSets(left, right);
    await writeBlocks(conn, key, level, start, version, blocks);
    built.set(`${level}:${start}`, blocks);
  }
  await conn
    .updateTable("crawl_rollup_domains")
    .set({ next_version: version + 1 })
    .where("domain_key", "=", key)
    .execute();
  if (step.level0Days.length > 0) {
    await conn
      .deleteFrom("crawl_rollup_days")
      .where("domain_key", "=", key)
      .where("day", "in", step.level0Days)
      .execute();
    const values = step.stamps.map(([day, t]) => ({ domain_key: key, day, ...t }));
    if (values.length > 0) await conn.insertInto("crawl_rollup_days").values(values).execute();
  }
}

const setBuilt = (conn: Kysely<Database>, key: number, through: number) =>
  conn
    .updateTable("crawl_rollup_domains")
    .set({ built_through: through })
    .where("domain_key", "=", key)
    .execute();

/** Gives the paths of the days (other than the overflow) an id when they have none. */
async function registerPaths(
  { dialect }: KyselyHandle,
  conn: Kysely<Database>,
  domainId: string,
  key: number,
  nextId: number | string,
  days: number[],
): Promise<void> {
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
  // day table once per path (docs/decisions.md, "Statistics"). Refresh them then.
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
): Promise<void> {
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

/** The stored blocks of one level and start, by bot. */
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
  const builder = new DayBlockBuilder();
  for (const r of rows) builder.add(r.bot_id, num(r.path_id), r.tier, num(r.n));
  return builder.build();
}
