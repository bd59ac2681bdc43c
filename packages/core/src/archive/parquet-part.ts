import type { FileMetaData, RowGroup } from "hyparquet/src/index.js";
import { ByteWriter } from "hyparquet-writer/src/bytewriter.js";
import { schemaFromColumnData } from "hyparquet-writer/src/index.js";
import { writeIndexes } from "hyparquet-writer/src/indexes.js";
import { writeMetadata } from "hyparquet-writer/src/metadata.js";
import type { ArchiveRow } from "../ports/index.js";
import {
  ARCHIVE_PAGE_BYTES,
  type DictColumn,
  dictColumn,
  dictId,
  giveUpDictionary,
  type WrittenChunk,
  writeDictColumn,
  writeInt64Column,
} from "./parquet-chunk.js";

/**
 * One archive part as Parquet: the spec's snake_case columns, `signature_agent` and `signature`
 * (Web Bot Auth; absent from parts written before them), plus `stream_id` and `ip_asn`.
 * SNAPPY (hyparquet-writer's JavaScript codec: no WASM, no `node:zlib`, so core stays
 * runtime-neutral), `ts` DELTA_BINARY_PACKED with min/max statistics, every other column
 * dictionary-encoded where that pays (`parquet-chunk.ts`), 64 KiB pages with offset indexes (a
 * row-range read touches little), fixed row groups of `ARCHIVE_ROW_GROUP_ROWS`, the day and part
 * in the key/value metadata. Rows are taken in batches as the close reads them and each row
 * group is encoded once full, so a part never holds its rows as objects. The same rows always
 * give the same bytes: the content hash is the file's identity.
 */

/** Rows per row group: a cursor's row maps to (group, offset) through these boundaries. */
export const ARCHIVE_ROW_GROUP_ROWS = 50_000;

type ColumnType = "STRING" | "INT32" | "INT64";

/** The columns after `ts`, in file order: where each comes from in an `ArchiveRow`. */
const DICT_COLUMNS: readonly { name: string; from: number; type: ColumnType; required: boolean }[] =
  [
    // `domain` is the part's one hostname (`from: -1`).
    { name: "domain", from: -1, type: "STRING", required: true },
    { name: "path", from: 2, type: "STRING", required: true },
    { name: "ua_raw", from: 3, type: "STRING", required: true },
    { name: "ua_hash", from: 4, type: "STRING", required: true },
    { name: "served_from", from: 6, type: "STRING", required: true },
    { name: "status", from: 7, type: "INT32", required: true },
    { name: "bytes", from: 8, type: "INT64", required: true },
    { name: "matched_operator", from: 9, type: "STRING", required: false },
    { name: "matched_range", from: 10, type: "STRING", required: false },
    { name: "verdict_tier", from: 5, type: "STRING", required: false },
    { name: "content_hash", from: 11, type: "STRING", required: false },
    { name: "signature_agent", from: 14, type: "STRING", required: false },
    { name: "signature", from: 15, type: "STRING", required: false },
    { name: "stream_id", from: 12, type: "STRING", required: true },
    { name: "ip_asn", from: 13, type: "INT64", required: true },
  ];

/** Column names in file order. */
export const ARCHIVE_COLUMNS = ["ts", ...DICT_COLUMNS.map((c) => c.name)] as const;

const SCHEMA = schemaFromColumnData({
  columnData: [
    { name: "ts", data: [], type: "INT64", nullable: false },
    ...DICT_COLUMNS.map((c) => ({ name: c.name, data: [], type: c.type, nullable: !c.required })),
  ],
});

const PARQUET_MAGIC = 0x31524150; // "PAR1"

export interface EncodedPart {
  bytes: Uint8Array;
  rowCount: number;
  /** Byte offset of each row group's first column chunk, in group order. */
  rowGroupOffsets: number[];
}

interface GroupColumns {
  rows: number;
  ts: Float64Array;
  columns: DictColumn[];
}

