// Fleet-lock port: named locks with one holder across a fleet.

/**
 * Named locks with one holder at a time across a fleet (singleton jobs). A holder gets a token
 * and an expiry; the lock is free again when released with that token or once the expiry has
 * passed (a crashed holder is taken over).
 */
export interface FleetLock {
  /**
   * Takes `name` for `holder` until `now + ttlMs` and returns a new token, when the lock is free:
   * never taken, released, or its expiry is at or before `now`. Otherwise `null`. Under any
   * number of concurrent calls at most one receives a token.
   */
  acquire(name: string, holder: string, ttlMs: number, now: Date): Promise<string | null>;
  /**
   * Moves the expiry to `now + ttlMs` when `token` holds the lock and its expiry is after `now`;
   * `false` otherwise (expired, taken over or released).
   */
  renew(name: string, token: string, ttlMs: number, now: Date): Promise<boolean>;
  /** Frees the lock when `token` holds it; `false` when it does not (nothing changes then). */
  release(name: string, token: string): Promise<boolean>;
}
