import type { RateDecision, RateLimits } from "../ports/index.js";
import { MINUTE_MS, nextUtcMonthStart, retryAfterSeconds, utcMonthStart } from "./rate-windows.js";

/** A subject's stored counters (epoch milliseconds for window starts). */
export interface RateCounters {
  minuteStart: number;
  minuteCount: number;
  monthStart: number;
  monthCount: number;
}

/**
 * The whole rate-limit decision, shared by every `RateLimiter` adapter so they cannot drift:
 * roll the windows forward, check the minute then the month, and count the request only when
 * allowed. Adapters load `stored`, call this under their lock, and persist `next` when it is not
 * `null`.
 */
export function decideRate(
  stored: RateCounters | null,
  limits: RateLimits,
  now: Date,
): { decision: RateDecision; next: RateCounters | null } {
  const t = now.getTime();
  let minuteStart = stored?.minuteStart ?? t;
  let minuteCount = stored?.minuteCount ?? 0;
  // A request stamped a little before the stored window began counts in that window. It read the
  // clock, then waited for the lock while a later-stamped request opened the window (or another
  // instance's clock runs a little ahead): restarting the window for it would hand out the whole
  // limit again (two `serve` processes admitted 52 to 71 of 80 requests against 50). A stamp a
  // full window or more before it is a clock that really moved back: the window restarts.
  if (t >= minuteStart + MINUTE_MS || t <= minuteStart - MINUTE_MS) {
    minuteStart = t;
    minuteCount = 0;
  }
  // Likewise at a month boundary: a month a later-stamped request opened stays the month.
  const storedMonth = stored?.monthStart ?? 0;
  const month = storedMonth > t && storedMonth - t < MINUTE_MS ? storedMonth : utcMonthStart(now);
  const monthCount = stored && stored.monthStart === month ? stored.monthCount : 0;

  if (minuteCount >= limits.perMinute) {
    return {
      decision: {
        allowed: false,
        reason: "per_minute",
        usage: minuteCount,
        limit: limits.perMinute,
        retryAfterSeconds: retryAfterSeconds(minuteStart + MINUTE_MS, now),
      },
      next: null,
    };
  }
  if (limits.monthly !== null && monthCount >= limits.monthly) {
    return {
      decision: {
        allowed: false,
        reason: "monthly",
        usage: monthCount,
        limit: limits.monthly,
        retryAfterSeconds: retryAfterSeconds(nextUtcMonthStart(new Date(month)), now),
      },
      next: null,
    };
  }
  const next = {
    minuteStart,
    minuteCount: minuteCount + 1,
    monthStart: month,
    monthCount: monthCount + 1,
  };
  return {
    decision: { allowed: true, minuteUsage: next.minuteCount, monthUsage: next.monthCount },
    next,
  };
}
