import type { FileMetaData } from "hyparquet/src/index.js";
import { type AsyncBuffer, parquetMetadataAsync, parquetReadObjects } from "hyparquet/src/index.js";
import type { ArchiveFile, BlobStore } from "../ports.js";
import type { Verdict } from "../types.js";

/** One archived row as Parquet gives it back (INT64 columns as `bigint`). */
export interface ArchivedRow {
  ts: bigint;
  domain: string;
  path: string;
  ua_raw: string;
  ua_hash: string;
  served_from: string;
  status: number;
  bytes: bigint;
  matched_operator: string | null;
  matched_range: string | null;
  verdict_tier: Verdict | null;
  content_hash: string | null;
  stream_id: string;
  ip_asn: bigint;
}

/** A read would fetch more archive bytes than the request's budget allows. */
export class ArchiveBudgetExceeded extends Error {
  constructor(readonly budgetBytes: number) {
    super(`archive read budget of ${budgetBytes} bytes exceeded`);
    this.name = "ArchiveBudgetExceeded";
  }
}

/** The index names a file whose bytes are gone or shorter than indexed. */
export class ArchiveFileMissing extends Error {
  constructor(readonly key: string) {
    super(`archive file missing or truncated: ${key}`);
    this.name = "ArchiveFileMissing";
  }
}

/** Footer bytes fetched first; the footer of a part is a few kilobytes. */
const FOOTER_FETCH = 64 * 1024;

/**
 * Row ranges of archive files, fetched with byte-range reads (footer, then only the pages of the
 * rows asked for: the files have offset indexes and 64 KiB pages). Every byte fetched counts
 * against `budgetBytes`; the read that would pass it throws `ArchiveBudgetExceeded` before it
 * fetches. Footers are parsed once per reader.
 */
export function createArchiveReader(blobs: BlobStore, budgetBytes: number) {
  let used = 0;
  const footers = new Map<string, FileMetaData>();
  const bufferOf = (file: ArchiveFile): AsyncBuffer => ({
    byteLength: file.sizeBytes,
    async slice(start: number, end = file.sizeBytes) {
      const length = end - start;
      if (used + length > budgetBytes) throw new ArchiveBudgetExceeded(budgetBytes);
      used += length;
      const bytes = await blobs.getBlobRange(file.key, start, end);
      if (!bytes || bytes.length !== length) throw new ArchiveFileMissing(file.key);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + length) as ArrayBuffer;
    },
  });
  return {
    /** Rows `rowStart <= i < rowEnd` of the file, in file order. */
    async readRows(file: ArchiveFile, rowStart: number, rowEnd: number): Promise<ArchivedRow[]> {
      if (rowEnd <= rowStart) return [];
      const buffer = bufferOf(file);
      let metadata = footers.get(file.key);
      if (!metadata) {
        metadata = await parquetMetadataAsync(buffer, { initialFetchSize: FOOTER_FETCH });
        footers.set(file.key, metadata);
      }
      const rows = await parquetReadObjects({
        file: buffer,
        metadata,
        rowStart,
        rowEnd,
        useOffsetIndex: true,
      });
      return rows as ArchivedRow[];
    },
    /** Archive bytes fetched so far. */
    bytesRead: () => used,
  };
}

export type ArchiveReader = ReturnType<typeof createArchiveReader>;
