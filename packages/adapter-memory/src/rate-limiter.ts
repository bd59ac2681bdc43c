import { decideRate, type RateCounters, type RateLimiter } from "@crawlgate/core/adapter-kit";

/** Per-subject counters in a map; the decision itself is core's `decideRate`. */
export function createMemoryRateLimiter() {
  const subjects = new Map<string, RateCounters>();
  return {
    async consume(subject, limits, now) {
      const { decision, next } = decideRate(subjects.get(subject) ?? null, limits, now);
      if (next) subjects.set(subject, next);
      return decision;
    },
  } satisfies RateLimiter;
}
