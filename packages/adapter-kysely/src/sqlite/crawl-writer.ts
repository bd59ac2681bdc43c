import {
  admitPath,
  type CountDeltas,
  type CountedCrawl,
  type CrawlRecord,
  countCrawls,
  type LegacyDelta,
  upgradeCounts,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import type Sqlite from "better-sqlite3";
import type { Kysely } from "kysely";
import {
  AGGREGATES,
  columnsOf,
  createStoredPaths,
  type DayPaths,
  EVENT_COLUMNS,
  eventValues,
  legacyOnly,
  newDayPaths,
  TIERED_TABLES,
  toCounted,
} from "../crawls/sql.js";
import type { CrawlWriter } from "../handle.js";
import type { Database } from "../schema.js";

const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

function prepare(database: Sqlite.Database) {
  const statement = (sql: string) => database.prepare(sql);
  return {
    insertEvent: statement(
      `insert into crawl_events (${EVENT_COLUMNS.join(", ")}) values (${marks(EVENT_COLUMNS.length)}) on conflict (event_id) do nothing`,
    ),
    touchDay: statement(
      "insert into crawl_day_stats (domain_id, day, path_count) values (?, ?, 0) on conflict do nothing",
    ),
    dayCount: statement(
      "select path_count from crawl_day_stats where domain_id = ? and day = ?",
    ).pluck(),
    pathStored: statement(
      "select 1 from crawl_day_paths where domain_id = ? and day = ? and path = ?",
    ).pluck(),
    addPath: statement("insert into crawl_day_paths (domain_id, day, path) values (?, ?, ?)"),
    setDayCount: statement(
      "update crawl_day_stats set path_count = ? where domain_id = ? and day = ?",
    ),
    overflow: statement("update crawl_events set agg_path = ? where event_id = ?"),
    // Update first, insert when no row changed: cheaper than an upsert when the key exists,
    // and safe because the transaction holds SQLite's write lock.
    updates: AGGREGATES.map((t) => {
      const sets = t.sums.map((c) => `${c} = ${c} + ?`);
      if (t.max) sets.push(`${t.max} = max(${t.max}, ?)`);
      const where = t.keys.map((k) => `${k} = ?`).join(" and ");
      return statement(`update ${t.table} set ${sets.join(", ")} where ${where}`);
    }),
    inserts: AGGREGATES.map((t) =>
      statement(
        `insert into ${t.table} (${columnsOf(t).join(", ")}) values (${marks(columnsOf(t).length)})`,
      ),
    ),
    upgrade: statement(
      "update crawl_events set verdict = 'verified', bot_operator = ?, matched_range = ? where event_id = ? and verdict = 'declared' returning *",
    ),
    dropZero: TIERED_TABLES.map((table) =>
      statement(`delete from ${table} where domain_id = ? and day = ? and count = 0`),
    ),
  };
}

/** The writes of one SQLite connection, synchronous (each one `BEGIN IMMEDIATE` transaction). */
export interface SqliteWrites {
  append(batch: readonly CrawlRecord[], pathCap: number): number;
  upgrade(eventId: string, botOperator: string | null, matchedRange: string | null): boolean;
  addLegacy(rows: LegacyDelta[]): void;
}

/**
 * SQLite writes through better-sqlite3 statements prepared once (on first use) and reused; each
 * call is one synchronous `BEGIN IMMEDIATE` transaction. Events are inserted one statement each
 * (`changes` says which are new); each distinct aggregate key is updated in place, or inserted
 * when no row changed. Run by the in-thread writer and by the writer thread alike.
 */
export function createSqliteWrites(database: Sqlite.Database): SqliteWrites {
  let cached: ReturnType<typeof prepare> | null = null;
  const s = () => {
    cached ??= prepare(database);
    return cached;
  };

  function apply(deltas: CountDeltas): void {
    const st = s();
    AGGREGATES.forEach((t, i) => {
      const update = st.updates[i] as Sqlite.Statement;
      const insert = st.inserts[i] as Sqlite.Statement;
      const k = t.keys.length;
      for (const values of t.rows(deltas)) {
        const changed = update.run(...values.slice(k), ...values.slice(0, k)).changes;
        if (changed === 0) insert.run(values);
      }
    });
  }

  const stored = createStoredPaths();

  const append = database.transaction((batch: readonly CrawlRecord[], cap: number) => {
    const st = s();
    /** domainId → day → path-cap state (nested: no key string per event). */
    const domains = new Map<string, Map<string, DayPaths & { isStored: (p: string) => boolean }>>();
    const added: CountedCrawl[] = [];
    for (const record of batch) {
      const day = utcDay(record.ts);
      if (st.insertEvent.run(eventValues(record, day)).changes === 0) continue;
      const { domainId } = record;
      let byDay = domains.get(domainId);
      if (!byDay) {
        byDay = new Map();
        domains.set(domainId, byDay);
      }
      let state = byDay.get(day);
      if (!state) {
        st.touchDay.run(domainId, day);
        const known = stored.of(domainId, day);
        state = {
          ...newDayPaths(domainId, day, st.dayCount.get(domainId, day) as number),
          isStored: (p) => known.has(p) || st.pathStored.get(domainId, day, p) !== undefined,
        };
        byDay.set(day, state);
      }
      const path = admitPath(state, record.path, cap, state.isStored);
      if (path !== record.path) st.overflow.run(path, record.eventId);
      added.push({ record, day, path });
    }
    const days = [...domains.values()].flatMap((byDay) => [...byDay.values()]);
    for (const state of days) {
      if (state.admitted.length === 0) continue;
      for (const p of state.admitted) st.addPath.run(state.domainId, state.day, p);
      st.setDayCount.run(state.count, state.domainId, state.day);
    }
    // One writer at a time: no lock order to keep, so the rows need no sort.
    apply(countCrawls(added, { sorted: false }));
    return { inserted: added.length, days };
  });

  const upgrade = database.transaction(
    (eventId: string, botOperator: string | null, matchedRange: string | null) => {
      const row = s().upgrade.get(botOperator, matchedRange, eventId) as
        | Parameters<typeof toCounted>[0]
        | undefined;
      if (!row) return false;
      apply(upgradeCounts(toCounted(row)));
      for (const drop of s().dropZero) drop.run(row.domain_id, row.day);
      return true;
    },
  );

  const addLegacy = database.transaction((rows: LegacyDelta[]) => apply(legacyOnly(rows)));

  return {
    append(batch, cap) {
      const { inserted, days } = append.immediate(batch, cap);
      stored.remember(days);
      return inserted;
    },
    upgrade: (eventId, botOperator, matchedRange) =>
      upgrade.immediate(eventId, botOperator, matchedRange),
    addLegacy: (rows) => addLegacy.immediate(rows),
  };
}

/**
 * The in-thread writer: the transactions of `createSqliteWrites` on the handle's own connection,
 * run while holding Kysely's connection (so no Kysely query interleaves).
 */
export function createSqliteCrawlWriter(
  database: Sqlite.Database,
  db: Kysely<Database>,
): CrawlWriter {
  const writes = createSqliteWrites(database);
  /** Runs a transaction while holding Kysely's single connection. */
  const locked = <T>(fn: () => T): Promise<T> => db.connection().execute(async () => fn());
  return {
    append: (batch, cap) => locked(() => writes.append(batch, cap)),
    upgrade: (eventId, botOperator, matchedRange) =>
      locked(() => writes.upgrade(eventId, botOperator, matchedRange)),
    addLegacy: (rows) => locked(() => writes.addLegacy(rows)),
  };
}
