import type { ColumnChunk, Encoding, OffsetIndex } from "hyparquet/src/index.js";

type PageLocation = OffsetIndex["page_locations"][number];

import { ByteWriter } from "hyparquet-writer/src/bytewriter.js";
import { writePageHeader } from "hyparquet-writer/src/datapage.js";
import { deltaBinaryPack } from "hyparquet-writer/src/delta.js";
import { writeRleBitPackedHybrid } from "hyparquet-writer/src/encoding.js";
import { snappyCompress } from "hyparquet-writer/src/snappy.js";

/**
 * Column chunks of an archive part, encoded straight from column arrays: hyparquet-writer's page
 * header, RLE/bit-packing, delta and SNAPPY primitives, without its per-value conversions. Text
 * and small-integer columns are kept as dictionary ids while rows arrive (each distinct value is
 * converted once), and written RLE_DICTIONARY when that at least halves the PLAIN size (the
 * rule hyparquet-writer applies), PLAIN from the dictionary otherwise. Pages are DATA_PAGE_V2 of
 * about 64 KiB (by the same size estimates as hyparquet-writer), each listed in the chunk's
 * offset index, so a row-range read fetches only the pages of its rows.
 */

/** Target uncompressed page size. */
export const ARCHIVE_PAGE_BYTES = 65_536;

/** A chunk written to the part: its footer entry and its offset index. */
export interface WrittenChunk {
  chunk: ColumnChunk;
  offsetIndex: OffsetIndex;
}

/**
 * Values of one column of a row group as ids into `values` (`ids[row]` is -1 for null). Values
 * are deduplicated through `lookup` until `giveUpDictionary` finds the column too varied for a
 * dictionary to pay (paths, content hashes, byte counts): from then on each row's value is
 * appended as it comes, without a lookup, and the chunk is written PLAIN.
 */
export interface DictColumn {
  type: "BYTE_ARRAY" | "INT32" | "INT64";
  ids: Int32Array;
  values: (string | number)[];
  lookup: Map<string | number, number> | null;
}

export const dictColumn = (type: DictColumn["type"], rows: number): DictColumn => ({
  type,
  ids: new Int32Array(rows),
  values: [],
  lookup: new Map(),
});

/** The id of `value` in `column` (added when new, or always once deduplication stopped); -1 for null. */
export function dictId(column: DictColumn, value: string | number | null): number {
  if (value === null) return -1;
  const { lookup, values } = column;
  let id = lookup?.get(value);
  if (id === undefined) {
    id = values.length;
    values.push(value);
    lookup?.set(value, id);
  }
  return id;
}

/**
 * Stops deduplicating `column` when, after its first `rows` rows, its distinct values are more
 * than 3/4 of them: a dictionary pays only when they end at most about half (see
 * `writeDictColumn`), which a column this varied so early does not reach.
 */
export function giveUpDictionary(column: DictColumn, rows: number): void {
  if (column.lookup && column.values.length > 0.75 * rows) column.lookup = null;
}

const textEncoder = new TextEncoder();

/** Each distinct value's PLAIN encoding, concatenated, with its start in `starts`. */
function plainValues(column: DictColumn): { bytes: Uint8Array; starts: Int32Array } {
  const { values, type } = column;
  const starts = new Int32Array(values.length + 1);
  if (type !== "BYTE_ARRAY") {
    const width = type === "INT32" ? 4 : 8;
    const bytes = new Uint8Array(values.length * width);
    const view = new DataView(bytes.buffer);
    values.forEach((v, i) => {
      starts[i + 1] = (i + 1) * width;
      if (type === "INT32") view.setInt32(i * width, v as number, true);
      else view.setBigInt64(i * width, BigInt(v), true);
    });
    return { bytes, starts };
  }
  let bytes = new Uint8Array(1024);
  let view = new DataView(bytes.buffer);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    const text = values[i] as string;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit, plus the 4-byte length.
    if (at + 4 + text.length * 3 > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + 4 + text.length * 3));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
      view = new DataView(bytes.buffer);
    }
    const { written } = textEncoder.encodeInto(text, bytes.subarray(at + 4));
    view.setUint32(at, written, true);
    at += 4 + written;
    starts[i + 1] = at;
  }
  return { bytes: bytes.subarray(0, at), starts };
}

