/**
 * Window arithmetic shared by every `RateLimiter` adapter, so that memory, SQL and Redis agree
 * to the millisecond.
 */

/** Length of the per-minute window. */
export const MINUTE_MS = 60_000;

/** Start of the UTC calendar month of `now`, as epoch milliseconds. */
export function utcMonthStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** Start of the next UTC calendar month after `now`, as epoch milliseconds. */
export function nextUtcMonthStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

/** Whole seconds from `now` until `atMs`, at least 1 (a `Retry-After` value). */
export function retryAfterSeconds(atMs: number, now: Date): number {
  return Math.max(1, Math.ceil((atMs - now.getTime()) / 1000));
}
