import { compareUtf8 } from "../../text/compare-utf8.js";
import { eachDay } from "../../window/dates.js";
import type { Window } from "../../window/window.js";

/** A series entry: `date`, then a count per key. */
export type DayEntry = { date: string } & Record<string, number>;

/** Counts per day, then per key (a source, a legacy bot key). */
export type DayCounts = Map<string, Map<string, number>>;

/** Adds `count` to `perDay[day][key]` (in place). */
export function addDayCount(perDay: DayCounts, day: string, key: string, count: number): void {
  let cells = perDay.get(day);
  if (!cells) {
    cells = new Map();
    perDay.set(day, cells);
  }
  cells.set(key, (cells.get(key) ?? 0) + count);
}

/** The keys of `totals` ranked by count descending, then key ascending (UTF-8 byte order). */
export function rankedKeys(totals: ReadonlyMap<string, number>): string[] {
  return [...totals.keys()].sort(
    (a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || compareUtf8(a, b),
  );
}

/** `counts` with its keys in ranked order (equal JSON on every engine). */
export function rankedCounts(counts: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of rankedKeys(new Map(Object.entries(counts)))) out[key] = counts[key] as number;
  return out;
}

/**
 * One entry per day of the window, ascending: `{date, <key>: count}` with every key of `keys` in
 * that order, zeros included, so a chart needs no gap filling.
 */
export function zeroFilledSeries(
  window: Window,
  keys: readonly string[],
  perDay: DayCounts,
): DayEntry[] {
  return eachDay(window.startDate, window.endDate).map((date) => {
    const entry = { date } as DayEntry;
    const cells = perDay.get(date);
    for (const key of keys) entry[key] = cells?.get(key) ?? 0;
    return entry;
  });
}
