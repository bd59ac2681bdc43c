import {
  admitPath,
  type CountDeltas,
  type CountedCrawl,
  countCrawls,
  domainDayKey,
  OVERFLOW_PATH,
  upgradeCounts,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import {
  AGGREGATES,
  columnsOf,
  createStoredPaths,
  type DayPaths,
  EVENT_COLUMNS,
  EVENT_TYPES,
  eventValues,
  legacyOnly,
  newDayPaths,
  type StoredPaths,
  TIERED_TABLES,
  toCounted,
  upsertClause,
} from "../crawls/sql.js";
import type { CrawlWriter } from "../handle.js";
import type { Database } from "../schema.js";
// Each column goes as one array literal, built here in one pass (node-postgres's own
// serialization of array parameters took a large share of the main thread's time per batch).
import { arrayLiteral, columnLiterals as columns } from "./array-literal.js";

type Trx = Transaction<Database>;

async function query<R>(trx: Trx, sql: string, parameters: unknown[]): Promise<R[]> {
  return (await trx.executeQuery<R>(CompiledQuery.raw(sql, parameters))).rows;
}

/** `unnest($1::t1[], $2::t2[], …)` for the given element types. */
const unnest = (types: readonly string[]) =>
  `unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(", ")})`;

const UPSERTS = AGGREGATES.map((t) => {
  const types = columnsOf(t).map((_, i) => (i < t.keys.length ? "text" : "bigint"));
  return `insert into ${t.table} (${columnsOf(t).join(", ")}) select * from ${unnest(types)} ${upsertClause(t)}`;
});

/**
 * Raw rows are partitioned by day (0027), and a partitioned table's unique keys hold the
 * partition key: `(event_id, ts)`. An event id stays stored once through its claim: a row of
 * the unlogged `crawl_event_claims` (no WAL), inserted before the events and deleted right
 * after, in the same transaction. A concurrent batch claiming the same id waits on its unique
 * key until this transaction ends, so its `not exists` (a statement of its own, with a newer
 * snapshot) sees the committed row: an id replayed with another instant is a no-op, as the
 * contract says. The table is empty at rest. `offset 0` keeps the `not exists` a subplan, one
 * index probe per row (per partition: the instant is not known); pulled up, it became a hash
 * anti join reading every stored row of every partition on each batch.
 */
const CLAIM =
  "insert into crawl_event_claims (event_id) select * from unnest($1::text[]) on conflict do nothing";
const RELEASE = "delete from crawl_event_claims where event_id = any($1::text[])";
export const INSERT_EVENTS = `insert into crawl_events (${EVENT_COLUMNS.join(", ")})
  select * from ${unnest(EVENT_TYPES)} as u(${EVENT_COLUMNS.join(", ")})
  where not exists (select 1 from crawl_events e where e.event_id = u.event_id offset 0)
  on conflict (event_id, ts) do nothing returning event_id`;

/**
 * Locks the domain-days of the new events and admits their paths under the cap; returns the
 * domain-days (to remember their paths once committed). `storedPaths`: paths known to be stored.
 */
async function admit(
  trx: Trx,
  fresh: CountedCrawl[],
  cap: number,
  storedPaths: StoredPaths,
): Promise<DayPaths[]> {
  const days = new Map<string, DayPaths>();
  const wanted = new Map<string, [string, string, string]>();
  for (const c of fresh) {
    const key = domainDayKey(c.record.domainId, c.day);
    // One state per domain-day (not one per event, each with its sets, thrown away).
    if (!days.has(key)) days.set(key, newDayPaths(c.record.domainId, c.day, 0));
    if (!storedPaths.has(c.record.domainId, c.day, c.record.path))
      wanted.set(`${key}\0${c.record.path}`, [c.record.domainId, c.day, c.record.path]);
  }
  const dayRows = [...days.values()].map((d) => [d.domainId, d.day]);
  const dayColumns = columns(dayRows, 2);
  await query(
    trx,
    `insert into crawl_day_stats (domain_id, day, path_count) select d, y, 0 from ${unnest(["text", "text"])} as u(d, y) on conflict do nothing`,
    dayColumns,
  );
  const counts = await query<{ domain_id: string; day: string; path_count: number }>(
    trx,
    `select s.domain_id, s.day, s.path_count from crawl_day_stats s join ${unnest(["text", "text"])} as u(d, y) on s.domain_id = u.d and s.day = u.y order by s.domain_id, s.day for update of s`,
    dayColumns,
  );
  for (const r of counts)
    (days.get(domainDayKey(r.domain_id, r.day)) as DayPaths).count = r.path_count;
  const stored = new Set<string>();
  const known =
    wanted.size === 0
      ? []
      : await query<{ domain_id: string; day: string; path: string }>(
          trx,
          `select p.domain_id, p.day, p.path from crawl_day_paths p join ${unnest(["text", "text", "text"])} as u(d, y, p) on p.domain_id = u.d and p.day = u.y and p.path = u.p`,
          columns([...wanted.values()], 3),
        );
  for (const r of known) stored.add(`${domainDayKey(r.domain_id, r.day)}\0${r.path}`);
  const overflowed: string[] = [];
  for (const c of fresh) {
    const prefix = domainDayKey(c.record.domainId, c.day);
    c.path = admitPath(
      days.get(prefix) as DayPaths,
      c.record.path,
      cap,
      (p) => storedPaths.has(c.record.domainId, c.day, p) || stored.has(`${prefix}\0${p}`),
    );
    if (c.path !== c.record.path) overflowed.push(c.record.eventId);
  }
  const changed = [...days.values()].filter((d) => d.admitted.length > 0);
  if (changed.length === 0) return [...days.values()];
  await query(
    trx,
    `insert into crawl_day_paths (domain_id, day, path) select * from ${unnest(["text", "text", "text"])}`,
    columns(
      changed.flatMap((d) => d.admitted.map((p) => [d.domainId, d.day, p])),
      3,
    ),
  );
  await query(
    trx,
    `update crawl_day_stats s set path_count = u.c from ${unnest(["text", "text", "int"])} as u(d, y, c) where s.domain_id = u.d and s.day = u.y`,
    columns(
      changed.map((d) => [d.domainId, d.day, d.count]),
      3,
    ),
  );
  if (overflowed.length > 0)
    await query(trx, "update crawl_events set agg_path = $1 where event_id = any($2::text[])", [
      OVERFLOW_PATH,
      overflowed,
    ]);
  return [...days.values()];
}

/**
 * PostgreSQL writes, a fixed number of statements per batch whatever its size: every statement
 * takes its rows as arrays through `unnest`. Events: `ON CONFLICT DO NOTHING RETURNING event_id`
 * says which are new; the day rows of the path cap are locked `FOR UPDATE` in key order before
 * new paths are admitted; each aggregate gets one upsert of its distinct keys (sorted, so
 * concurrent batches lock rows in one order).
 */
export function createPostgresCrawlWriter(db: Kysely<Database>): CrawlWriter {
  async function apply(trx: Trx, deltas: CountDeltas): Promise<void> {
    for (const [i, t] of AGGREGATES.entries()) {
      const rows = t.rows(deltas);
      if (rows.length > 0)
        await query(trx, UPSERTS[i] as string, columns(rows, columnsOf(t).length));
    }
  }

  const storedPaths = createStoredPaths();

  return {
    async append(batch, cap) {
      const unique = new Map<string, CountedCrawl>();
      for (const record of batch)
        if (!unique.has(record.eventId))
          unique.set(record.eventId, { record, day: utcDay(record.ts), path: record.path });
      if (unique.size === 0) return 0;
      const { inserted, days } = await db.transaction().execute(async (trx) => {
        // Inserted in eventId order, so overlapping concurrent batches wait for each other's
        // rows in one order instead of deadlocking.
        const rows = [...unique.values()]
          .sort((a, b) => (a.record.eventId < b.record.eventId ? -1 : 1))
          .map((c) => eventValues(c.record, c.day));
        const eventIds = arrayLiteral(rows, 0);
        await query(trx, CLAIM, [eventIds]);
        const inserted = await query<{ event_id: string }>(
          trx,
          INSERT_EVENTS,
          columns(rows, EVENT_COLUMNS.length),
        );
        await query(trx, RELEASE, [eventIds]);
        const ids = new Set(inserted.map((r) => r.event_id));
        const fresh = [...unique.values()].filter((c) => ids.has(c.record.eventId));
        if (fresh.length === 0) return { inserted: 0, days: [] };
        const days = await admit(trx, fresh, cap, storedPaths);
        await apply(trx, countCrawls(fresh));
        return { inserted: fresh.length, days };
      });
      storedPaths.remember(days);
      return inserted;
    },
    upgrade(eventId, botOperator, matchedRange) {
      return db.transaction().execute(async (trx) => {
        const [row] = await query<Parameters<typeof toCounted>[0]>(
          trx,
          "update crawl_events set verdict = 'verified', bot_operator = $1, matched_range = $2 where event_id = $3 and verdict = 'declared' returning *",
          [botOperator, matchedRange, eventId],
        );
        if (!row) return false;
        await apply(trx, upgradeCounts(toCounted(row)));
        for (const table of TIERED_TABLES)
          await query(trx, `delete from ${table} where domain_id = $1 and day = $2 and count = 0`, [
            row.domain_id,
            row.day,
          ]);
        return true;
      });
    },
    async addLegacy(rows) {
      await db.transaction().execute((trx) => apply(trx, legacyOnly(rows)));
    },
  };
}
