import type { DirectoryKey, KeyDirectoryEntry } from "../../ports/web-bot-auth.js";
import type { DirectoryFetchResult } from "./directory-fetch.js";

/** How long fetched directories and failures are kept (ms). */
export interface DirectoryLifetimes {
  /** Bounds of a fetched directory's lifetime (its `Cache-Control: max-age`). */
  minTtlMs: number;
  maxTtlMs: number;
  /** Lifetime when the directory sends no `max-age`. */
  defaultTtlMs: number;
  /** How long a failed fetch is remembered before the next try. */
  negativeTtlMs: number;
  /** How long keys stay usable past their refresh time while refreshes fail. */
  maxStaleMs: number;
}

export const DEFAULT_LIFETIMES: DirectoryLifetimes = {
  minTtlMs: 5 * 60_000,
  maxTtlMs: 24 * 3_600_000,
  defaultTtlMs: 3_600_000,
  negativeTtlMs: 2 * 60_000,
  maxStaleMs: 24 * 3_600_000,
};

/**
 * The entry a fetch at `t` leaves. A success replaces the keys (a key no longer listed is gone)
 * and lives `max-age` bounded to [min, max] (`no-cache`/`no-store`: min), usable `maxStaleMs`
 * longer. A failure is retried after `negativeTtlMs` and keeps the keys of an earlier success
 * that has not ended: an outage is not a revocation.
 */
export function entryAfterFetch(
  directoryUrl: string,
  result: DirectoryFetchResult,
  previous: KeyDirectoryEntry | null,
  t: number,
  lifetimes: DirectoryLifetimes,
): KeyDirectoryEntry {
  const { minTtlMs, maxTtlMs, defaultTtlMs, negativeTtlMs, maxStaleMs } = lifetimes;
  if (result.ok) {
    const maxAgeMs = result.maxAgeSeconds === null ? defaultTtlMs : result.maxAgeSeconds * 1000;
    const ttl = result.noCache ? minTtlMs : Math.min(maxTtlMs, Math.max(minTtlMs, maxAgeMs));
    return {
      directoryUrl,
      keys: result.keys,
      fetchedAt: t,
      failure: null,
      refreshAt: t + ttl,
      expiresAt: t + ttl + maxStaleMs,
    };
  }
  const kept: DirectoryKey[] = previous !== null && previous.expiresAt > t ? previous.keys : [];
  const retryAt = t + negativeTtlMs;
  return {
    directoryUrl,
    keys: kept,
    fetchedAt: kept.length > 0 ? (previous?.fetchedAt ?? null) : null,
    failure: result.failure,
    refreshAt: retryAt,
    expiresAt: kept.length > 0 ? Math.max(previous?.expiresAt ?? 0, retryAt) : retryAt,
  };
}