/** Accumulates one chunk's pages in the part. */
function chunkPages(out: ByteWriter) {
  const start = out.offset;
  const pages: PageLocation[] = [];
  let uncompressed = 0;
  let dictionaryOffset: number | undefined;
  return {
    start,
    pages,
    dictionary(data: Uint8Array, count: number): void {
      dictionaryOffset = out.offset;
      const compressed = snappyCompress(data);
      writePageHeader(out, {
        type: "DICTIONARY_PAGE",
        uncompressed_page_size: data.length,
        compressed_page_size: compressed.length,
        dictionary_page_header: { num_values: count, encoding: "PLAIN" },
      });
      uncompressed += out.offset - (dictionaryOffset as number) + data.length;
      out.appendBytes(compressed);
    },
    data(page: DataPage): void {
      const at = out.offset;
      const compressed = snappyCompress(page.data);
      const levels = page.levels ?? new Uint8Array(0);
      writePageHeader(out, {
        type: "DATA_PAGE_V2",
        uncompressed_page_size: levels.length + page.data.length,
        compressed_page_size: levels.length + compressed.length,
        data_page_header_v2: {
          num_values: page.rows,
          num_nulls: page.nulls,
          num_rows: page.rows,
          encoding: page.encoding,
          definition_levels_byte_length: levels.length,
          repetition_levels_byte_length: 0,
          is_compressed: true,
        },
      });
      uncompressed += out.offset - at + levels.length + page.data.length;
      out.appendBytes(levels);
      out.appendBytes(compressed);
      pages.push({
        offset: BigInt(at),
        compressed_page_size: out.offset - at,
        first_row_index: BigInt(page.firstRow),
      });
    },
    finish(meta: ChunkMeta): WrittenChunk {
      const dataOffset = Number(pages[0]?.offset ?? out.offset);
      return {
        chunk: {
          file_offset: BigInt(start),
          meta_data: {
            type: meta.type,
            encodings: meta.encodings,
            path_in_schema: [meta.name],
            codec: "SNAPPY",
            num_values: BigInt(meta.rows),
            total_compressed_size: BigInt(out.offset - start),
            total_uncompressed_size: BigInt(uncompressed),
            data_page_offset: BigInt(dataOffset),
            ...(dictionaryOffset === undefined
              ? {}
              : { dictionary_page_offset: BigInt(dictionaryOffset) }),
            ...(meta.extra ?? {}),
          },
        },
        offsetIndex: { page_locations: pages },
      };
    },
  };
}

interface DataPage {
  /** Definition levels (OPTIONAL columns), RLE/bit-packed, uncompressed as V2 pages keep them. */
  levels: Uint8Array | null;
  data: Uint8Array;
  rows: number;
  nulls: number;
  firstRow: number;
  encoding: Encoding;
}

interface ChunkMeta {
  name: string;
  type: "BYTE_ARRAY" | "INT32" | "INT64";
  encodings: Encoding[];
  rows: number;
  extra?: Partial<NonNullable<ColumnChunk["meta_data"]>>;
}

/** Definition levels of rows `[from, to)`: 1 present, 0 null. */
function levelsOf(ids: Int32Array, from: number, to: number): Uint8Array {
  const defined = new Uint8Array(to - from);
  for (let i = from; i < to; i++) defined[i - from] = ids[i] === -1 ? 0 : 1;
  const writer = new ByteWriter();
  writeRleBitPackedHybrid(writer, defined, 1);
  return writer.getBytes().slice();
}

/**
 * Writes rows `[0, rows)` of a dictionary column as one chunk: RLE_DICTIONARY when the
 * dictionary and its ids take at most half the PLAIN bytes, PLAIN otherwise.
 */
export function writeDictColumn(
  out: ByteWriter,
  name: string,
  column: DictColumn,
  rows: number,
  required: boolean,
  pageBytes = ARCHIVE_PAGE_BYTES,
): WrittenChunk {
  const { ids } = column;
  const plain = plainValues(column);
  let plainBytes = 0;
  let present = 0;
  for (let i = 0; i < rows; i++) {
    const id = ids[i] as number;
    if (id === -1) continue;
    present++;
    plainBytes += (plain.starts[id + 1] as number) - (plain.starts[id] as number);
  }
  const bitWidth = Math.ceil(Math.log2(column.values.length));
  const useDictionary =
    2 * (plain.bytes.length + Math.ceil((present * bitWidth) / 8)) <= plainBytes;
  const chunk = chunkPages(out);
  if (useDictionary) chunk.dictionary(plain.bytes, column.values.length);
  const encoding: Encoding = useDictionary ? "RLE_DICTIONARY" : "PLAIN";
  const prefix = column.type === "BYTE_ARRAY" ? 4 : 0;
  const scratch = new ByteWriter();
  let first = 0;
  while (first < rows) {
    // Page size estimates as hyparquet-writer's: 4 bytes per id, the value's bytes when PLAIN.
    let end = first;
    let size = 0;
    let nulls = 0;
    for (; end < rows && (size < pageBytes || end === first); end++) {
      const id = ids[end] as number;
      if (id === -1) nulls++;
      else
        size += useDictionary
          ? 4
          : (plain.starts[id + 1] as number) - (plain.starts[id] as number) - prefix;
    }
    if (required && nulls > 0) throw new Error(`archive column ${name}: null in a REQUIRED column`);
    reset(scratch);
    if (useDictionary) pageIds(scratch, ids, first, end, nulls);
    else pagePlain(scratch, plain, ids, first, end);
    chunk.data({
      levels: required ? null : levelsOf(ids, first, end),
      data: scratch.getBytes(),
      rows: end - first,
      nulls,
      firstRow: first,
      encoding,
    });
    first = end;
  }
  return chunk.finish({
    name,
    type: column.type,
    encodings: useDictionary ? ["PLAIN", "RLE_DICTIONARY"] : ["PLAIN"],
    rows,
  });
}

