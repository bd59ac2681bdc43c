import type { ArchiveFile, ArchiveRow } from "../ports/index.js";
import type { CrawlRecord } from "../types.js";

/**
 * Where an archive part lives and what it is. A part's blob key carries the start of its content
 * hash, so a rewrite of a provisional day never overwrites a file a reader may still be paging
 * through: the new bytes go to a new key, the index switches, then the old key is deleted.
 */

/** Rows per part: a busy day is split into parts of this many rows (the last one smaller). */
export const ARCHIVE_PART_ROWS = 100_000;
/** Days after its end that a day stays provisional (rewritten at each close); then frozen. */
export const PROVISIONAL_DAYS = 3;
/** Archived days are kept this long (about 13 months), then retention deletes their files. */
export const ARCHIVE_RETENTION_DAYS = 396;

export const archiveKey = (domainId: string, day: string, part: number, contentHash: string) =>
  `archive/${domainId}/${day}/part-${part}-${contentHash.slice(0, 16)}.parquet`;

/** Whether two index entries describe the same file (content, size, rows, groups). */
export const sameIdentity = (a: ArchiveFile, b: ArchiveFile) =>
  a.contentHash === b.contentHash &&
  a.sizeBytes === b.sizeBytes &&
  a.rowCount === b.rowCount &&
  a.rowGroupOffsets.join() === b.rowGroupOffsets.join();

/** A raw crawl as the day close reads it (`CrawlDays.listDayRows`). */
export const archiveRowOf = (r: CrawlRecord): ArchiveRow => [
  r.eventId,
  r.ts.getTime(),
  r.path,
  r.userAgent,
  r.uaHash,
  r.verdict,
  r.servedFrom,
  r.status,
  r.bytes,
  r.botOperator,
  r.matchedRange,
  r.contentHash,
  r.streamId,
  r.ipAsn,
  r.signatureAgent,
  r.signature,
];