/** Row-group and page sizes; the defaults in production, small ones in tests. */
export interface PartLayout {
  groupRows?: number;
  pageBytes?: number;
}

/**
 * A part being written: `add` rows (in archive order) batch by batch, then `finish` for the
 * file. Each full row group is encoded as it fills.
 */
export function createPartWriter(
  meta: { domain: string; day: string; part: number },
  layout: PartLayout = {},
) {
  const groupRows = layout.groupRows ?? ARCHIVE_ROW_GROUP_ROWS;
  const pageBytes = layout.pageBytes ?? ARCHIVE_PAGE_BYTES;
  // Rows of a group after which too varied columns stop building a dictionary.
  const checkRows = Math.min(4096, Math.max(2, Math.floor(groupRows / 8)));
  const out = new ByteWriter(1 << 20);
  out.appendUint32(PARQUET_MAGIC);
  const chunks: WrittenChunk[] = [];
  const rowGroups: RowGroup[] = [];
  let rowCount = 0;
  const newGroup = (): GroupColumns => {
    const columns = DICT_COLUMNS.map((c) =>
      dictColumn(c.type === "STRING" ? "BYTE_ARRAY" : c.type, groupRows),
    );
    // The domain column: every row's id is 0, the part's hostname.
    dictId(columns[0] as DictColumn, meta.domain);
    return { rows: 0, ts: new Float64Array(groupRows), columns };
  };
  let group = newGroup();

  const flush = () => {
    const { rows } = group;
    if (rows === 0) return;
    const start = out.offset;
    const written = [writeInt64Column(out, "ts", group.ts, rows, true, pageBytes)];
    DICT_COLUMNS.forEach((c, i) => {
      const column = group.columns[i] as DictColumn;
      written.push(writeDictColumn(out, c.name, column, rows, c.required, pageBytes));
    });
    chunks.push(...written);
    let uncompressed = 0n;
    for (const w of written) uncompressed += w.chunk.meta_data?.total_uncompressed_size ?? 0n;
    rowGroups.push({
      columns: written.map((w) => w.chunk),
      total_byte_size: uncompressed,
      num_rows: BigInt(rows),
      total_compressed_size: BigInt(out.offset - start),
    });
    rowCount += rows;
    group = newGroup();
  };

  return {
    /** Rows added so far. */
    rows: () => rowCount + group.rows,
    add(batch: readonly ArchiveRow[]): void {
      for (const row of batch) {
        const at = group.rows++;
        group.ts[at] = row[1];
        const { columns } = group;
        for (let c = 1; c < DICT_COLUMNS.length; c++) {
          const column = columns[c] as DictColumn;
          column.ids[at] = dictId(column, row[(DICT_COLUMNS[c] as { from: number }).from] as never);
        }
        if (group.rows === checkRows) for (const c of columns) giveUpDictionary(c, checkRows);
        if (group.rows === groupRows) flush();
      }
    },
    finish(): EncodedPart {
      flush();
      writeIndexes(out, chunks);
      const metadata: FileMetaData = {
        version: 2,
        created_by: "crawlgate",
        schema: SCHEMA,
        num_rows: BigInt(rowCount),
        row_groups: rowGroups,
        key_value_metadata: [
          { key: "crawlgate.day", value: meta.day },
          { key: "crawlgate.part", value: String(meta.part) },
        ],
        metadata_length: 0,
      };
      writeMetadata(out, metadata);
      out.appendUint32(PARQUET_MAGIC);
      return {
        bytes: out.getBytes(),
        rowCount,
        rowGroupOffsets: rowGroups.map((g) => Number(g.columns[0]?.file_offset ?? 0n)),
      };
    },
  };
}

/** Encodes `rows` (already in archive order) as one Parquet file of hostname `domain`. */
export function encodeArchivePart(
  rows: readonly ArchiveRow[],
  meta: { domain: string; day: string; part: number },
  layout: PartLayout = {},
): EncodedPart {
  const writer = createPartWriter(meta, layout);
  writer.add(rows);
  return writer.finish();
}
