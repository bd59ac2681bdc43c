import type { KeyDirectoryCache, KeyDirectoryEntry } from "@crawlgate/core/adapter-kit";

/** Key directories of one process (a fleet of one, or the reference for the other adapters). */
export function createMemoryKeyDirectoryCache() {
  const entries = new Map<string, string>();
  const claims = new Map<string, number>();
  return {
    async get(directoryUrl, now) {
      const stored = entries.get(directoryUrl);
      if (stored === undefined) return null;
      const entry = JSON.parse(stored) as KeyDirectoryEntry;
      if (entry.expiresAt > now.getTime()) return entry;
      entries.delete(directoryUrl);
      return null;
    },
    async put(entry, now) {
      if (entry.expiresAt <= now.getTime()) entries.delete(entry.directoryUrl);
      // Stored as JSON so a caller's later change to its object is not seen (as in Redis).
      else entries.set(entry.directoryUrl, JSON.stringify(entry));
    },
    async claimFetch(directoryUrl, ttlMs, now) {
      const t = now.getTime();
      const held = claims.get(directoryUrl);
      if (held !== undefined && held > t) return false;
      claims.set(directoryUrl, t + ttlMs);
      for (const [url, until] of claims) if (until <= t) claims.delete(url);
      return true;
    },
  } satisfies KeyDirectoryCache;
}
