import { compareUtf8, type WarmingStore, type WarmSettings } from "@crawlgate/core/adapter-kit";

const HOUR_MS = 3_600_000;
const DEFAULTS: WarmSettings = { sitemapUrls: [], rendersPerHour: null, scheduled: false };

const copy = (s: WarmSettings): WarmSettings => ({ ...s, sitemapUrls: [...s.sitemapUrls] });

/** Warm settings in a map; each domain's budget keeps only its current hour's count. */
export function createMemoryWarmingStore() {
  const settings = new Map<string, WarmSettings>();
  const used = new Map<string, { hour: number; count: number }>();
  const usedIn = (domainId: string, hour: number) => {
    const entry = used.get(domainId);
    return entry && entry.hour === hour ? entry.count : 0;
  };
  return {
    async getWarmSettings(domainId) {
      return copy(settings.get(domainId) ?? DEFAULTS);
    },
    async setWarmSettings(domainId, changes) {
      const next = copy({ ...(settings.get(domainId) ?? DEFAULTS), ...changes });
      settings.set(domainId, next);
      return copy(next);
    },
    async scheduledWarmDomains() {
      return [...settings]
        .filter(([, s]) => s.scheduled)
        .map(([domainId]) => domainId)
        .sort(compareUtf8);
    },
    async warmBudgetUsed(domainId, now) {
      return usedIn(domainId, Math.floor(now.getTime() / HOUR_MS));
    },
    async takeWarmBudget(domainId, now, want, perHour) {
      const hour = Math.floor(now.getTime() / HOUR_MS);
      const count = usedIn(domainId, hour);
      const taken = Math.max(0, Math.min(want, perHour - count));
      used.set(domainId, { hour, count: count + taken });
      return taken;
    },
  } satisfies WarmingStore;
}
