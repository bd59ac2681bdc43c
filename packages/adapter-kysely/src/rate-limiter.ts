import { decideRate, type RateCounters, type RateLimiter } from "@crawlgate/core/adapter-kit";
import { sql, type Transaction } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, num } from "./schema.js";

/**
 * Per-subject counters in `rate_counters` (one row for the minute window, one for the month).
 * `consume` is one transaction: lock the subject's rows (PostgreSQL `FOR UPDATE`, "minute" before
 * "month", so two consumers never lock them in opposite orders: no deadlock; on SQLite the
 * transaction's first write takes the file's write lock, waiting out other processes up to the
 * busy timeout), create them when missing, let core's `decideRate` decide, and write back both
 * windows of an allowed request in one UPDATE. Four round trips when the rows exist.
 */
export function createKyselyRateLimiter({ db, dialect, lockRows }: KyselyHandle) {
  const lockCounters = async (trx: Transaction<Database>, subject: string) => {
    const query = trx
      .selectFrom("rate_counters")
      .selectAll()
      .where("subject", "=", subject)
      .orderBy("kind");
    return lockRows(query).execute();
  };
  return {
    async consume(subject, limits, now) {
      return db.transaction().execute(async (trx) => {
        // SQLite: begin with a write, so the read below already holds the write lock.
        if (dialect === "sqlite") await createRows(trx, subject, now);
        let rows = await lockCounters(trx, subject);
        if (rows.length < 2) {
          // A new subject: FOR UPDATE needs rows to lock.
          await createRows(trx, subject, now);
          rows = await lockCounters(trx, subject);
        }
        const minute = rows.find((r) => r.kind === "minute");
        const month = rows.find((r) => r.kind === "month");
        const stored: RateCounters = {
          minuteStart: minute ? num(minute.window_start) : now.getTime(),
          minuteCount: minute ? Number(minute.count) : 0,
          monthStart: month ? num(month.window_start) : 0,
          monthCount: month ? Number(month.count) : 0,
        };
        const { decision, next } = decideRate(stored, limits, now);
        if (next) {
          // Typed, so PostgreSQL does not read the CASE's parameters as text.
          const byKind = (m: number, n: number) =>
            sql<number>`case when kind = 'minute' then cast(${m} as bigint) else cast(${n} as bigint) end`;
          await trx
            .updateTable("rate_counters")
            .set({
              window_start: byKind(next.minuteStart, next.monthStart),
              count: byKind(next.minuteCount, next.monthCount),
            })
            .where("subject", "=", subject)
            .where("kind", "in", ["minute", "month"])
            .execute();
        }
        return decision;
      });
    },
  } satisfies RateLimiter;
}

/** The subject's two rows, when missing (a fresh window and an empty month). */
function createRows(trx: Transaction<Database>, subject: string, now: Date) {
  return trx
    .insertInto("rate_counters")
    .values([
      { subject, kind: "minute", window_start: now.getTime(), count: 0 },
      { subject, kind: "month", window_start: 0, count: 0 },
    ])
    .onConflict((oc) => oc.columns(["subject", "kind"]).doNothing())
    .execute();
}
