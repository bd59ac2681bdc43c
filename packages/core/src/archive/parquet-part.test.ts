import fc from "fast-check";
import { parquetMetadata, parquetReadObjects } from "hyparquet/src/index.js";
import { describe, expect, it } from "vitest";
import type { ArchiveRow } from "../ports/index.js";
import { ARCHIVE_COLUMNS, encodeArchivePart } from "./parquet-part.js";

const META = { domain: "shop.example", day: "2026-11-10", part: 0 };

/** Rows in archive order from arbitrary column values (ts ascending by the given steps). */
const rowsArb = fc
  .array(
    fc.record({
      step: fc.integer({ min: 0, max: 5000 }),
      path: fc.oneof(fc.constantFrom("/", "/a", "/b?x=1"), fc.string({ unit: "grapheme" })),
      ua: fc.constantFrom("Googlebot/2.1", "bot «ü» ☃", "curl/8"),
      uaHash: fc.constantFrom("0123456789abcdef", "fedcba9876543210"),
      verdict: fc.constantFrom("verified", "declared", "unknown", "automation"),
      served: fc.constantFrom("cache", "render", "origin"),
      status: fc.constantFrom(200, 301, 404, 503),
      bytes: fc.oneof(fc.integer({ min: 0, max: 300_000 }), fc.maxSafeNat()),
      operator: fc.option(fc.constantFrom("Google", "OpenAI"), { freq: 3 }),
      range: fc.option(fc.constantFrom("66.249.64.0/19", "2001:db8::/32"), { freq: 3 }),
      hash: fc.option(fc.string({ minLength: 32, maxLength: 32, unit: "binary-ascii" })),
      stream: fc.constantFrom("s1", "s2"),
      asn: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4_294_967_295 })),
      agent: fc.option(fc.constantFrom("https://chatgpt.com", "http://127.0.0.1:40001")),
      signature: fc.option(fc.constantFrom("verified", "invalid", "unverified")),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((values) => {
    let ts = Date.parse("2026-11-10T00:00:00.000Z");
    return values.map((v, i): ArchiveRow => {
      ts += v.step;
      return [
        `e${i}`,
        ts,
        v.path,
        v.ua,
        v.uaHash,
        v.verdict,
        v.served,
        v.status,
        v.bytes,
        v.operator,
        v.range,
        v.hash,
        v.stream,
        v.asn,
        v.agent,
        v.signature,
      ];
    });
  });

/** A row as hyparquet reads it back (INT64 columns as bigint). */
const expected = (r: ArchiveRow) => ({
  ts: BigInt(r[1]),
  domain: META.domain,
  path: r[2],
  ua_raw: r[3],
  ua_hash: r[4],
  served_from: r[6],
  status: r[7],
  bytes: BigInt(r[8]),
  matched_operator: r[9],
  matched_range: r[10],
  verdict_tier: r[5],
  content_hash: r[11],
  signature_agent: r[14],
  signature: r[15],
  stream_id: r[12],
  ip_asn: BigInt(r[13]),
});

const bufferOf = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe("archive part encoding", () => {
  it("reads back to the same rows, whole and by any row range, for any layout", async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 8, max: 600 }),
        fc.nat(),
        fc.nat(),
        async (rows, groupRows, pageBytes, a, b) => {
          const part = encodeArchivePart(rows, META, { groupRows, pageBytes });
          const file = bufferOf(part.bytes);
          const metadata = parquetMetadata(file);
          expect(metadata.schema.slice(1).map((e) => e.name)).toEqual([...ARCHIVE_COLUMNS]);
          expect(metadata.row_groups.map((g) => Number(g.num_rows))).toEqual(
            Array.from({ length: Math.ceil(rows.length / groupRows) }, (_, i) =>
              Math.min(groupRows, rows.length - i * groupRows),
            ),
          );
          expect(part.rowGroupOffsets).toEqual(
            metadata.row_groups.map((g) => Number(g.columns[0]?.meta_data?.data_page_offset)),
          );
          expect(part.rowCount).toBe(rows.length);
          const all = await parquetReadObjects({ file, metadata });
          expect(all).toEqual(rows.map(expected));
          const start = a % rows.length;
          const end = start + 1 + (b % (rows.length - start));
          const range = await parquetReadObjects({
            file,
            metadata,
            rowStart: start,
            rowEnd: end,
            useOffsetIndex: true,
          });
          expect(range).toEqual(rows.slice(start, end).map(expected));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("gives the same bytes for the same rows, and different bytes when a row changes", () => {
    const rows = fc.sample(rowsArb, { numRuns: 1, seed: 7 })[0] as ArchiveRow[];
    const once = encodeArchivePart(rows, META).bytes;
    expect(encodeArchivePart(rows, META).bytes).toEqual(once);
    const changed = rows.map((r, i) => (i === 0 ? ([...r] as ArchiveRow) : r));
    (changed[0] as ArchiveRow)[5] = "verified-upgrade";
    expect(encodeArchivePart(changed, META).bytes).not.toEqual(once);
  });

  it("writes low-cardinality columns as dictionaries and unique text as PLAIN", () => {
    const rows = Array.from(
      { length: 2000 },
      (_, i): ArchiveRow => [
        `e${i}`,
        1_700_000_000_000 + i,
        `/unique/${i}`,
        "Googlebot/2.1",
        "0123456789abcdef",
        "declared",
        "cache",
        200,
        i,
        null,
        null,
        null,
        "s1",
        15169,
        null,
        null,
      ],
    );
    const metadata = parquetMetadata(bufferOf(encodeArchivePart(rows, META).bytes));
    const encodings = Object.fromEntries(
      (metadata.row_groups[0]?.columns ?? []).map((c) => [
        c.meta_data?.path_in_schema[0],
        c.meta_data?.encodings.at(-1),
      ]),
    );
    expect(encodings).toMatchObject({
      ts: "DELTA_BINARY_PACKED",
      domain: "RLE_DICTIONARY",
      path: "PLAIN",
      ua_raw: "RLE_DICTIONARY",
      status: "RLE_DICTIONARY",
      bytes: "PLAIN",
      ip_asn: "RLE_DICTIONARY",
    });
  });
});
