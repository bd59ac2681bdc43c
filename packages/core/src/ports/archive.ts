import type { DomainDay } from "./crawl-days.js";

// Archive port: the index of the crawl-log archive's files and day-close leases.

/** One Parquet file of the crawl-log archive: part `part` of a domain-day, as indexed. */
export interface ArchiveFile {
  domainId: string;
  day: string;
  /** 0, 1, … in row order; a day's parts are numbered without gaps. */
  part: number;
  /** Where the bytes are in the `BlobStore`. */
  key: string;
  /** The file's identity: SHA-256 of its bytes, lowercase hex. */
  contentHash: string;
  sizeBytes: number;
  rowCount: number;
  /** Byte offset of each row group, in group order. */
  rowGroupOffsets: number[];
  /** A frozen file never changes again; a provisional one may be replaced by the next close. */
  frozen: boolean;
  /** When the close that wrote it ran. */
  closedAt: Date;
}

/** What `ArchiveIndex.replaceDay` did. */
export type ReplaceDayResult =
  | { ok: true; replaced: ArchiveFile[] }
  | { ok: false; reason: "frozen" };

/** What `ArchiveIndex.appendFrozenParts` did. */
export type AppendPartsResult =
  | { ok: true }
  | { ok: false; reason: "not_frozen" | "parts_changed" };

/** The index of the crawl-log archive: which files make up each domain-day, and who closes it. */
export interface ArchiveIndex {
  /**
   * Indexed files of a domain with `startDay <= day <= endDay`, sorted by day then part. `[]`
   * when none.
   */
  listArchiveFiles(domainId: string, startDay: string, endDay: string): Promise<ArchiveFile[]>;
  /**
   * Makes `files` (all of one domain-day, parts numbered 0..n-1) the day's files, atomically:
   * readers see the old set or the new one. Returns the files it replaced (`[]` for a new day).
   * Refused with `frozen`, changing nothing, when the day's stored files are frozen: a frozen day
   * never changes again, whatever concurrent closes do.
   */
  replaceDay(
    domainId: string,
    day: string,
    files: readonly ArchiveFile[],
  ): Promise<ReplaceDayResult>;
  /**
   * Adds `files` (frozen, numbered `n..n+k-1`) after the `n` stored files of a frozen domain-day,
   * atomically; the stored files are untouched. Refused, changing nothing, with `not_frozen`
   * when the day has no stored file or they are not frozen, and with `parts_changed` when the
   * day does not have exactly `n` files (another close appended meanwhile) or `files` are not
   * frozen and numbered from `n` without gaps.
   */
  appendFrozenParts(
    domainId: string,
    day: string,
    files: readonly ArchiveFile[],
  ): Promise<AppendPartsResult>;
  /**
   * Up to `limit` domain-days with indexed files and `day < beforeDay`, sorted by day then
   * domainId (what retention deletes next).
   */
  daysBefore(beforeDay: string, limit: number): Promise<DomainDay[]>;
  /** Removes every indexed file of the domain-day (retention); returns how many. */
  forgetDay(domainId: string, day: string): Promise<number>;
  /**
   * Takes the close lease of a domain-day for `holder` until `now + ttlMs`: `true` when it was
   * free, expired, or already `holder`'s (then renewed). Under concurrent calls for one
   * domain-day at most one holder gets it.
   */
  acquireDayLease(
    domainId: string,
    day: string,
    holder: string,
    now: Date,
    ttlMs: number,
  ): Promise<boolean>;
  /** Gives the lease back when `holder` has it; otherwise changes nothing. */
  releaseDayLease(domainId: string, day: string, holder: string): Promise<void>;
  /**
   * Records that every day up to `day` was closed, for one domain or, with `"*"`, for all
   * domains. Keeps the later of the stored day and `day`.
   */
  markClosedThrough(scope: string, day: string): Promise<void>;
  /** The later of the domain's mark and the `"*"` mark, or `null` when neither exists. */
  closedThrough(domainId: string): Promise<string | null>;
}
