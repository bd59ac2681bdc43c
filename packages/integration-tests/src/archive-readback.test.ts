import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { closeArchive } from "@crawlgate/core";
import { type ArchiveFile, type CrawlRecord, compareUtf8 } from "@crawlgate/core/adapter-kit";
import { makeCrawl, makeDomain, makeUser } from "@crawlgate/core/testing";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "crawlgate-readback-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The archive's Parquet files read by DuckDB (its own C++ Parquet reader, nothing shared with
 * the archive's encoder or hyparquet): every column, type, null and value as written.
 */
describe("archive files read back by DuckDB", () => {
  it("hold the day's rows in archive order, with the spec's columns and types", async () => {
    const { stores, domainId } = await world("readback.example.com");
    const paths = ["/", "/a,b", '/q"uote', "/ünï/日本", "/=x", "/a\r\nb"];
    const records: CrawlRecord[] = Array.from({ length: 300 }, (_, i) =>
      makeCrawl(domainId, {
        eventId: `ev-${String((i * 37) % 300).padStart(3, "0")}`,
        ts: new Date(Date.parse("2026-11-10T00:00:00.000Z") + Math.floor(i / 3) * 1000),
        path: paths[i % paths.length] as string,
        userAgent: i % 2 ? "Mozilla/5.0 (compatible; Googlebot/2.1)" : "bot «ü» ☃",
        verdict: (["verified", "declared", "unknown", "automation"] as const)[i % 4],
        servedFrom: (["cache", "render", "origin"] as const)[i % 3],
        status: i % 7 ? 200 : 404,
        bytes: i * 100_003,
        botOperator: i % 5 ? "Google" : null,
        matchedRange: i % 5 ? "66.249.64.0/19" : null,
        contentHash: i % 3 ? `${i}`.padStart(32, "c") : null,
        streamId: `s${i % 4}`,
        ipAsn: i % 2 ? 15169 : 0,
        signatureAgent: i % 6 === 1 ? null : ["https://chatgpt.com", "https://a.example"][i % 2],
        signature: i % 3 === 0 ? null : (["verified", "invalid", "unverified"] as const)[i % 3],
      }),
    );
    await stores.crawls.appendCrawls(records, { pathCap: 1000 });
    await closeArchive(stores, new Date("2026-11-20T01:00:00.000Z"), { partRows: 128 });
    const files = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(files.map((f) => f.rowCount)).toEqual([128, 128, 44]);

    const { read, connection, instance } = await readWithDuckDb(stores, files);
    // The files are part-<n>.parquet in `dir`, as readWithDuckDb wrote them.
    const path = join(dir, "part-0.parquet");
    const schema = await connection.runAndReadAll(
      `SELECT name, type, repetition_type FROM parquet_schema('${path}') WHERE name <> 'root'`,
    );
    expect(schema.getRowObjectsJS()).toEqual([
      { name: "ts", type: "INT64", repetition_type: "REQUIRED" },
      { name: "domain", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
      { name: "path", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
      { name: "ua_raw", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
      { name: "ua_hash", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
      { name: "served_from", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
      { name: "status", type: "INT32", repetition_type: "REQUIRED" },
      { name: "bytes", type: "INT64", repetition_type: "REQUIRED" },
      { name: "matched_operator", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" },
      { name: "matched_range", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" },
      { name: "verdict_tier", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" },
      { name: "content_hash", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" },
      { name: "signature_agent", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" },
      { name: "signature", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" },
      { name: "stream_id", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
      { name: "ip_asn", type: "INT64", repetition_type: "REQUIRED" },
    ]);
    connection.closeSync();
    instance.closeSync();

    expect(read).toEqual(expectedRows(records, "readback.example.com"));
  });

  it("read a busy day's parts (row groups, many pages, dictionary and PLAIN chunks) to the same rows", async () => {
    const { stores, domainId } = await world("busy.example.com");
    const records: CrawlRecord[] = Array.from({ length: 120_000 }, (_, i) =>
      makeCrawl(domainId, {
        eventId: `ev-${String(i).padStart(6, "0")}`,
        ts: new Date(Date.parse("2026-11-10T00:00:00.000Z") + Math.floor(i * 700)),
        // Unique paths in the first 60,000 rows (PLAIN), 50 distinct after (dictionary).
        path: i < 60_000 ? `/p/${i}` : `/hot/${i % 50}`,
        userAgent: ["Googlebot/2.1", "GPTBot/1.0", "bot «ü» ☃"][i % 3] as string,
        verdict: (["verified", "declared", "unknown", "automation"] as const)[i % 4],
        servedFrom: (["cache", "render", "origin"] as const)[i % 3],
        status: i % 7 ? 200 : 404,
        bytes: (i * 7919) % 300_000,
        botOperator: i % 5 ? "Google" : null,
        matchedRange: i % 5 ? "66.249.64.0/19" : null,
        contentHash: i % 3 ? `${i % 9000}`.padStart(32, "c") : null,
        streamId: `s${i % 12}`,
        ipAsn: [15169, 8075, 0][i % 3] as number,
      }),
    );
    await stores.crawls.appendCrawls(records, { pathCap: 1_000_000 });
    await closeArchive(stores, new Date("2026-11-20T01:00:00.000Z"));
    const files = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(files.map((f) => [f.rowCount, f.rowGroupOffsets.length])).toEqual([
      [100_000, 2],
      [20_000, 1],
    ]);
    const { read, connection, instance } = await readWithDuckDb(stores, files);
    connection.closeSync();
    instance.closeSync();
    expect(read).toEqual(expectedRows(records, "busy.example.com"));
  }, 90_000);
});

async function world(hostname: string) {
  const stores = createMemoryStores();
  const user = makeUser();
  await stores.accounts.createUser(user);
  const domain = makeDomain(user.userId, { hostname });
  await stores.accounts.createDomain(domain);
  return { stores, domainId: domain.domainId };
}

/** Every row of the files, in file then row order, as DuckDB reads them. */
async function readWithDuckDb(
  stores: ReturnType<typeof createMemoryStores>,
  files: readonly ArchiveFile[],
) {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const read: Record<string, unknown>[] = [];
  for (const file of files) {
    const path = join(dir, `part-${file.part}.parquet`);
    writeFileSync(path, (await stores.blobs.getBlob(file.key)) as Uint8Array);
    const result = await connection.runAndReadAll(
      `SELECT * EXCLUDE (file_row_number) FROM read_parquet('${path}', file_row_number = true) ORDER BY file_row_number`,
    );
    read.push(...(result.getRowObjectsJS() as Record<string, unknown>[]));
  }
  return { read, connection, instance };
}

/** The records in archive order, as the files hold them. */
function expectedRows(records: readonly CrawlRecord[], domain: string) {
  return [...records]
    .sort((a, b) => a.ts.getTime() - b.ts.getTime() || compareUtf8(a.eventId, b.eventId))
    .map((r) => ({
      ts: BigInt(r.ts.getTime()),
      domain,
      path: r.path,
      ua_raw: r.userAgent,
      ua_hash: r.uaHash,
      served_from: r.servedFrom,
      status: r.status,
      bytes: BigInt(r.bytes),
      matched_operator: r.botOperator,
      matched_range: r.matchedRange,
      verdict_tier: r.verdict,
      content_hash: r.contentHash,
      signature_agent: r.signatureAgent,
      signature: r.signature,
      stream_id: r.streamId,
      ip_asn: BigInt(r.ipAsn),
    }));
}
