import { addDays } from "@crawlgate/core/adapter-kit";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.js";
import { arrayLiteral } from "./array-literal.js";

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;
/** Event ids per statement that deletes named rows (one array parameter each). */
const ID_CHUNK = 100_000;
/** How long a partition change waits for its locks before it gives up (a later run retries). */
const LOCK_TIMEOUT = "10s";

/** The rows of one domain a drop names: `eventIds`, or every row of the day when absent. */
export interface NamedRows {
  domainId: string;
  eventIds?: readonly string[];
}

/** The partition of `crawl_events` holding the rows of a UTC day: `crawl_events_YYYYMMDD`. */
export const partitionName = (day: string) => `crawl_events_${day.replaceAll("-", "")}`;

const PARTITION = /^crawl_events_(\d{4})(\d{2})(\d{2})$/;

const dayBounds = (day: string) => {
  const from = Date.parse(`${day}T00:00:00.000Z`);
  return { from, to: from + DAY_MS };
};

/** The days that have a partition, sorted. */
export async function partitionDays(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_catalog.pg_inherits i
    join pg_catalog.pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'crawl_events'::regclass`.execute(db);
  return rows
    .map((r) => PARTITION.exec(r.name))
    .filter((m) => m !== null)
    .map(([, y, m, d]) => `${y}-${m}-${d}`)
    .sort();
}

async function exists(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass(${name}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Creates the partition of `day` unless it exists; rows of that day stored in the default
 * partition meanwhile move into it. Built apart and attached (ATTACH takes only a SHARE UPDATE
 * EXCLUSIVE lock on `crawl_events`: writes and reads go on), with the default partition locked
 * from the move until the commit so that no row of the day lands there in between.
 */
async function createPartition(db: Kysely<Database>, day: string): Promise<boolean> {
  const name = partitionName(day);
  const { from, to } = dayBounds(day);
  return db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    // Self-conflicting: one creation at a time, whatever the fleet.
    await sql`lock table only crawl_events in share update exclusive mode`.execute(trx);
    if (await exists(trx, name)) return false;
    await sql`create table ${sql.id(name)} (like crawl_events including defaults)`.execute(trx);
    await sql`lock table crawl_events_default in access exclusive mode`.execute(trx);
    await sql`with moved as (
        delete from crawl_events_default where ts >= ${from} and ts < ${to} returning *)
      insert into ${sql.id(name)} select * from moved`.execute(trx);
    // Proves the range to ATTACH, which then skips its scan of the new table.
    await sql`alter table ${sql.id(name)} add constraint ${sql.id(`${name}_day`)}
      check (ts >= ${sql.lit(from)} and ts < ${sql.lit(to)})`.execute(trx);
    await sql`alter table crawl_events attach partition ${sql.id(name)}
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
    return true;
  });
}

/** Detaches a day's partition and drops it: no row-by-row delete, no WAL per row. */
async function detachAndDrop(trx: Transaction<Database>, name: string): Promise<void> {
  await sql`alter table crawl_events detach partition ${sql.id(name)}`.execute(trx);
  await sql`drop table ${sql.id(name)}`.execute(trx);
}

/**
 * `CrawlDays.prepareCrawlDays` on PostgreSQL: the partitions of `today` and the `aheadDays`
 * after it, then the drop of empty partitions of days before `frozenBefore`.
 */
export async function prepareCrawlDays(
  db: Kysely<Database>,
  today: string,
  aheadDays: number,
  frozenBefore: string,
): Promise<{ created: string[]; dropped: string[] }> {
  const created: string[] = [];
  for (let i = 0; i <= aheadDays; i++) {
    const day = addDays(today, i);
    if (await createPartition(db, day)) created.push(day);
  }
  const dropped: string[] = [];
  for (const day of await partitionDays(db)) {
    if (day >= frozenBefore) break;
    const empty = await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
      await sql`lock table crawl_events in share mode`.execute(trx);
      const { rows } = await sql<{ found: boolean }>`
        select exists (select 1 from ${sql.id(partitionName(day))}) as found`.execute(trx);
      if (rows[0]?.found !== false) return false;
      await detachAndDrop(trx, partitionName(day));
      return true;
    });
    if (empty) dropped.push(day);
  }
  return { created, dropped };
}

/** Splits ids into statement-sized chunks (duplicates removed: each row is counted once). */
function chunksOf(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += ID_CHUNK) out.push(unique.slice(i, i + ID_CHUNK));
  return out;
}

