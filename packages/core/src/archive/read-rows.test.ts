import { createMemoryBlobStore } from "@crawlgate/adapter-memory";
import { parquetReadObjects } from "hyparquet/src/index.js";
import { describe, expect, it } from "vitest";
import type { ArchiveFile, ArchiveRow, BlobStore } from "../ports/index.js";
import { sha256Hex } from "../snapshots/content.js";
import { encodeArchivePart } from "./parquet-part.js";
import { ArchiveBudgetExceeded, createArchiveReader } from "./read-rows.js";

const rows = Array.from(
  { length: 60_000 },
  (_, i): ArchiveRow => [
    `e${i}`,
    1_793_491_200_000 + i * 1000,
    `/p/${i % 9000}`,
    ["Googlebot/2.1", "GPTBot/1.0"][i % 2] as string,
    "0123456789abcdef",
    "declared",
    "cache",
    200,
    i,
    i % 3 ? "Google" : null,
    null,
    i % 4 ? `${i}`.padStart(32, "0") : null,
    "s1",
    15169,
    null,
    null,
  ],
);

/** A blob store that counts the bytes read through it. */
function counting(blobs: BlobStore) {
  let read = 0;
  const store: BlobStore = {
    ...blobs,
    async getBlobRange(key, start, end) {
      const bytes = await blobs.getBlobRange(key, start, end);
      read += bytes?.length ?? 0;
      return bytes;
    },
  };
  return { store, read: () => read };
}

async function stored(blobs: BlobStore): Promise<ArchiveFile> {
  const part = encodeArchivePart(rows, { domain: "shop.example", day: "2026-11-01", part: 0 });
  const contentHash = await sha256Hex(part.bytes);
  const key = `archive/d/2026-11-01/part-0-${contentHash.slice(0, 16)}.parquet`;
  await blobs.putBlob(key, part.bytes);
  return {
    domainId: "d",
    day: "2026-11-01",
    part: 0,
    key,
    contentHash,
    sizeBytes: part.bytes.length,
    rowCount: part.rowCount,
    rowGroupOffsets: part.rowGroupOffsets,
    frozen: true,
    closedAt: new Date("2026-11-05T00:00:00.000Z"),
  };
}

describe("archive reader", () => {
  it("reads a file's footer once per blob store, then only the pages of the rows asked for", async () => {
    const { store, read } = counting(createMemoryBlobStore());
    const file = await stored(store);
    const whole = (await store.getBlob(file.key)) as Uint8Array;
    const all = await parquetReadObjects({ file: whole.buffer as ArrayBuffer });
    const before = read();
    const cold = createArchiveReader(store, 1 << 30);
    expect(await cold.readRows(file, 52_000, 54_000)).toEqual(all.slice(52_000, 54_000));
    const warm = createArchiveReader(store, 1 << 30);
    expect(await warm.readRows(file, 52_000, 54_000)).toEqual(all.slice(52_000, 54_000));
    // The warm read fetched the same pages, without the footer and offset indexes.
    expect(warm.bytesRead()).toBeLessThan(cold.bytesRead());
    expect(read() - before).toBe(cold.bytesRead() + warm.bytesRead());
    // Ranges across a row-group boundary and at the ends read the same rows.
    for (const [start, end] of [
      [0, 1],
      [49_000, 51_000],
      [59_999, 60_000],
    ] as const)
      expect(await warm.readRows(file, start, end)).toEqual(all.slice(start, end));
  });

  it("keeps footers per blob store: another store's first read fetches and counts them", async () => {
    const blobs = createMemoryBlobStore();
    const file = await stored(blobs);
    await createArchiveReader(blobs, 1 << 30).readRows(file, 10, 20);
    const other = createMemoryBlobStore();
    await other.putBlob(file.key, (await blobs.getBlob(file.key)) as Uint8Array);
    const tight = createArchiveReader(other, 1024);
    await expect(tight.readRows(file, 10, 20)).rejects.toBeInstanceOf(ArchiveBudgetExceeded);
  });
});
