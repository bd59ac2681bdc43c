import {
  MINUTE_MS,
  nextUtcMonthStart,
  type RateDecision,
  type RateLimiter,
  retryAfterSeconds as retryAfter,
  utcMonthStart,
} from "@crawlgate/core/adapter-kit";
import type { Redis } from "ioredis";
import { luaScript } from "./script.js";

/**
 * One decision, atomically, in Redis (the same rules as core's `decideRate`). KEYS[1] is the
 * subject's minute hash {s = window start, c = count}; KEYS[2] the subject's counter for the UTC
 * month of `now`, KEYS[3] for the month after it. ARGV: now (epoch ms), per-minute limit, monthly
 * limit (-1 = unlimited), start of the month after now's, start of the month after that.
 * A request stamped less than a window before the stored minute began counts in it, and one
 * stamped less than a minute before a month that a later-stamped request opened counts in that
 * month (it read the clock, then a later request reached Redis first). A refused request writes
 * nothing. Both keys expire by themselves: the minute when its window ends, a month a day after
 * it ends.
 * Returns {allowed (1/0), reason (0 none, 1 minute, 2 month), minute start, minute count, month
 * count, 1 when the month counted is the next one}.
 */
const CONSUME = luaScript(`
local t = tonumber(ARGV[1])
local per_minute = tonumber(ARGV[2])
local monthly = tonumber(ARGV[3])
local next_month = tonumber(ARGV[4])
local m = redis.call('HMGET', KEYS[1], 's', 'c')
local start = tonumber(m[1])
local count = tonumber(m[2]) or 0
if start == nil or t >= start + ${MINUTE_MS} or t <= start - ${MINUTE_MS} then
  start = t
  count = 0
end
local month_key = KEYS[2]
local month_end = next_month
local later = 0
if t > next_month - ${MINUTE_MS} and redis.call('EXISTS', KEYS[3]) == 1 then
  month_key = KEYS[3]
  month_end = tonumber(ARGV[5])
  later = 1
end
local month = tonumber(redis.call('GET', month_key) or '0')
if count >= per_minute then return {0, 1, start, count, month, later} end
if monthly >= 0 and month >= monthly then return {0, 2, start, count, month, later} end
count = count + 1
month = month + 1
redis.call('HSET', KEYS[1], 's', start, 'c', count)
redis.call('PEXPIRE', KEYS[1], start + ${MINUTE_MS} - t)
redis.call('SET', month_key, month, 'PX', month_end - t + 86400000)
return {1, 0, start, count, month, later}
`);

/** The script's answer: allowed, reason, minute start, minute count, month count, later month. */
type Reply = [number, number, number, number, number, number];

/**
 * Per-user limits shared by every instance: one Lua script per `consume` (no read-then-write
 * from the client), keys under `prefix`. `now` comes from the caller, as for every adapter.
 * Rejects when Redis does not answer within the client's command timeout.
 */
export function createRedisRateLimiter(client: Redis, prefix: string) {
  return {
    async consume(subject, limits, now) {
      const month = utcMonthStart(now);
      const next = nextUtcMonthStart(now);
      const reply = (await CONSUME.run(
        client,
        [
          `${prefix}rl:m:${subject}`,
          `${prefix}rl:M:${subject}:${month}`,
          `${prefix}rl:M:${subject}:${next}`,
        ],
        [
          now.getTime(),
          limits.perMinute,
          limits.monthly ?? -1,
          next,
          nextUtcMonthStart(new Date(next)),
        ],
      )) as Reply;
      return toDecision(reply, limits.perMinute, limits.monthly, now);
    },
  } satisfies RateLimiter;
}

function toDecision(
  [allowed, reason, start, count, month, later]: Reply,
  perMinute: number,
  monthly: number | null,
  now: Date,
): RateDecision {
  if (allowed === 1) return { allowed: true, minuteUsage: count, monthUsage: month };
  if (reason === 1) {
    return {
      allowed: false,
      reason: "per_minute",
      usage: count,
      limit: perMinute,
      retryAfterSeconds: retryAfter(start + MINUTE_MS, now),
    };
  }
  return {
    allowed: false,
    reason: "monthly",
    usage: month,
    limit: monthly ?? 0,
    retryAfterSeconds: retryAfter(
      nextUtcMonthStart(later === 1 ? new Date(nextUtcMonthStart(now)) : now),
      now,
    ),
  };
}
