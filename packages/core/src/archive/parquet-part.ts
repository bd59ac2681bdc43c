import { parquetMetadata } from "hyparquet/src/index.js";
import { ByteWriter, parquetWrite } from "hyparquet-writer/src/index.js";
import type { CrawlRecord } from "../types.js";

/**
 * One archive part as Parquet: the spec's snake_case columns plus `stream_id` and `ip_asn`.
 * SNAPPY (hyparquet-writer's built-in JavaScript codec: no WASM, no `node:zlib`, so core stays
 * runtime-neutral), `ts` DELTA_BINARY_PACKED, 64 KiB pages (a row-range read touches little),
 * fixed row groups of `ARCHIVE_ROW_GROUP_ROWS` and the day and part in the key/value metadata.
 * The same rows always give the same bytes: the content hash is the file's identity.
 */

/** Rows per row group: a cursor's row maps to (group, offset) through these boundaries. */
export const ARCHIVE_ROW_GROUP_ROWS = 50_000;

/** Column names in file order. */
export const ARCHIVE_COLUMNS = [
  "ts",
  "domain",
  "path",
  "ua_raw",
  "ua_hash",
  "served_from",
  "status",
  "bytes",
  "matched_operator",
  "matched_range",
  "verdict_tier",
  "content_hash",
  "stream_id",
  "ip_asn",
] as const;

export interface EncodedPart {
  bytes: Uint8Array;
  rowCount: number;
  /** Byte offset of each row group's first column chunk, in group order. */
  rowGroupOffsets: number[];
}

/** Encodes `records` (already in archive order) as one Parquet file of hostname `domain`. */
export function encodeArchivePart(
  records: readonly CrawlRecord[],
  meta: { domain: string; day: string; part: number },
): EncodedPart {
  const n = records.length;
  const ts = new BigInt64Array(n);
  const bytes = new BigInt64Array(n);
  const asn = new BigInt64Array(n);
  const status = new Int32Array(n);
  const text = (pick: (r: CrawlRecord) => string | null) => records.map(pick);
  records.forEach((r, i) => {
    ts[i] = BigInt(r.ts.getTime());
    bytes[i] = BigInt(r.bytes);
    asn[i] = BigInt(r.ipAsn);
    status[i] = r.status;
  });
  const writer = new ByteWriter();
  parquetWrite({
    writer,
    codec: "SNAPPY",
    // Min/max statistics only where a reader can prune with them (time ranges): on every column
    // they cost more than the encoding of a small part.
    statistics: false,
    pageSize: 65_536,
    rowGroupSize: ARCHIVE_ROW_GROUP_ROWS,
    createdBy: "crawlgate",
    kvMetadata: [
      { key: "crawlgate.day", value: meta.day },
      { key: "crawlgate.part", value: String(meta.part) },
    ],
    columnData: [
      {
        name: "ts",
        data: ts,
        type: "INT64",
        nullable: false,
        encoding: "DELTA_BINARY_PACKED",
        statistics: true,
      },
      { name: "domain", data: records.map(() => meta.domain), type: "STRING", nullable: false },
      { name: "path", data: text((r) => r.path), type: "STRING", nullable: false },
      { name: "ua_raw", data: text((r) => r.userAgent), type: "STRING", nullable: false },
      { name: "ua_hash", data: text((r) => r.uaHash), type: "STRING", nullable: false },
      { name: "served_from", data: text((r) => r.servedFrom), type: "STRING", nullable: false },
      { name: "status", data: status, type: "INT32", nullable: false },
      { name: "bytes", data: bytes, type: "INT64", nullable: false },
      { name: "matched_operator", data: text((r) => r.botOperator), type: "STRING" },
      { name: "matched_range", data: text((r) => r.matchedRange), type: "STRING" },
      { name: "verdict_tier", data: text((r) => r.verdict), type: "STRING" },
      { name: "content_hash", data: text((r) => r.contentHash), type: "STRING" },
      { name: "stream_id", data: text((r) => r.streamId), type: "STRING", nullable: false },
      { name: "ip_asn", data: asn, type: "INT64", nullable: false },
    ],
  });
  const out = writer.getBytes();
  return { bytes: out, rowCount: n, rowGroupOffsets: rowGroupOffsetsOf(out) };
}

/** Row-group byte offsets, read back from the footer just written. */
function rowGroupOffsetsOf(file: Uint8Array): number[] {
  const metadata = parquetMetadata(
    file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
  );
  return metadata.row_groups.map((group) => {
    const first = group.columns[0]?.meta_data;
    return Number(first?.dictionary_page_offset ?? first?.data_page_offset ?? 0n);
  });
}
