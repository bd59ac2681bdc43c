import type { EdgeSettings, SettingsCache } from "@crawlgate/core/adapter-kit";

export interface MemorySettingsCacheOptions {
  /** Entries older than this are treated as absent; default 5 minutes. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Per-process edge settings. Entries are frozen and handed out as they are (no copy), so the
 * edge can keep one compiled rule index per entry. `invalidate` always reaches it, so it always
 * confirms.
 */
export function createMemorySettingsCache(options: MemorySettingsCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { settings: EdgeSettings; storedAt: number }>();
  return {
    async get(hostname) {
      const entry = entries.get(hostname);
      if (!entry) return null;
      if (now() - entry.storedAt >= ttlMs) {
        entries.delete(hostname);
        return null;
      }
      return entry.settings;
    },
    async set(settings) {
      const frozen = Object.freeze({
        ...settings,
        rules: Object.freeze([...settings.rules]),
      }) as EdgeSettings;
      entries.set(settings.hostname, { settings: frozen, storedAt: now() });
    },
    async invalidate(domainId) {
      for (const [hostname, entry] of entries) {
        if (entry.settings.domainId === domainId) entries.delete(hostname);
      }
      return true;
    },
  } satisfies SettingsCache;
}
