import type { Logger, RateDecision, RateLimiter } from "../ports/index.js";

export interface FallbackRateLimiterOptions {
  /** The shared limiter (Redis). */
  primary: RateLimiter;
  /** The durable store's limiter, used while the primary fails. */
  fallback: RateLimiter;
  logger: Logger;
  /** While degraded, the primary is tried again at most this often (by the requests' `now`); default 5 s. */
  probeMs?: number;
}

/** Counters of a `createFallbackRateLimiter`, for logs, health checks and metrics. */
export interface FallbackRateLimiterStats {
  /** `true` while decisions come from the fallback. */
  degraded: boolean;
  /** Decisions the fallback made since start. */
  fallbackDecisions: number;
  /** Times the primary failed after answering (or at start). */
  degradedTransitions: number;
}

/**
 * A rate limiter that asks the primary and, when it fails (throws or times out), decides with
 * the fallback instead, so that callers always get a decision. The first failure logs
 * `rate_limiter.degraded` (warn); while degraded the primary is skipped and tried again once
 * every `probeMs`; its first answer logs `rate_limiter.recovered` and decisions go back to it.
 * One line per transition, none per request. The two limiters count apart: a minute that spans
 * a transition may admit up to the limit on each.
 */
export function createFallbackRateLimiter(options: FallbackRateLimiterOptions) {
  const { primary, fallback, logger } = options;
  const probeMs = options.probeMs ?? 5000;
  const stats: FallbackRateLimiterStats = {
    degraded: false,
    fallbackDecisions: 0,
    degradedTransitions: 0,
  };
  let nextProbe = 0;

  const useFallback = (
    subject: string,
    limits: Parameters<RateLimiter["consume"]>[1],
    now: Date,
  ) => {
    stats.fallbackDecisions++;
    return fallback.consume(subject, limits, now);
  };

  return {
    async consume(subject, limits, now): Promise<RateDecision> {
      if (stats.degraded && now.getTime() < nextProbe) return useFallback(subject, limits, now);
      try {
        const decision = await primary.consume(subject, limits, now);
        if (stats.degraded) {
          stats.degraded = false;
          logger.info("rate_limiter.recovered", { fallbackDecisions: stats.fallbackDecisions });
        }
        return decision;
      } catch (error) {
        nextProbe = now.getTime() + probeMs;
        if (!stats.degraded) {
          stats.degraded = true;
          stats.degradedTransitions++;
          logger.warn("rate_limiter.degraded", {
            message: error instanceof Error ? error.message : String(error),
            probeMs,
          });
        }
        return useFallback(subject, limits, now);
      }
    },
    stats: (): FallbackRateLimiterStats => ({ ...stats }),
  } satisfies RateLimiter & { stats(): FallbackRateLimiterStats };
}
