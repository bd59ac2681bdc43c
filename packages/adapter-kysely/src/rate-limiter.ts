import {
  decideRate,
  MINUTE_MS,
  type RateDecision,
  type RateLimiter,
  type RateLimits,
  utcMonthStart,
} from "@crawlgate/core/adapter-kit";
import { CompiledQuery, type Kysely, type RawBuilder, sql } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, num } from "./schema.js";

/**
 * Per-subject windows in `rate_windows` (one row: the minute window and the UTC month). A
 * decision is one UPDATE of that row whose SET expressions are core's `decideRate` written in SQL,
 * in a transaction (begin, UPDATE, commit: the row is locked from the UPDATE to the commit, one
 * round trip), and a subject's decisions are serialized by the row. An allowed
 * request writes its counts; a refused one writes the row back unchanged with `allowed = 0`, and
 * the refusal (which window, its usage, Retry-After) is then `decideRate` on the row it read,
 * which is the row it left. The statement is compiled once per store. A subject's first request inserts the row (as `decideRate` reads a
 * missing one) and updates it: two statements, once per subject. The differential suite runs
 * random sequences through this and `decideRate` on both engines.
 */
export function createKyselyRateLimiter({ db }: KyselyHandle) {
  const decide = compileDecision(db);
  return {
    consume: (subject, limits, now) =>
      // In a transaction, though one statement decides: a caller that gave up on a hung database
      // (its request answered 503) never commits, so the statement the database runs once it
      // wakes counts nothing. Autocommitted, every abandoned request would count on resume.
      db.transaction().execute(async (trx) => {
        let row = await decide(trx, subject, limits, now);
        if (row === undefined) {
          await trx
            .insertInto("rate_windows")
            .values({
              subject,
              minute_start: now.getTime(),
              minute_count: 0,
              month_start: 0,
              month_count: 0,
            })
            .onConflict((oc) => oc.column("subject").doNothing())
            .execute();
          row = await decide(trx, subject, limits, now);
          if (row === undefined) throw new Error(`rate window of ${subject} vanished`);
        }
        return decisionOf(row, subject, limits, now);
      }),
  } satisfies RateLimiter;
}

/** The decision of the row the UPDATE returned (a refusal left it as it read it). */
function decisionOf(row: WindowRow, subject: string, limits: RateLimits, now: Date): RateDecision {
  const stored = {
    minuteStart: num(row.minute_start),
    minuteCount: Number(row.minute_count),
    monthStart: num(row.month_start),
    monthCount: Number(row.month_count),
  };
  if (Number(row.allowed) === 1)
    return { allowed: true, minuteUsage: stored.minuteCount, monthUsage: stored.monthCount };
  const { decision } = decideRate(stored, limits, now);
  if (decision.allowed) throw new Error(`rate window of ${subject}: SQL and decideRate differ`);
  return decision;
}

type WindowRow = Omit<Database["rate_windows"], "subject" | "allowed"> & { allowed: number };

/**
 * The UPDATE that decides one request (`undefined`: the subject has no row yet), compiled once:
 * it is built with a stand-in for each value, and a call puts its values in their places.
 */
function compileDecision(db: Kysely<Database>) {
  const SUBJECT = "\u0000subject";
  const [T, MONTH, PER_MINUTE, MONTHLY] = [-1_000_001, -1_000_002, -1_000_003, -1_000_004];
  const t = big(T);
  const minute = sql.lit(MINUTE_MS);
  // The minute window restarts when `now` is a window past its start, or a window before it.
  const restart = sql<boolean>`(${t} >= minute_start + ${minute} or ${t} <= minute_start - ${minute})`;
  const minuteStart = sql<number>`case when ${restart} then ${t} else minute_start end`;
  const minuteCount = sql<number>`case when ${restart} then 0 else minute_count end`;
  // A month a later-stamped request opened (less than a minute ahead) stays the month.
  const month = sql<number>`case when month_start > ${t} and month_start - ${t} < ${minute} then month_start else ${big(MONTH)} end`;
  const monthCount = sql<number>`case when month_start = ${month} then month_count else 0 end`;
  const monthly = big(MONTHLY);
  const allowed = sql<boolean>`(${minuteCount} < ${big(PER_MINUTE)} and (${monthly} < 0 or ${monthCount} < ${monthly}))`;
  const pick = (then: RawBuilder<number>, otherwise: string) =>
    sql<number>`case when ${allowed} then ${then} else ${sql.ref(otherwise)} end`;
  // Compiled once with the database's dialect; each call runs it on the caller's transaction.
  const compiled = db
    .updateTable("rate_windows")
    .set({
      minute_start: pick(minuteStart, "minute_start"),
      minute_count: pick(sql<number>`${minuteCount} + 1`, "minute_count"),
      month_start: pick(month, "month_start"),
      month_count: pick(sql<number>`${monthCount} + 1`, "month_count"),
      allowed: sql<number>`case when ${allowed} then 1 else 0 end`,
    })
    .where("subject", "=", SUBJECT)
    .returning(["minute_start", "minute_count", "month_start", "month_count", "allowed"])
    .compile();
  const slots = compiled.parameters.map((p) =>
    [SUBJECT, T, MONTH, PER_MINUTE, MONTHLY].indexOf(p as never),
  );
  if (slots.includes(-1)) throw new Error("rate decision: a parameter without a slot");
  return async (on: Kysely<Database>, subject: string, limits: RateLimits, now: Date) => {
    const values = [
      subject,
      now.getTime(),
      utcMonthStart(now),
      limits.perMinute,
      limits.monthly ?? -1,
    ];
    const query = CompiledQuery.raw(
      compiled.sql,
      slots.map((i) => values[i]),
    );
    const { rows } = await on.executeQuery<WindowRow>(query);
    return rows[0];
  };
}

/** A parameter typed as BIGINT (PostgreSQL would otherwise read a CASE's parameters as text). */
const big = (n: number) => sql<number>`cast(${n} as bigint)`;
