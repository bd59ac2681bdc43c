import {
  type AggregateTier,
  aggregateTier,
  type BotDayCount,
  type CrawlRecord,
  type CrawlStore,
  OVERFLOW_PATH,
  type PathDayCount,
  utcDay,
} from "@crawlgate/core";
import { compare } from "./account-store.js";

const copy = (r: CrawlRecord): CrawlRecord => ({ ...r, ts: new Date(r.ts.getTime()) });

/** Raw crawls and their aggregates in maps; a batch is applied without awaiting: atomic. */
export function createMemoryCrawlStore() {
  const events = new Map<string, CrawlRecord>();
  /** Aggregated path of each event (the real path, or `__overflow__`). */
  const aggregatedPath = new Map<string, string>();
  const botDay = new Map<string, number>();
  const pathDay = new Map<string, number>();
  /** domainId|day → distinct aggregated paths (overflow excluded). */
  const dayPaths = new Map<string, Set<string>>();

  const bump = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };
  const count = (r: CrawlRecord, path: string, tier: AggregateTier, by: number) => {
    const day = utcDay(r.ts);
    bump(botDay, JSON.stringify([r.domainId, day, r.botId, tier]), by);
    bump(pathDay, JSON.stringify([r.domainId, day, path, r.botId, tier]), by);
  };

  return {
    async appendCrawls(batch, options) {
      let inserted = 0;
      for (const record of batch) {
        if (events.has(record.eventId)) continue;
        const dayKey = `${record.domainId}|${utcDay(record.ts)}`;
        const paths = dayPaths.get(dayKey) ?? new Set<string>();
        dayPaths.set(dayKey, paths);
        let path = record.path;
        if (!paths.has(path)) {
          if (paths.size >= options.pathCap) path = OVERFLOW_PATH;
          else paths.add(path);
        }
        events.set(record.eventId, copy(record));
        aggregatedPath.set(record.eventId, path);
        count(record, path, aggregateTier(record.verdict), 1);
        inserted++;
      }
      return { inserted };
    },
    async upgradeToVerified(eventId, botOperator, matchedRange) {
      const record = events.get(eventId);
      if (record?.verdict !== "declared") return false;
      const path = aggregatedPath.get(eventId) as string;
      count(record, path, "declared", -1);
      count(record, path, "verified", 1);
      events.set(eventId, { ...record, verdict: "verified", botOperator, matchedRange });
      return true;
    },
    async listCrawls(domainId, from, to, limit) {
      return [...events.values()]
        .filter((r) => r.domainId === domainId && r.ts >= from && r.ts < to)
        .sort((a, b) => a.ts.getTime() - b.ts.getTime() || compare(a.eventId, b.eventId))
        .slice(0, limit)
        .map(copy);
    },
    async botDayCounts(domainId, startDay, endDay) {
      const out: BotDayCount[] = [];
      for (const [key, n] of botDay) {
        const [d, day, botId, tier] = JSON.parse(key) as [string, string, string, AggregateTier];
        if (d === domainId && day >= startDay && day <= endDay)
          out.push({ day, botId, tier, count: n });
      }
      return out.sort(
        (a, b) => compare(a.day, b.day) || compare(a.botId, b.botId) || compare(a.tier, b.tier),
      );
    },
    async pathDayCounts(domainId, startDay, endDay) {
      const out: PathDayCount[] = [];
      for (const [key, n] of pathDay) {
        const [d, day, path, botId, tier] = JSON.parse(key) as [
          string,
          string,
          string,
          string,
          AggregateTier,
        ];
        if (d === domainId && day >= startDay && day <= endDay)
          out.push({ day, path, botId, tier, count: n });
      }
      return out.sort(
        (a, b) =>
          compare(a.day, b.day) ||
          compare(a.path, b.path) ||
          compare(a.botId, b.botId) ||
          compare(a.tier, b.tier),
      );
    },
  } satisfies CrawlStore;
}
