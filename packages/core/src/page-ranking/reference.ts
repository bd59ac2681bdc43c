import { OVERFLOW_PATH } from "../ingest/path-cap.js";
import { compareUtf8 } from "../text/compare-utf8.js";
import type {
  PathCountFilter,
  PathDayCount,
  PathQuery,
  PathRanking,
  PathRankQuery,
  RankedPath,
} from "../types.js";
import { compareRanked, isAfterKeyset } from "./keyset.js";

/**
 * The page-ranking reads of `CrawlStore` over plain aggregate rows (`pathDayCounts` output):
 * what the memory adapter runs and what the read model of the SQL adapters is checked against.
 * It stays naive on purpose: it is the oracle.
 */

/** Whether a row passes the bot and tier filters (a `null` or empty list filters nothing). */
export function passesCountFilter(row: PathDayCount, filter: PathCountFilter): boolean {
  if (filter.botIds && filter.botIds.length > 0 && !filter.botIds.includes(row.botId)) return false;
  if (filter.tiers && filter.tiers.length > 0 && !filter.tiers.includes(row.tier)) return false;
  return true;
}

/** Paths of the query with their filtered totals (overflow and empty paths left out). */
function pathTotals(rows: readonly PathDayCount[], query: PathQuery): RankedPath[] {
  const totals = new Map<string, RankedPath>();
  for (const row of rows) {
    if (row.day < query.startDay || row.day > query.endDay || row.count <= 0) continue;
    if (row.path === OVERFLOW_PATH || !passesCountFilter(row, query)) continue;
    if (query.pathPrefix !== null && !row.path.startsWith(query.pathPrefix)) continue;
    let entry = totals.get(row.path);
    if (!entry) {
      entry = { path: row.path, total: 0, verified: 0 };
      totals.set(row.path, entry);
    }
    entry.total += row.count;
    if (row.tier === "verified") entry.verified += row.count;
  }
  return [...totals.values()].filter((p) => p.total > 0);
}

/** `rankPaths` of the `PageRanking` contract over rows of the query's domain. */
export function rankPathRows(rows: readonly PathDayCount[], query: PathRankQuery): PathRanking {
  const { after, sortBy } = query;
  const all = pathTotals(rows, query);
  const paths = all
    .filter((p) => isAfterKeyset(p[sortBy], p.path, after))
    .sort((a, b) => compareRanked(a, b, sortBy))
    .slice(0, query.limit);
  return { paths, pathCount: all.length };
}

/** `countsOfPaths` of the `PageRanking` contract over rows of one domain and window. */
export function rowsOfPaths(
  rows: readonly PathDayCount[],
  filter: PathCountFilter,
  paths: readonly string[],
): PathDayCount[] {
  const wanted = new Set(paths);
  return rows
    .filter((r) => wanted.has(r.path) && r.count > 0 && passesCountFilter(r, filter))
    .sort(
      (a, b) =>
        compareUtf8(a.path, b.path) ||
        compareUtf8(a.day, b.day) ||
        compareUtf8(a.botId, b.botId) ||
        compareUtf8(a.tier, b.tier),
    );
}
