import type { FleetLock } from "@crawlgate/core/adapter-kit";

/** Named locks of one process (a fleet of one, or the reference for the other adapters). */
export function createMemoryFleetLock() {
  const locks = new Map<string, { token: string; holder: string; expiresAt: number }>();
  return {
    async acquire(name, holder, ttlMs, now) {
      const t = now.getTime();
      const current = locks.get(name);
      if (current && current.expiresAt > t) return null;
      const token = crypto.randomUUID();
      locks.set(name, { token, holder, expiresAt: t + ttlMs });
      return token;
    },
    async renew(name, token, ttlMs, now) {
      const current = locks.get(name);
      const t = now.getTime();
      if (!current || current.token !== token || current.expiresAt <= t) return false;
      current.expiresAt = t + ttlMs;
      return true;
    },
    async release(name, token) {
      if (locks.get(name)?.token !== token) return false;
      locks.delete(name);
      return true;
    },
  } satisfies FleetLock;
}
