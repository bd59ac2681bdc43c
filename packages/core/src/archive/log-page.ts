import type { ArchiveFile, ArchiveIndex, BlobStore } from "../ports/index.js";
import { addDays } from "../window/dates.js";
import { type ArchivedRow, createArchiveReader } from "./read-rows.js";

/** Where a page stopped: the next row to read, in the file whose identity the cursor pins. */
export interface LogPosition {
  day: string;
  part: number;
  row: number;
  /** Content hash of that file: a rewrite since makes the position meaningless. */
  hash: string;
}

/** Which rows a page returns; `null` is no filter. Operators compare case-insensitively. */
export interface LogFilter {
  operators: readonly string[] | null;
  tiers: readonly string[] | null;
  servedFrom: readonly string[] | null;
  pathPrefix: string | null;
}

export interface LogPageQuery {
  domainId: string;
  startDate: string;
  endDate: string;
  /** Today (UTC): it is never archived yet, so it is always missing. */
  today: string;
  pageSize: number;
  filter: LogFilter;
  /** Where the previous page stopped; `null` for the first page. */
  after: LogPosition | null;
  /** Archive bytes this page may fetch. */
  budgetBytes: number;
}

export interface LogPage {
  rows: ArchivedRow[];
  /** Days this page scanned that have no archive yet (today, days not closed yet). */
  missingDays: string[];
  /** Days this page scanned whose files are provisional. */
  provisionalDays: string[];
  /** Where the next page starts; `null` when nothing is left. */
  next: LogPosition | null;
}

/** The file a cursor points into changed (or is gone) since the cursor was issued. */
export class StalePosition extends Error {
  constructor() {
    super("the archive file this cursor points into has changed; restart from the first page");
    this.name = "StalePosition";
  }
}

/** Rows read at a time when filters may skip most of them. */
const SCAN_CHUNK = 4096;

/** A row filter compiled once per page. */
export function rowFilter(filter: LogFilter): ((row: ArchivedRow) => boolean) | null {
  const operators = filter.operators && new Set(filter.operators.map((o) => o.toLowerCase()));
  const tiers = filter.tiers && new Set(filter.tiers);
  const served = filter.servedFrom && new Set(filter.servedFrom);
  const prefix = filter.pathPrefix;
  if (!operators && !tiers && !served && prefix === null) return null;
  return (row) =>
    (!operators ||
      (row.matched_operator !== null && operators.has(row.matched_operator.toLowerCase()))) &&
    (!tiers || (row.verdict_tier !== null && tiers.has(row.verdict_tier))) &&
    (!served || served.has(row.served_from)) &&
    (prefix === null || row.path.startsWith(prefix));
}

/**
 * One page of a domain's archived crawl log: rows oldest to newest from `after` (day by day, part
 * by part, row by row), those passing the filter, until `pageSize` rows or the end of the window.
 * Throws `StalePosition` when the cursor's file changed, `ArchiveBudgetExceeded` when the page
 * would fetch more than `budgetBytes`.
 */
export async function readLogPage(
  deps: { archive: ArchiveIndex; blobs: BlobStore },
  query: LogPageQuery,
): Promise<LogPage> {
  const { domainId, endDate, after, pageSize } = query;
  const from = after?.day ?? query.startDate;
  const files = await deps.archive.listArchiveFiles(domainId, from, endDate);
  const closed = await deps.archive.closedThrough(domainId);
  const byDay = new Map<string, ArchiveFile[]>();
  for (const f of files) byDay.set(f.day, [...(byDay.get(f.day) ?? []), f]);
  if (after) {
    const file = byDay.get(after.day)?.[after.part];
    if (!file || file.contentHash !== after.hash || after.row > file.rowCount)
      throw new StalePosition();
  }
  const reader = createArchiveReader(deps.blobs, query.budgetBytes);
  const keep = rowFilter(query.filter);
  const page: LogPage = { rows: [], missingDays: [], provisionalDays: [], next: null };
  let full: LogPosition | null = null;
  for (let day = from; day <= endDate; day = addDays(day, 1)) {
    const dayFiles = byDay.get(day) ?? [];
    if (dayFiles.length === 0) {
      if (day >= query.today || closed === null || day > closed) page.missingDays.push(day);
      continue;
    }
    const startPart = after && day === after.day ? after.part : 0;
    for (let part = startPart; part < dayFiles.length; part++) {
      const file = dayFiles[part] as ArchiveFile;
      let row = after && day === after.day && part === after.part ? after.row : 0;
      if (full) {
        // The page is full: a cursor only when something is left to read.
        if (row < file.rowCount) {
          page.next = full;
          return page;
        }
        continue;
      }
      if (!file.frozen && page.provisionalDays.at(-1) !== day) page.provisionalDays.push(day);
      while (row < file.rowCount && !full) {
        const want = pageSize - page.rows.length;
        const end = Math.min(file.rowCount, row + (keep ? Math.max(want, SCAN_CHUNK) : want));
        const chunk = await reader.readRows(file, row, end);
        for (let i = 0; i < chunk.length; i++) {
          const r = chunk[i] as ArchivedRow;
          if (keep && !keep(r)) continue;
          page.rows.push(r);
          if (page.rows.length === pageSize) {
            full = { day, part, row: row + i + 1, hash: file.contentHash };
            break;
          }
        }
        if (!full) row = end;
        else if (full.row < file.rowCount) {
          page.next = full;
          return page;
        }
      }
    }
  }
  return page;
}
