import { OVERFLOW_PATH } from "../ingest/aggregates.js";
import type { LandingPathCounts, SourceCounts } from "../types.js";

/**
 * Order-preserving remap of UTF-16 code units: surrogates (code points above U+FFFF) sort after
 * U+E000–U+FFFF, as their UTF-8 bytes do.
 */
const unit = (c: number) => (c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c);

/**
 * Compares strings in UTF-8 byte order (= code point order), the order of SQLite's BINARY and
 * PostgreSQL's "C" collations. JavaScript's `<` compares UTF-16 code units and differs for
 * characters above U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unit(x) - unit(y);
  }
  return a.length - b.length;
}

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
