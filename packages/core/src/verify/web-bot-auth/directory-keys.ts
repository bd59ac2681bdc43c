import type { FetchLike } from "../../ports/index.js";
import type { KeyDirectoryCache, KeyDirectoryEntry } from "../../ports/web-bot-auth.js";
import { DEFAULT_LIFETIMES, type DirectoryLifetimes, entryAfterFetch } from "./directory-entry.js";
import { type DirectoryFetchLimits, fetchDirectory } from "./directory-fetch.js";
import type { DirectoryTarget } from "./directory-url.js";
import type { WebCryptoKey } from "./jwk.js";
import { createLocalDirectories, type LocalDirectory, usableKey } from "./local-directories.js";

/** How directories are fetched and kept. Every duration is in milliseconds. */
export interface DirectoryKeysOptions extends Partial<DirectoryLifetimes> {
  /** The fetch for public directories: on Node the pinned fetch that refuses private addresses. */
  fetch: FetchLike;
  /** The fetch for trusted origins (may reach private addresses); default `fetch`. */
  trustedFetch?: FetchLike;
  /** The directories a fleet shares (memory for one process, Redis for a fleet). */
  cache: KeyDirectoryCache;
  /** The current instant in ms; default `Date.now`. */
  now?: () => number;
  /** Fetch limits: 5 s, 64 KiB, 32 keys, the RFC 9421 test key refused. */
  limits?: Partial<DirectoryFetchLimits>;
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

const DEFAULT_LIMITS: DirectoryFetchLimits = {
  timeoutMs: 5_000,
  maxBytes: 64 * 1024,
  maxKeys: 32,
  allowTestKeys: false,
};
const POLL_MS = 50;

/**
 * Keys of agents' directories by (directory URL, keyid). A process keeps the directories it
 * uses (no storage read per request while one is fresh); behind it the shared cache port, then
 * the fetch. A stale directory is still used while a refresh runs in the background; concurrent
 * loads of one directory share one promise, and across a fleet one instance claims the fetch
 * while the others wait for its result in the shared cache. See `entryAfterFetch` for what a
 * fetch leaves (a failure keeps the keys; a success that drops a key revokes it).
 */
export function createDirectoryKeys(options: DirectoryKeysOptions) {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const lifetimes: DirectoryLifetimes = { ...DEFAULT_LIFETIMES };
  for (const name of Object.keys(DEFAULT_LIFETIMES) as (keyof DirectoryLifetimes)[])
    lifetimes[name] = options[name] ?? DEFAULT_LIFETIMES[name];
  const claimMs = options.claimMs ?? limits.timeoutMs + 1_000;
  const refetchMs = options.unknownKeyRefetchMs ?? 60_000;
  const maxFetches = options.maxConcurrentFetches ?? 16;
  const { cache } = options;
  const local = createLocalDirectories(options.maxDirectories ?? 1_000);
  const loading = new Map<string, Promise<LocalDirectory>>();

  const sharedEntry = (url: string, t: number): Promise<KeyDirectoryEntry | null> =>
    cache.get(url, new Date(t)).catch(() => null);

  /** Another instance holds the claim: its entry, once it lands in the shared cache. */
  async function awaitOthers(url: string, seen: KeyDirectoryEntry | null, t: number) {
    for (let waited = 0; waited < claimMs; waited += POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const next = await sharedEntry(url, now());
      if (next !== null && next.refreshAt > t && next.refreshAt !== seen?.refreshAt) return next;
    }
    return null;
  }

  /** Shared cache, then (claimed) fetch; `force` skips a shared entry not fetched just now. */
  async function loadFresh(target: DirectoryTarget, force: boolean): Promise<LocalDirectory> {
    const url = target.directoryUrl;
    const t = now();
    const shared = await sharedEntry(url, t);
    const lastTry =
      shared === null ? 0 : (shared.fetchedAt ?? shared.refreshAt - lifetimes.negativeTtlMs);
    if (shared !== null && shared.refreshAt > t && (!force || lastTry > t - refetchMs))
      return local.adopt(shared, t);
    const claimed = await cache.claimFetch(url, claimMs, new Date(t)).catch(() => true);
    if (!claimed) {
      if (shared !== null && !force) return local.adopt(shared, t);
      const landed = await awaitOthers(url, shared, t);
      if (landed !== null) return local.adopt(landed, now());
    }
    const fetch = target.trusted ? (options.trustedFetch ?? options.fetch) : options.fetch;
    const result = await fetchDirectory(fetch, url, limits);
    const done = now();
    const entry = entryAfterFetch(url, result, shared ?? local.entry(url), done, lifetimes);
    await cache.put(entry, new Date(done)).catch(() => {});
    return local.adopt(entry, done);
  }

  /** One load per directory at a time; `null` when too many directories are loading. */
  function load(target: DirectoryTarget, force: boolean): Promise<LocalDirectory> | null {
    const running = loading.get(target.directoryUrl);
    if (running !== undefined) return running;
    if (loading.size >= maxFetches) return null;
    const promise = loadFresh(target, force).finally(() => loading.delete(target.directoryUrl));
    loading.set(target.directoryUrl, promise);
    return promise;
  }

  return {
    /** The key `keyid` of the target's directory, loading or refreshing the directory as needed. */
    async lookup(target: DirectoryTarget, keyid: string): Promise<KeyLookup> {
      const t = now();
      let directory = local.get(target.directoryUrl, t);
      if (directory === undefined) {
        const loaded = load(target, false);
        if (loaded === null) return { ok: false, reason: "directory_busy" };
        directory = await loaded;
      } else if (directory.entry.refreshAt <= t) {
        load(target, false)?.catch(() => {});
      }
      let key = usableKey(directory, keyid, t);
      if (key !== null) return { ok: true, key };
      if (directory.keys.size === 0 && directory.entry.failure !== null)
        return { ok: false, reason: "directory_unavailable" };
      if (t - directory.checkedAt >= refetchMs && directory.entry.failure === null) {
        directory.checkedAt = t;
        const again = load(target, true);
        if (again !== null) key = usableKey(await again, keyid, now());
      }
      return key !== null ? { ok: true, key } : { ok: false, reason: "key_unknown" };
    },
  };
}

export type DirectoryKeys = ReturnType<typeof createDirectoryKeys>;
