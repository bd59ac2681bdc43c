import type { NonceStore } from "@crawlgate/core/adapter-kit";

/** Expired nonces are swept once this many were added since the last sweep. */
const SWEEP_EVERY = 1024;

/** Nonces seen by one process (a fleet of one, or the reference for the other adapters). */
export function createMemoryNonceStore() {
  const seen = new Map<string, number>();
  let added = 0;
  return {
    async remember(key, expiresAt, now) {
      const t = now.getTime();
      const until = seen.get(key);
      if (until !== undefined && until > t) return false;
      if (expiresAt.getTime() <= t) {
        seen.delete(key);
        return true;
      }
      seen.set(key, expiresAt.getTime());
      if (++added >= SWEEP_EVERY) {
        added = 0;
        for (const [k, end] of seen) if (end <= t) seen.delete(k);
      }
      return true;
    },
  } satisfies NonceStore;
}
