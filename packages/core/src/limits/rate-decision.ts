import type { RateDecision, RateLimits } from "../ports.js";
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
  const month = utcMonthStart(now);
  let minuteStart = stored?.minuteStart ?? t;
  let minuteCount = stored?.minuteCount ?? 0;
  if (t >= minuteStart + MINUTE_MS || t < minuteStart) {
    minuteStart = t;
    minuteCount = 0;
  }
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
        retryAfterSeconds: retryAfterSeconds(nextUtcMonthStart(now), now),
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
