import {
  MINUTE_MS,
  nextUtcMonthStart,
  type RateLimiter,
  retryAfterSeconds,
  utcMonthStart,
} from "@crawlgate/core";
import type { Kysely } from "kysely";
import type { KyselyHandle } from "./database.js";
import { type Database, num } from "./schema.js";

/**
 * Per-subject counters in `rate_counters`: one row for the minute window (started by the first
 * request) and one for the UTC month. `consume` reads, decides and writes both rows in one
 * transaction holding row locks (PostgreSQL `FOR UPDATE`; SQLite serialises transactions).
 */
export function createKyselyRateLimiter({ db, dialect }: KyselyHandle) {
  const counters = async (trx: Kysely<Database>, subject: string) => {
    const query = trx.selectFrom("rate_counters").selectAll().where("subject", "=", subject);
    const rows = await (dialect === "postgres" ? query.forUpdate() : query).execute();
    const find = (kind: string) => rows.find((r) => r.kind === kind);
    return { minute: find("minute"), month: find("month") };
  };

  return {
    async consume(subject, limits, now) {
      const t = now.getTime();
      const monthStart = utcMonthStart(now);
      return db.transaction().execute(async (trx) => {
        // Make sure both rows exist, so that FOR UPDATE has something to lock.
        await trx
          .insertInto("rate_counters")
          .values([
            { subject, kind: "minute", window_start: t, count: 0 },
            { subject, kind: "month", window_start: monthStart, count: 0 },
          ])
          .onConflict((oc) => oc.columns(["subject", "kind"]).doNothing())
          .execute();
        const { minute, month } = await counters(trx, subject);
        let minuteStart = minute ? num(minute.window_start) : t;
        let minuteCount = minute ? Number(minute.count) : 0;
        if (t >= minuteStart + MINUTE_MS || t < minuteStart) {
          minuteStart = t;
          minuteCount = 0;
        }
        let monthCount = month && num(month.window_start) === monthStart ? Number(month.count) : 0;

        if (minuteCount >= limits.perMinute) {
          return {
            allowed: false,
            reason: "per_minute",
            usage: minuteCount,
            limit: limits.perMinute,
            retryAfterSeconds: retryAfterSeconds(minuteStart + MINUTE_MS, now),
          } as const;
        }
        if (limits.monthly !== null && monthCount >= limits.monthly) {
          return {
            allowed: false,
            reason: "monthly",
            usage: monthCount,
            limit: limits.monthly,
            retryAfterSeconds: retryAfterSeconds(nextUtcMonthStart(now), now),
          } as const;
        }
        minuteCount += 1;
        monthCount += 1;
        await trx
          .updateTable("rate_counters")
          .set({ window_start: minuteStart, count: minuteCount })
          .where("subject", "=", subject)
          .where("kind", "=", "minute")
          .execute();
        await trx
          .updateTable("rate_counters")
          .set({ window_start: monthStart, count: monthCount })
          .where("subject", "=", subject)
          .where("kind", "=", "month")
          .execute();
        return { allowed: true, minuteUsage: minuteCount, monthUsage: monthCount } as const;
      });
    },
  } satisfies RateLimiter;
}