/**
 * How many rows of `table` each entry names (a domain's rows, or only its named ones), in one
 * statement: the named (entry, domain, id) triples and the whole-domain entries go as array
 * literals, joined against one scan of the partition.
 */
async function countNamed(db: Db, table: string, drops: readonly NamedRows[]): Promise<number[]> {
  const named: [number, string, string][] = [];
  const whole: [number, string][] = [];
  for (const [i, entry] of drops.entries()) {
    if (!entry.eventIds) whole.push([i, entry.domainId]);
    else for (const id of new Set(entry.eventIds)) named.push([i, entry.domainId, id]);
  }
  const t = sql.id(table);
  const { rows } = await sql<{ i: number; n: string }>`
    select n.i, count(*) as n from ${t} p
      join unnest(${arrayLiteral(named, 0)}::int[], ${arrayLiteral(named, 1)}::text[],
        ${arrayLiteral(named, 2)}::text[]) as n(i, d, e) on p.domain_id = n.d and p.event_id = n.e
      group by n.i
    union all
    select w.i, count(*) as n from ${t} p
      join unnest(${arrayLiteral(whole, 0)}::int[], ${arrayLiteral(whole, 1)}::text[]) as w(i, d)
        on p.domain_id = w.d
      group by w.i`.execute(db);
  const out = drops.map(() => 0);
  for (const r of rows) out[r.i] = (out[r.i] ?? 0) + Number(r.n);
  return out;
}

/** Rows stored in `table` now. */
async function rowCount(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Drops the day's partition when every row stored in it is named, and returns the rows each
 * entry had in it; `null` (nothing changed) when the day has no partition or holds a row no
 * entry names. The named rows are counted first, without a lock (one statement); then, with
 * writes of raw rows waiting (SHARE lock, reads go on until the detach), only the partition's
 * row count is read again: a row stored since the count makes it larger, and the partition
 * stays. (Rows of a frozen day are deleted only by the day close, one at a time per fleet, so
 * nothing else makes it smaller.) `afterCount` runs between the two (tests).
 */
async function dropWholePartition(
  db: Kysely<Database>,
  day: string,
  drops: readonly NamedRows[],
  afterCount?: () => Promise<void>,
): Promise<number[] | null> {
  const name = partitionName(day);
  if (!(await exists(db, name))) return null;
  const matched = await countNamed(db, name, drops);
  const total = matched.reduce((a, b) => a + b, 0);
  // An empty partition stays: a day still to come is kept ready (prepareCrawlDays drops the
  // empty ones of frozen days).
  if (total === 0) return null;
  await afterCount?.();
  return db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    await sql`lock table crawl_events in share mode`.execute(trx);
    if (!(await exists(trx, name))) return null;
    if ((await rowCount(trx, name)) !== total) return null;
    await detachAndDrop(trx, name);
    return matched;
  });
}

/** Deletes the named rows of a domain-day (whatever partition holds them); returns how many. */
async function deleteNamed(db: Kysely<Database>, day: string, named: NamedRows): Promise<number> {
  const { from, to } = dayBounds(day);
  const drop = async (where: ReturnType<typeof sql>) => {
    const result = await sql`delete from crawl_events where domain_id = ${named.domainId}
      and ts >= ${from} and ts < ${to} and ${where}`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  };
  if (!named.eventIds) return drop(sql`true`);
  let n = 0;
  for (const chunk of chunksOf(named.eventIds)) n += await drop(sql`event_id = any(${chunk})`);
  return n;
}

/**
 * `CrawlDays.dropFrozenDay` (and `dropDayCrawls`) on PostgreSQL: the day's partition goes whole
 * when it holds named rows only; then the named rows left — all of them when the partition
 * stays, else those in the default partition (a day's rows stored while it had no partition) —
 * are deleted. Each row is counted once: a dropped partition's rows are no longer there to
 * delete. Returns the rows dropped per entry. `afterCount`: run between the count of the named
 * rows and the lock that makes writes wait (tests).
 */
export async function dropNamedRows(
  db: Kysely<Database>,
  day: string,
  drops: readonly NamedRows[],
  afterCount?: () => Promise<void>,
): Promise<number[]> {
  const whole = await dropWholePartition(db, day, drops, afterCount);
  const out: number[] = [];
  for (const [i, named] of drops.entries())
    out.push((whole?.[i] ?? 0) + (await deleteNamed(db, day, named)));
  return out;
}
