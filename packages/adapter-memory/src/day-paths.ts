import {
  admitPath,
  type DayPathCap,
  domainDayKey,
  newDayPathCap,
} from "@crawlgate/core/adapter-kit";

/**
 * The distinct paths counted per domain-day (overflow excluded), under core's path cap. A batch
 * gets `admit(domainId, day, path)` → the path it is counted under; memory applies a batch
 * without awaiting, so each admission is stored at once.
 */
export function createDayPaths() {
  const byDay = new Map<string, Set<string>>();
  return {
    batch(cap: number) {
      const states = new Map<string, DayPathCap>();
      return (domainId: string, day: string, path: string): string => {
        const key = domainDayKey(domainId, day);
        let stored = byDay.get(key);
        if (!stored) {
          stored = new Set();
          byDay.set(key, stored);
        }
        let state = states.get(key);
        if (!state) {
          state = newDayPathCap(stored.size);
          states.set(key, state);
        }
        const counted = admitPath(state, path, cap, (p) => stored.has(p));
        if (counted === path) stored.add(path);
        return counted;
      };
    },
  };
}
