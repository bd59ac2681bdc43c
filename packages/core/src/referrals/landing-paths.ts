import { compareUtf8 } from "../text/compare-utf8.js";
import type { LandingPathCounts, SourceCounts } from "../types.js";
import { OVERFLOW_PATH } from "../types.js";

/** Visits of one landing path from one source (any number of rows per pair). */
export interface PathSourceCount {
  path: string;
  source: string;
  count: number;
}

/** Sums counts per source; `null` when there are none. */
export function sumBySource(
  rows: Iterable<{ source: string; count: number }>,
): SourceCounts | null {
  const bySource: Record<string, number> = {};
  let total = 0;
  for (const { source, count } of rows) {
    if (count === 0) continue;
    bySource[source] = (bySource[source] ?? 0) + count;
    total += count;
  }
  return total === 0 ? null : { total, bySource };
}

/**
 * Landing paths ranked by total descending then path ascending (UTF-8 byte order), with counts
 * per source, `__overflow__` left out, at most `limit`. The one ranking every ReferralStore uses.
 */
export function rankLandingPaths(
  rows: Iterable<PathSourceCount>,
  limit: number,
): LandingPathCounts[] {
  const byPath = new Map<string, PathSourceCount[]>();
  for (const row of rows) {
    if (row.path === OVERFLOW_PATH) continue;
    const list = byPath.get(row.path);
    if (list) list.push(row);
    else byPath.set(row.path, [row]);
  }
  const ranked: LandingPathCounts[] = [];
  for (const [path, list] of byPath) {
    const counts = sumBySource(list);
    if (counts) ranked.push({ path, ...counts });
  }
  return ranked
    .sort((a, b) => b.total - a.total || compareUtf8(a.path, b.path))
    .slice(0, Math.max(0, limit));
}
