import {
  type AgentDelta,
  agentKey,
  archiveRowOf,
  type BotDayCount,
  botKey,
  type CountDeltas,
  type CountedCrawl,
  type CrawlRecord,
  type CrawlStore,
  compareUtf8,
  countCrawls,
  type DaySummaryCount,
  type DomainDay,
  dropEachDomain,
  type LegacyDayCount,
  type LegacyDelta,
  legacyImportCounts,
  legacyKey,
  type PathBotCount,
  type PathDayCount,
  pathKey,
  rankPathRows,
  rowsOfPaths,
  type ServedDayCount,
  type ServedDelta,
  type SignedAgentDayCount,
  type SummaryDelta,
  servedKey,
  summaryKey,
  upgradeCounts,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import { createDayPaths } from "./day-paths.js";
import { sumPairs } from "./pair-sums.js";

const copy = (r: CrawlRecord): CrawlRecord => ({ ...r, ts: new Date(r.ts.getTime()) });

type Row = { domainId: string; day: string; count: number; lastSeenAt?: number };

/** Adds delta rows into a map of rows by key; rows whose count reaches 0 are removed. */
function apply<T extends Row>(map: Map<string, T>, key: (r: T) => string, rows: T[]): void {
  for (const row of rows) {
    const k = key(row);
    const current = map.get(k);
    if (!current) {
      map.set(k, { ...row });
      continue;
    }
    current.count += row.count;
    if (row.lastSeenAt !== undefined && row.lastSeenAt > (current.lastSeenAt as number))
      current.lastSeenAt = row.lastSeenAt;
    if (current.count === 0) map.delete(k);
  }
}

/** Rows of a domain in `startDay..endDay` (inclusive), sorted by `order`. */
function read<T extends { domainId: string; day: string }>(
  map: Map<string, T>,
  domainId: string,
  startDay: string,
  endDay: string,
  order: (a: T, b: T) => number,
): T[] {
  return [...map.values()]
    .filter((r) => r.domainId === domainId && r.day >= startDay && r.day <= endDay)
    .sort((a, b) => compareUtf8(a.day, b.day) || order(a, b));
}

const byTier = (a: { botId: string; tier: string }, b: { botId: string; tier: string }) =>
  compareUtf8(a.botId, b.botId) || compareUtf8(a.tier, b.tier);

/** Raw crawls and their aggregates in maps; a batch is applied without awaiting: atomic. */
export function createMemoryCrawlStore() {
  const events = new Map<string, CountedCrawl>();
  /** Bumped by every change of `events`; the day close's sorted day is kept while it holds. */
  let version = 0;
  let sortedDay: { key: string; version: number; records: CrawlRecord[] } | null = null;
  const botDay = new Map<string, BotDayCount & { domainId: string }>();
  const pathDay = new Map<string, PathDayCount & { domainId: string }>();
  const served = new Map<string, ServedDelta>();
  const summary = new Map<string, SummaryDelta>();
  const legacy = new Map<string, LegacyDelta>();
  const agents = new Map<string, AgentDelta>();
  const dayPaths = createDayPaths();

  const applyAll = (deltas: CountDeltas) => {
    apply(botDay, botKey, deltas.bot);
    apply(pathDay, pathKey, deltas.path);
    apply(served, servedKey, deltas.served);
    apply(summary, summaryKey, deltas.summary);
    apply(agents, agentKey, deltas.agent);
    addLegacy(deltas.legacy);
  };
  const addLegacy = (rows: LegacyDelta[]) => {
    for (const row of rows) {
      const current = legacy.get(legacyKey(row)) ?? { ...row, total: 0, verified: 0 };
      current.total += row.total;
      current.verified += row.verified;
      legacy.set(legacyKey(row), current);
    }
  };

  const pathRows = (domainId: string, startDay: string, endDay: string) =>
    read(
      pathDay,
      domainId,
      startDay,
      endDay,
      (a, b) => compareUtf8(a.path, b.path) || byTier(a, b),
    ).map(({ day, path, botId, tier, count }): PathDayCount => ({ day, path, botId, tier, count }));

  return {
    async appendCrawls(batch, options) {
      const added: CountedCrawl[] = [];
      const admit = dayPaths.batch(options.pathCap);
      for (const record of batch) {
        if (events.has(record.eventId)) continue;
        const day = utcDay(record.ts);
        const path = admit(record.domainId, day, record.path);
        const crawl = { record: copy(record), day, path };
        events.set(record.eventId, crawl);
        added.push(crawl);
      }
      applyAll(countCrawls(added));
      if (added.length > 0) version++;
      return { inserted: added.length };
    },
    async upgradeToVerified(eventId, botOperator, matchedRange) {
      const crawl = events.get(eventId);
      if (crawl?.record.verdict !== "declared") return false;
      applyAll(upgradeCounts(crawl));
      crawl.record = { ...crawl.record, verdict: "verified", botOperator, matchedRange };
      version++;
      return true;
    },
    async servedSnapshotOf(eventId) {
      return events.get(eventId)?.record.snapshotId ?? null;
    },
    async listCrawls(domainId, from, to, limit) {
      return [...events.values()]
        .map((c) => c.record)
        .filter((r) => r.domainId === domainId && r.ts >= from && r.ts < to)
        .sort((a, b) => a.ts.getTime() - b.ts.getTime() || compareUtf8(a.eventId, b.eventId))
        .slice(0, limit)
        .map(copy);
    },
    async hotCrawlDays(throughDay) {
      const seen = new Map<string, DomainDay>();
      for (const { record, day } of events.values()) {
        if (day <= throughDay)
          seen.set(`${day}\u0000${record.domainId}`, { domainId: record.domainId, day });
      }
      return [...seen.values()].sort(
        (a, b) => compareUtf8(a.day, b.day) || compareUtf8(a.domainId, b.domainId),
      );
    },
    async listDayRows(domainId, day, after, limit) {
      // The day close pages through one day: sort it once, then binary-search each keyset.
      const key = `${domainId}\u0000${day}`;
      if (sortedDay?.key !== key || sortedDay.version !== version) {
        const records = [...events.values()]
          .filter((c) => c.day === day && c.record.domainId === domainId)
          .map((c) => c.record)
          .sort((a, b) => a.ts.getTime() - b.ts.getTime() || compareUtf8(a.eventId, b.eventId));
        sortedDay = { key, version, records };
      }
      const { records } = sortedDay;
      let from = 0;
      let to = records.length;
      while (after && from < to) {
        const mid = (from + to) >> 1;
        const r = records[mid] as CrawlRecord;
        if ((r.ts.getTime() - after.ts || compareUtf8(r.eventId, after.eventId)) <= 0)
          from = mid + 1;
        else to = mid;
      }
      return records.slice(from, from + limit).map(archiveRowOf);
    },
    /** Only the raw rows: the aggregate maps are apart from `events`. */
    async dropDayCrawls(domainId, day, eventIds) {
      const only = eventIds ? new Set(eventIds) : null;
      let dropped = 0;
      for (const [eventId, crawl] of events) {
        if (
          crawl.day === day &&
          crawl.record.domainId === domainId &&
          (!only || only.has(eventId))
        ) {
          events.delete(eventId);
          dropped++;
          version++;
        }
      }
      return dropped;
    },
    dropFrozenDay(day, drops) {
      return dropEachDomain(this, day, drops);
    },
    /** No day is kept apart in memory: nothing to create or drop. */
    async prepareCrawlDays() {
      return { created: [], dropped: [] };
    },
    async botDayCounts(domainId, startDay, endDay) {
      return read(botDay, domainId, startDay, endDay, byTier).map(
        ({ day, botId, tier, count }): BotDayCount => ({ day, botId, tier, count }),
      );
    },
    async pathDayCounts(domainId, startDay, endDay) {
      return pathRows(domainId, startDay, endDay);
    },
    async pathBotCounts(domainId, startDay, endDay, botIds) {
      const wanted = new Set(botIds);
      const rows = (await pathRows(domainId, startDay, endDay)).filter((r) => wanted.has(r.botId));
      return sumPairs(rows, "path", "botId").map(
        ({ path, botId, count }): PathBotCount => ({ path, botId, count }),
      );
    },
    async rankPaths(query) {
      return rankPathRows(await pathRows(query.domainId, query.startDay, query.endDay), query);
    },
    /**
     * A no-op by design: the memory store ranks its rows directly with core's reference
     * (`rankPathRows`), the oracle the SQL read model is checked against, so it keeps no read
     * model to refresh.
     */
    async refreshReadModel() {
      return { domains: 0 };
    },
    async countsOfPaths(domainId, startDay, endDay, filter, paths) {
      return rowsOfPaths(await pathRows(domainId, startDay, endDay), filter, paths);
    },
    async servedDayCounts(domainId, path, startDay, endDay) {
      const rows = read(
        served,
        domainId,
        startDay,
        endDay,
        (a, b) =>
          byTier(a, b) ||
          compareUtf8(a.servedFrom, b.servedFrom) ||
          compareUtf8(a.snapshotId ?? "", b.snapshotId ?? ""),
      );
      return rows
        .filter((r) => r.path === path)
        .map(
          (r): ServedDayCount => ({
            day: r.day,
            botId: r.botId,
            tier: r.tier,
            servedFrom: r.servedFrom,
            snapshotId: r.snapshotId,
            count: r.count,
            lastSeenAt: new Date(r.lastSeenAt),
          }),
        );
    },
    async daySummaryCounts(domainId, startDay, endDay) {
      return read(summary, domainId, startDay, endDay, (a, b) =>
        compareUtf8(a.servedFrom, b.servedFrom),
      ).map(({ day, servedFrom, count }): DaySummaryCount => ({ day, servedFrom, count }));
    },
    async legacyDayCounts(domainId, startDay, endDay) {
      return read(legacy, domainId, startDay, endDay, (a, b) => compareUtf8(a.key, b.key)).map(
        ({ day, key, total, verified }): LegacyDayCount => ({ day, key, total, verified }),
      );
    },
    async addLegacyCounts(domainId, day, rows) {
      addLegacy(legacyImportCounts(domainId, day, rows));
    },
    async signedAgentDayCounts(domainId, startDay, endDay) {
      // The agent "" stands for none: it sorts first, as `null` does in the contract.
      return read(
        agents,
        domainId,
        startDay,
        endDay,
        (a, b) => compareUtf8(a.signature, b.signature) || compareUtf8(a.agent, b.agent),
      ).map(
        ({ day, agent, signature, count }): SignedAgentDayCount => ({
          day,
          agent: agent === "" ? null : agent,
          signature,
          count,
        }),
      );
    },
  } satisfies CrawlStore;
}
