import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { type CrawlRecord, closeArchive } from "@crawlgate/core";
import { compareUtf8 } from "@crawlgate/core/adapter-kit";
import { makeCrawl, makeDomain, makeUser } from "@crawlgate/core/testing";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "crawlgate-readback-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The archive's Parquet files read by DuckDB (its own C++ Parquet reader, nothing shared with
 * hyparquet-writer): every column, type, null and value as written.
 */
describe("archive files read back by DuckDB", () => {
  it("hold the day's rows in archive order, with the spec's columns and types", async () => {
    const stores = createMemoryStores();
    const user = makeUser();
    await stores.accounts.createUser(user);
    const domain = makeDomain(user.userId, { hostname: "readback.example.com" });
    await stores.accounts.createDomain(domain);
    const paths = ["/", "/a,b", '/q"uote', "/ünï/日本", "/=x", "/a\r\nb"];
    const records: CrawlRecord[] = Array.from({ length: 300 }, (_, i) =>
      makeCrawl(domain.domainId, {
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
      }),
    );
    await stores.crawls.appendCrawls(records, { pathCap: 1000 });
    await closeArchive(stores, new Date("2026-11-20T01:00:00.000Z"), { partRows: 128 });
    const files = await stores.archive.listArchiveFiles(
      domain.domainId,
      "2026-11-10",
      "2026-11-10",
    );
    expect(files.map((f) => f.rowCount)).toEqual([128, 128, 44]);

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
      if (file.part === 0) {
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
          { name: "stream_id", type: "BYTE_ARRAY", repetition_type: "REQUIRED" },
          { name: "ip_asn", type: "INT64", repetition_type: "REQUIRED" },
        ]);
      }
    }
    connection.closeSync();
    instance.closeSync();

    const expected = [...records]
      .sort((a, b) => a.ts.getTime() - b.ts.getTime() || compareUtf8(a.eventId, b.eventId))
      .map((r) => ({
        ts: BigInt(r.ts.getTime()),
        domain: "readback.example.com",
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
        stream_id: r.streamId,
        ip_asn: BigInt(r.ipAsn),
      }));
    expect(read).toEqual(expected);
  });
});
