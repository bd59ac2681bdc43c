import { compareUtf8 } from "../text/compare-utf8.js";
import type { PathRankQuery, PathSort, RankedPath } from "../types.js";

/**
 * The order of a ranking and its keyset, written once: the reference ranking, the block ranking
 * and the SQL of the Kysely adapter (which quotes these names) all follow it.
 *
 * Order: the sort value descending, then the path ascending in UTF-8 byte order (`tieBreak`).
 * Keyset: a page continues after the position `(value, path)` of the previous page's last row,
 * so a row comes after it when its value is lower, or the same with a greater path.
 */

/** The tie-break of paths with the same value: UTF-8 byte order (PostgreSQL "C", SQLite BINARY). */
export const tieBreak: (a: string, b: string) => number = compareUtf8;

/** Whether a path of `value` comes after the keyset position `after` (`null`: the first page). */
export function isAfterKeyset(value: number, path: string, after: PathRankQuery["after"]): boolean {
  return (
    after === null ||
    value < after.value ||
    (value === after.value && tieBreak(path, after.path) > 0)
  );
}

/** The ranking order of two paths by `sortBy`: negative when `a` is listed first. */
export function compareRanked(a: RankedPath, b: RankedPath, sortBy: PathSort): number {
  return b[sortBy] - a[sortBy] || tieBreak(a.path, b.path);
}
