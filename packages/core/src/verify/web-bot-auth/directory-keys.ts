import type {
  DirectoryKey,
  KeyDirectoryCache,
  KeyDirectoryEntry,
} from "../../ports/web-bot-auth.js";
import type { FetchLike } from "../../ports.js";
import { type DirectoryFetchLimits, fetchDirectory } from "./directory-fetch.js";
import type { DirectoryTarget } from "./directory-url.js";
import { importEd25519, type WebCryptoKey } from "./jwk.js";

/** How directories are fetched and kept. Every duration is in milliseconds. */
export interface DirectoryKeysOptions {
  /** The fetch for public directories: on Node the pinned fetch that refuses private addresses. */
  fetch: FetchLike;
  /** The fetch for trusted origins (may reach private addresses); default `fetch`. */
  trustedFetch?: FetchLike;
  /** The directories a fleet shares (memory for one process, Redis for a fleet). */
  cache: KeyDirectoryCache;
  /** The current instant in ms; default `Date.now`. */
  now?: () => number;
  limits?: Partial<DirectoryFetchLimits>;
  /** Bounds of a fetched directory's lifetime (its `Cache-Control: max-age`); 5 min .. 24 h. */
  minTtlMs?: number;
  maxTtlMs?: number;
  /** Lifetime when the directory sends no `max-age`; 1 h. */
  defaultTtlMs?: number;
  /** How long a failed fetch is remembered before the next try; 2 min. */
  negativeTtlMs?: number;
  /** How long keys stay usable past their refresh time while refreshes fail; 24 h. */
  maxStaleMs?: number;
  /** How long one instance's claim on a fetch keeps the rest of the fleet waiting; 6 s. */
  claimMs?: number;
  /** An unknown keyid refetches a directory at most this often (key rotation); 1 min. */
  unknownKeyRefetchMs?: number;
  /** Directories held in this process (oldest dropped first); 1,000. */
  maxDirectories?: number;
  /** Directory fetches in flight at once in this process; 16. */
  maxConcurrentFetches?: number;
}

export type KeyLookup =
  | { ok: true; key: WebCryptoKey }
  | { ok: false; reason: "directory_unavailable" | "directory_busy" | "key_unknown" };

interface LocalKey {
  key: WebCryptoKey;
  notBefore: number | null;
  expiresAt: number | null;
}

interface LocalDirectory {
  entry: KeyDirectoryEntry;
  keys: Map<string, LocalKey>;
  /** When an unknown keyid last made this process look again. */
  checkedAt: number;
}

const DEFAULT_LIMITS: DirectoryFetchLimits = {
  timeoutMs: 5_000,
  maxBytes: 64 * 1024,
  maxKeys: 32,
  allowTestKeys: false,
};

/**
 * Keys of agents' directories by (directory URL, keyid). A process keeps the directories it
 * uses (no storage read per request while one is fresh); behind it the shared cache port, then
 * the fetch. A stale directory is still used while a refresh runs in the background; concurrent
 * loads of one directory share one promise, and across a fleet one instance claims the fetch
 * while the others wait for its result in the shared cache. A failed fetch keeps the keys it
 * had (until `maxStaleMs` past their refresh time) and is retried after `negativeTtlMs`; a
 * successful fetch replaces the keys, so a key it no longer lists is revoked.
 */