/** A dictionary page's data: the bit width, then the present rows' ids RLE/bit-packed. */
function pageIds(writer: ByteWriter, ids: Int32Array, from: number, to: number, nulls: number) {
  let present = ids.subarray(from, to);
  if (nulls > 0) {
    present = new Int32Array(to - from - nulls);
    let n = 0;
    for (let i = from; i < to; i++) if (ids[i] !== -1) present[n++] = ids[i] as number;
  }
  let max = 0;
  for (const id of present) if (id > max) max = id;
  const bitWidth = Math.ceil(Math.log2(max + 1));
  writer.appendUint8(bitWidth);
  writeRleBitPackedHybrid(writer, present, bitWidth);
}

/** A PLAIN page's data: the present rows' values, copied from their one encoding. */
function pagePlain(
  writer: ByteWriter,
  plain: { bytes: Uint8Array; starts: Int32Array },
  ids: Int32Array,
  from: number,
  to: number,
): void {
  const { bytes, starts } = plain;
  let total = 0;
  for (let i = from; i < to; i++) {
    const id = ids[i] as number;
    if (id !== -1) total += (starts[id + 1] as number) - (starts[id] as number);
  }
  writer.ensure(total);
  const target = new Uint8Array(writer.buffer);
  let at = writer.index;
  for (let i = from; i < to; i++) {
    const id = ids[i] as number;
    if (id === -1) continue;
    const end = starts[id + 1] as number;
    for (let b = starts[id] as number; b < end; b++) target[at++] = bytes[b] as number;
  }
  writer.offset += total;
  writer.index += total;
}

/** Empties a scratch writer for the next page. */
function reset(writer: ByteWriter): void {
  writer.offset = 0;
  writer.index = 0;
}

/**
 * Writes rows `[0, rows)` of a REQUIRED INT64 column: DELTA_BINARY_PACKED with min/max
 * statistics (`ts`, whose time ranges a reader may prune by), or PLAIN.
 */
export function writeInt64Column(
  out: ByteWriter,
  name: string,
  values: Float64Array,
  rows: number,
  delta: boolean,
  pageBytes = ARCHIVE_PAGE_BYTES,
): WrittenChunk {
  // 8 bytes per value, as hyparquet-writer estimates them.
  const pageRows = Math.max(1, Math.floor(pageBytes / 8));
  const chunk = chunkPages(out);
  const scratch = new ByteWriter();
  const encoding: Encoding = delta ? "DELTA_BINARY_PACKED" : "PLAIN";
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let first = 0; first < rows; first += pageRows) {
    const end = Math.min(rows, first + pageRows);
    const page = new BigInt64Array(end - first);
    for (let i = first; i < end; i++) {
      const v = values[i] as number;
      page[i - first] = BigInt(v);
      if (v < min) min = v;
      if (v > max) max = v;
    }
    reset(scratch);
    if (delta) deltaBinaryPack(scratch, page, "INT64");
    else for (const v of page) scratch.appendInt64(v);
    chunk.data({
      levels: null,
      data: scratch.getBytes(),
      rows: end - first,
      nulls: 0,
      firstRow: first,
      encoding,
    });
  }
  const stats: ChunkMeta["extra"] = delta
    ? {
        statistics: { min_value: BigInt(min), max_value: BigInt(max), null_count: 0n },
        encoding_stats: [
          {
            page_type: "DATA_PAGE_V2",
            encoding,
            count: Math.ceil(rows / pageRows),
          },
        ],
      }
    : {};
  return chunk.finish({ name, type: "INT64", encodings: [encoding], rows, extra: stats });
}
