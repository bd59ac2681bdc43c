import type { FileMetaData, OffsetIndex } from "hyparquet/src/index.js";
import {
  type AsyncBuffer,
  parquetMetadataAsync,
  parquetReadObjects,
  readOffsetIndex,
} from "hyparquet/src/index.js";
import type { ArchiveFile, BlobStore } from "../ports/index.js";
import type { SignatureVerdict, Verdict } from "../types.js";

/**
 * One archived row as Parquet gives it back (INT64 columns as `bigint`). Parts written before
 * the Web Bot Auth columns lack `signature_agent` and `signature`.
 */
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
  signature_agent?: string | null;
  signature?: SignatureVerdict | null;
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

type PageLocation = OffsetIndex["page_locations"][number];

/** What a row-range read of a file needs before its pages: the footer and the offset indexes. */
interface FileLayout {
  metadata: FileMetaData;
  /** Per row group, each column's page locations (columns of one page have none). */
  pageLocationsByGroup: Record<string, PageLocation[]>[];
}

/** Layouts kept per blob store: the most recently used files, by content hash. */
const LAYOUT_CACHE_FILES = 256;
const layoutCaches = new WeakMap<BlobStore, Map<string, FileLayout>>();

/**
 * Row ranges of archive files, fetched with byte-range reads (footer, then only the pages of the
 * rows asked for: the files have offset indexes and 64 KiB pages). Every byte fetched counts
 * against `budgetBytes`; the read that would pass it throws `ArchiveBudgetExceeded` before it
 * fetches. A file's footer and offset indexes are parsed once and kept by its content hash (the
 * same hash is the same bytes; a rewrite gets a new hash) for later reads through the same blob
 * store, so a page from a file read before fetches and decodes only the pages of its rows.
 */
export function createArchiveReader(blobs: BlobStore, budgetBytes: number) {
  let used = 0;
  let layouts = layoutCaches.get(blobs);
  if (!layouts) {
    layouts = new Map();
    layoutCaches.set(blobs, layouts);
  }
  const bufferOf = (file: ArchiveFile) => {
    // The last fetch (the footer's, first): slices inside it are not fetched again.
    let held: { start: number; bytes: Uint8Array } | null = null;
    const buffer: AsyncBuffer = {
      byteLength: file.sizeBytes,
      async slice(start: number, end = file.sizeBytes) {
        const length = end - start;
        if (held && start >= held.start && end <= held.start + held.bytes.length) {
          const from = held.bytes.byteOffset + start - held.start;
          return held.bytes.buffer.slice(from, from + length) as ArrayBuffer;
        }
        if (used + length > budgetBytes) throw new ArchiveBudgetExceeded(budgetBytes);
        used += length;
        const bytes = await blobs.getBlobRange(file.key, start, end);
        if (!bytes || bytes.length !== length) throw new ArchiveFileMissing(file.key);
        held = { start, bytes };
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + length) as ArrayBuffer;
      },
    };
    return buffer;
  };
  const layoutOf = async (file: ArchiveFile, buffer: AsyncBuffer): Promise<FileLayout> => {
    const known = layouts.get(file.contentHash);
    if (known) {
      layouts.delete(file.contentHash);
      layouts.set(file.contentHash, known);
      return known;
    }
    const metadata = await parquetMetadataAsync(buffer, { initialFetchSize: FOOTER_FETCH });
    const layout = { metadata, pageLocationsByGroup: await readPageLocations(buffer, metadata) };
    layouts.set(file.contentHash, layout);
    if (layouts.size > LAYOUT_CACHE_FILES) layouts.delete(layouts.keys().next().value as string);
    return layout;
  };
  return {
    /** Rows `rowStart <= i < rowEnd` of the file, in file order. */
    async readRows(file: ArchiveFile, rowStart: number, rowEnd: number): Promise<ArchivedRow[]> {
      if (rowEnd <= rowStart) return [];
      const buffer = bufferOf(file);
      const { metadata, pageLocationsByGroup } = await layoutOf(file, buffer);
      // hyparquet's planner takes parsed page locations in place of fetching offset indexes.
      const options = { file: buffer, metadata, rowStart, rowEnd, pageLocationsByGroup };
      const rows = await parquetReadObjects(options);
      return rows as ArchivedRow[];
    },
    /** Archive bytes fetched so far. */
    bytesRead: () => used,
  };
}

/** Every column chunk's offset index, fetched as one range (they sit together before the footer). */
async function readPageLocations(
  buffer: AsyncBuffer,
  metadata: FileMetaData,
): Promise<Record<string, PageLocation[]>[]> {
  const chunks = metadata.row_groups.flatMap((group) => group.columns);
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  for (const c of chunks) {
    if (c.offset_index_offset === undefined || !c.offset_index_length) continue;
    start = Math.min(start, Number(c.offset_index_offset));
    end = Math.max(end, Number(c.offset_index_offset) + c.offset_index_length);
  }
  const view = end > 0 ? new DataView(await buffer.slice(start, end)) : null;
  return metadata.row_groups.map((group) => {
    const byColumn: Record<string, PageLocation[]> = {};
    for (const c of group.columns) {
      if (!view || c.offset_index_offset === undefined || !c.offset_index_length) continue;
      const offset = Number(c.offset_index_offset) - start;
      const path = c.meta_data?.path_in_schema.join(".") ?? "";
      byColumn[path] = readOffsetIndex({ view, offset }).page_locations;
    }
    return byColumn;
  });
}

export type ArchiveReader = ReturnType<typeof createArchiveReader>;
