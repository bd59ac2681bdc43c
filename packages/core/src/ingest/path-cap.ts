import { OVERFLOW_PATH } from "../types.js";

export { OVERFLOW_PATH };

/** Default distinct paths per domain and day before `__overflow__`. */
export const DEFAULT_PATH_CAP = 50_000;

/**
 * The per-domain-day path cap, applied by every store that writes path aggregates (crawls and
 * referrals, memory and SQL): at most `cap` distinct paths of a domain and UTC day are counted
 * under their own name; a further new path is counted under `__overflow__` (raw rows keep
 * theirs). A store keeps one state per domain-day while it counts a batch, seeded with the day's
 * stored path count, and tells `admitPath` which paths are stored already.
 */
export interface DayPathCap {
  /** Distinct paths counted for the day, this batch's admissions included. */
  count: number;
  /** Paths known to be counted under their own name (stored, or admitted by this batch). */
  known: Set<string>;
  /** Paths of this batch that went to `__overflow__`. */
  overflowed: Set<string>;
  /** Paths this batch admitted, in order (new to the day: the store records them). */
  admitted: string[];
}

/** The state of a domain-day that has `count` distinct paths stored. */
export const newDayPathCap = (count: number): DayPathCap => ({
  count,
  known: new Set(),
  overflowed: new Set(),
  admitted: [],
});

/**
 * The path a new crawl or visit of `path` is counted under: `path` itself when it is stored
 * already for the day (`isStored`) or while the day has room under `cap` (then admitted), else
 * `__overflow__`. Within a batch a path's first answer sticks; `isStored` is asked at most once
 * per path.
 */
export function admitPath(
  state: DayPathCap,
  path: string,
  cap: number,
  isStored: (path: string) => boolean,
): string {
  if (state.known.has(path)) return path;
  if (state.overflowed.has(path)) return OVERFLOW_PATH;
  if (!isStored(path)) {
    if (state.count >= cap) {
      state.overflowed.add(path);
      return OVERFLOW_PATH;
    }
    state.count++;
    state.admitted.push(path);
  }
  state.known.add(path);
  return path;
}

/** The one key of a domain and UTC day in maps of per-day state (never stored). */
export const domainDayKey = (domainId: string, day: string): string => `${domainId}\0${day}`;
