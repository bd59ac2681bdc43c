import {
  MINUTE_MS,
  nextUtcMonthStart,
  type RateLimiter,
  retryAfterSeconds,
  utcMonthStart,
} from "@crawlgate/core";

interface Counters {
  minuteStart: number;
  minuteCount: number;
  monthStart: number;
  monthCount: number;
}

/** Fixed per-minute window from the first request, and a UTC-month quota, per subject. */
export function createMemoryRateLimiter() {
  const subjects = new Map<string, Counters>();
  return {
    async consume(subject, limits, now) {
      const t = now.getTime();
      const month = utcMonthStart(now);
      const c = subjects.get(subject) ?? {
        minuteStart: t,
        minuteCount: 0,
        monthStart: month,
        monthCount: 0,
      };
      if (t >= c.minuteStart + MINUTE_MS || t < c.minuteStart) {
        c.minuteStart = t;
        c.minuteCount = 0;
      }
      if (c.monthStart !== month) {
        c.monthStart = month;
        c.monthCount = 0;
      }
      subjects.set(subject, c);
      if (c.minuteCount >= limits.perMinute) {
        return {
          allowed: false,
          reason: "per_minute",
          usage: c.minuteCount,
          limit: limits.perMinute,
          retryAfterSeconds: retryAfterSeconds(c.minuteStart + MINUTE_MS, now),
        };
      }
      if (limits.monthly !== null && c.monthCount >= limits.monthly) {
        return {
          allowed: false,
          reason: "monthly",
          usage: c.monthCount,
          limit: limits.monthly,
          retryAfterSeconds: retryAfterSeconds(nextUtcMonthStart(now), now),
        };
      }
      c.minuteCount += 1;
      c.monthCount += 1;
      return { allowed: true, minuteUsage: c.minuteCount, monthUsage: c.monthCount };
    },
  } satisfies RateLimiter;
}
