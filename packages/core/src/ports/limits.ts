// Limits port: per-user request windows.

/** What `RateLimiter.consume` decided. */
export type RateDecision =
  | { allowed: true; minuteUsage: number; monthUsage: number }
  | {
      allowed: false;
      reason: "per_minute" | "monthly";
      /** Requests counted in the exhausted window (minute or month). */
      usage: number;
      /** The exhausted window's limit. */
      limit: number;
      /** Whole seconds (>= 1) until the exhausted window resets. */
      retryAfterSeconds: number;
    };

export interface RateLimits {
  /** Requests allowed per fixed window of 60 s that starts at the first request. */
  perMinute: number;
  /** Requests allowed per UTC calendar month; `null` = unlimited. */
  monthly: number | null;
}

/** Per-user request limits. */
export interface RateLimiter {
  /**
   * Counts one request of `subject` at `now`, atomically. The per-minute window starts at the
   * first request after the previous one expired and lasts 60 s. The month is the UTC calendar
   * month of `now`. The minute is checked first, then the month. A refused request is counted in
   * neither window. Under N concurrent calls with room for K, exactly min(N, K) are allowed.
   */
  consume(subject: string, limits: RateLimits, now: Date): Promise<RateDecision>;
}