export function createDirectoryKeys(options: DirectoryKeysOptions) {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const minTtl = options.minTtlMs ?? 5 * 60_000;
  const maxTtl = options.maxTtlMs ?? 24 * 3_600_000;
  const defaultTtl = options.defaultTtlMs ?? 3_600_000;
  const negativeTtl = options.negativeTtlMs ?? 2 * 60_000;
  const maxStale = options.maxStaleMs ?? 24 * 3_600_000;
  const claimMs = options.claimMs ?? limits.timeoutMs + 1_000;
  const refetchMs = options.unknownKeyRefetchMs ?? 60_000;
  const maxDirectories = options.maxDirectories ?? 1_000;
  const maxFetches = options.maxConcurrentFetches ?? 16;
  const { cache } = options;
  const local = new Map<string, LocalDirectory>();
  const loading = new Map<string, Promise<LocalDirectory>>();

  async function adopt(entry: KeyDirectoryEntry, t: number): Promise<LocalDirectory> {
    const keys = new Map<string, LocalKey>();
    for (const k of entry.keys) {
      const key = await importEd25519(k.x);
      if (key !== null) keys.set(k.keyid, { key, notBefore: k.notBefore, expiresAt: k.expiresAt });
    }
    const directory = { entry, keys, checkedAt: t };
    local.delete(entry.directoryUrl);
    local.set(entry.directoryUrl, directory);
    for (const oldest of local.keys()) {
      if (local.size <= maxDirectories) break;
      local.delete(oldest);
    }
    return directory;
  }

  function entryAfter(
    target: DirectoryTarget,
    result: Awaited<ReturnType<typeof fetchDirectory>>,
    previous: KeyDirectoryEntry | null,
    t: number,
  ): KeyDirectoryEntry {
    if (result.ok) {
      const ttl = result.noCache
        ? minTtl
        : Math.min(maxTtl, Math.max(minTtl, (result.maxAgeSeconds ?? defaultTtl / 1000) * 1000));
      return {
        directoryUrl: target.directoryUrl,
        keys: result.keys,
        fetchedAt: t,
        failure: null,
        refreshAt: t + ttl,
        expiresAt: t + ttl + maxStale,
      };
    }
    const kept: DirectoryKey[] = previous !== null && previous.expiresAt > t ? previous.keys : [];
    return {
      directoryUrl: target.directoryUrl,
      keys: kept,
      fetchedAt: kept.length > 0 ? (previous?.fetchedAt ?? null) : null,
      failure: result.failure,
      refreshAt: t + negativeTtl,
      expiresAt:
        kept.length > 0 ? Math.max(previous?.expiresAt ?? 0, t + negativeTtl) : t + negativeTtl,
    };
  }

  async function sharedEntry(url: string, t: number): Promise<KeyDirectoryEntry | null> {
    try {
      return await cache.get(url, new Date(t));
    } catch {
      return null;
    }
  }

  /** Shared cache, then (claimed) fetch; `force` skips a shared entry not fetched just now. */
  async function loadFresh(target: DirectoryTarget, force: boolean): Promise<LocalDirectory> {
    const url = target.directoryUrl;
    const t = now();
    const shared = await sharedEntry(url, t);
    const recent =
      shared !== null && (shared.fetchedAt ?? shared.refreshAt - negativeTtl) > t - refetchMs;
    if (shared !== null && shared.refreshAt > t && (!force || recent)) return adopt(shared, t);
    const claimed = await cache.claimFetch(url, claimMs, new Date(t)).catch(() => true);
    if (!claimed) {
      if (shared !== null && !force) return adopt(shared, t);
      for (let waited = 0; waited < claimMs; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const next = await sharedEntry(url, now());
        // Another instance's fetch has landed: its entry is new since this load looked.
        if (next !== null && next.refreshAt > t && next.refreshAt !== shared?.refreshAt)
          return adopt(next, now());
      }
    }
    const fetch = target.trusted ? (options.trustedFetch ?? options.fetch) : options.fetch;
    const result = await fetchDirectory(fetch, url, limits);
    const done = now();
    const entry = entryAfter(target, result, shared ?? local.get(url)?.entry ?? null, done);
    await cache.put(entry, new Date(done)).catch(() => {});
    return adopt(entry, done);
  }

  function load(target: DirectoryTarget, force: boolean): Promise<LocalDirectory> | null {
    const running = loading.get(target.directoryUrl);
    if (running !== undefined) return running;
    if (loading.size >= maxFetches) return null;
    const promise = loadFresh(target, force).finally(() => loading.delete(target.directoryUrl));
    loading.set(target.directoryUrl, promise);
    return promise;
  }

  function usable(directory: LocalDirectory, keyid: string, t: number): WebCryptoKey | null {
    const found = directory.keys.get(keyid);
    if (found === undefined) return null;
    if (found.notBefore !== null && found.notBefore > t) return null;
    if (found.expiresAt !== null && found.expiresAt <= t) return null;
    return found.key;
  }

  return {
    /** The key `keyid` of the target's directory, loading or refreshing the directory as needed. */
    async lookup(target: DirectoryTarget, keyid: string): Promise<KeyLookup> {
      const t = now();
      let directory = local.get(target.directoryUrl);
      if (directory !== undefined && directory.entry.expiresAt <= t) directory = undefined;
      if (directory === undefined) {
        const loaded = load(target, false);
        if (loaded === null) return { ok: false, reason: "directory_busy" };
        directory = await loaded;
      } else if (directory.entry.refreshAt <= t) {
        load(target, false)?.catch(() => {});
      }
      let key = usable(directory, keyid, t);
      if (key !== null) return { ok: true, key };
      if (directory.keys.size === 0 && directory.entry.failure !== null)
        return { ok: false, reason: "directory_unavailable" };
      if (t - directory.checkedAt >= refetchMs && directory.entry.failure === null) {
        directory.checkedAt = t;
        const again = load(target, true);
        if (again !== null) key = usable(await again, keyid, now());
      }
      return key !== null ? { ok: true, key } : { ok: false, reason: "key_unknown" };
    },
  };
}

export type DirectoryKeys = ReturnType<typeof createDirectoryKeys>;
