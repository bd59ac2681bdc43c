import type { RateLimiter } from "@crawlgate/core";
import { decideRate, type RateCounters } from "@crawlgate/core/adapter-kit";
import type { KyselyHandle } from "./handle.js";
import { num } from "./schema.js";

/**
 * Per-subject counters in `rate_counters` (one row for the minute window, one for the month).
 * `consume` reads them under a row lock (PostgreSQL `FOR UPDATE`; SQLite serialises
 * transactions), lets core's `decideRate` decide, and writes back only an allowed request.
 */
export function createKyselyRateLimiter({ db, dialect }: KyselyHandle) {
  return {
    async consume(subject, limits, now) {
      return db.transaction().execute(async (trx) => {
        // Both rows must exist for FOR UPDATE to have something to lock.
        await trx
          .insertInto("rate_counters")
          .values([
            { subject, kind: "minute", window_start: now.getTime(), count: 0 },
            { subject, kind: "month", window_start: 0, count: 0 },
          ])
          .onConflict((oc) => oc.columns(["subject", "kind"]).doNothing())
          .execute();
        // Locked in one order ("minute" before "month"): without ORDER BY, the scan order of two
        // concurrent consumers may differ and PostgreSQL aborts one with "deadlock detected".
        const query = trx
          .selectFrom("rate_counters")
          .selectAll()
          .where("subject", "=", subject)
          .orderBy("kind");
        const rows = await (dialect === "postgres" ? query.forUpdate() : query).execute();
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
          const write = (kind: string, start: number, count: number) =>
            trx
              .updateTable("rate_counters")
              .set({ window_start: start, count })
              .where("subject", "=", subject)
              .where("kind", "=", kind)
              .execute();
          await write("minute", next.minuteStart, next.minuteCount);
          await write("month", next.monthStart, next.monthCount);
        }
        return decision;
      });
    },
  } satisfies RateLimiter;
}
