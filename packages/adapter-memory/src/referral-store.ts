import {
  compareUtf8,
  OVERFLOW_PATH,
  type PathSourceCount,
  type ReferralDayCount,
  type ReferralStore,
  rankLandingPaths,
  sumBySource,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import { createDayPaths } from "./day-paths.js";
import { sumPairs } from "./pair-sums.js";

interface Cell {
  day: string;
  path: string;
  source: string;
  count: number;
}

/** AI referral aggregates in maps; a batch is applied without awaiting: atomic. */
export function createMemoryReferralStore() {
  const visitIds = new Set<string>();
  /** domainId → "day|path|source" → counts (path may be `__overflow__`). */
  const cells = new Map<string, Map<string, Cell>>();
  const dayPaths = createDayPaths();

  function* inWindow(domainId: string, startDay: string, endDay: string): Iterable<Cell> {
    for (const cell of cells.get(domainId)?.values() ?? [])
      if (cell.day >= startDay && cell.day <= endDay) yield cell;
  }

  return {
    async appendReferrals(batch, options) {
      // Days first: an invalid instant throws before anything changes.
      const days = batch.map((visit) => utcDay(visit.ts));
      let inserted = 0;
      const admit = dayPaths.batch(options.pathCap);
      for (const [i, visit] of batch.entries()) {
        if (visitIds.has(visit.visitId)) continue;
        visitIds.add(visit.visitId);
        inserted++;
        const day = days[i] as string;
        const path = admit(visit.domainId, day, visit.path);
        const domain = cells.get(visit.domainId) ?? new Map<string, Cell>();
        cells.set(visit.domainId, domain);
        const key = JSON.stringify([day, path, visit.source]);
        const cell = domain.get(key) ?? { day, path, source: visit.source, count: 0 };
        cell.count++;
        domain.set(key, cell);
      }
      return { inserted };
    },
    async referralDayCounts(domainId, startDay, endDay) {
      const sums = new Map<string, ReferralDayCount>();
      for (const { day, source, count } of inWindow(domainId, startDay, endDay)) {
        const key = JSON.stringify([day, source]);
        const sum = sums.get(key) ?? { day, source, count: 0 };
        sum.count += count;
        sums.set(key, sum);
      }
      return [...sums.values()].sort(
        (a, b) => compareUtf8(a.day, b.day) || compareUtf8(a.source, b.source),
      );
    },
    async topLandingPaths(domainId, startDay, endDay, limit) {
      return rankLandingPaths(inWindow(domainId, startDay, endDay), limit);
    },
    async landingPathSources(domainId, startDay, endDay) {
      return sumPairs(inWindow(domainId, startDay, endDay), "path", "source").map(
        ({ path, source, count }): PathSourceCount => ({ path, source, count }),
      );
    },
    async countLandingPaths(domainId, startDay, endDay) {
      const paths = new Set<string>();
      for (const { path } of inWindow(domainId, startDay, endDay))
        if (path !== OVERFLOW_PATH) paths.add(path);
      return paths.size;
    },
    async overflowCounts(domainId, startDay, endDay) {
      return sumBySource(
        [...inWindow(domainId, startDay, endDay)].filter((c) => c.path === OVERFLOW_PATH),
      );
    },
  } satisfies ReferralStore;
}
