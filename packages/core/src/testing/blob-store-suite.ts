import { describe, expect, it } from "vitest";
import type { BlobStore } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

const bytes = (...values: number[]) => new Uint8Array(values);
/** Byte equality without a deep-equality walk (slow on megabytes). */
const sameBytes = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && a.length === b.length && a.every((v, i) => v === b[i]);

/** Keys every adapter must refuse (they could escape a directory or collide). */
export const INVALID_BLOB_KEYS = [
  "",
  "/abs",
  "a//b",
  "a/",
  "../x",
  "a/../../x",
  "a/./b",
  ".",
  "..",
  ".hidden",
  "Upper",
  "a\\b",
  "a\u0000b",
  "a b",
  "é",
  `${"a".repeat(129)}`,
  "a/b/c/d/e/f/g/h/i",
];

/** The BlobStore contract (see `ports/`), for every adapter. */
export function blobStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ blobs: BlobStore }>>,
  options: {
    /**
     * A test server that cannot keep one of the contract's promises that the real service keeps
     * (an emulator's gap): the case is skipped with this reason printed. Only for emulators.
     */
    emulatorGaps?: { concurrentWrites?: string };
  } = {},
): void {
  describe(`BlobStore conformance: ${name}`, () => {
    const h = useHarness(setup);
    const concurrentGap = options.emulatorGaps?.concurrentWrites;
    if (concurrentGap) console.warn(`[blob-store conformance: ${name}] skipped: ${concurrentGap}`);

    it("stores, replaces, reads and deletes bytes by key", async () => {
      const { blobs } = h();
      expect(await blobs.getBlob("snapshots/ab/x.gz")).toBeNull();
      expect(await blobs.hasBlob("snapshots/ab/x.gz")).toBe(false);
      await blobs.putBlob("snapshots/ab/x.gz", bytes(1, 2, 3));
      expect(await blobs.hasBlob("snapshots/ab/x.gz")).toBe(true);
      expect(await blobs.getBlob("snapshots/ab/x.gz")).toEqual(bytes(1, 2, 3));
      await blobs.putBlob("snapshots/ab/x.gz", bytes(9));
      expect(await blobs.getBlob("snapshots/ab/x.gz")).toEqual(bytes(9));
      expect(await blobs.getBlob("snapshots/ab")).toBeNull();
      expect(await blobs.deleteBlob("snapshots/ab/x.gz")).toBe(true);
      expect(await blobs.deleteBlob("snapshots/ab/x.gz")).toBe(false);
      expect(await blobs.getBlob("snapshots/ab/x.gz")).toBeNull();
      expect(await blobs.hasBlob("snapshots/ab/x.gz")).toBe(false);
    });

    it("keeps empty and large blobs exactly, and hands out copies", async () => {
      const { blobs } = h();
      await blobs.putBlob("empty", new Uint8Array(0));
      expect(await blobs.getBlob("empty")).toEqual(new Uint8Array(0));
      expect(await blobs.hasBlob("empty")).toBe(true);
      const large = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 251);
      await blobs.putBlob("large.bin", large);
      expect(sameBytes(await blobs.getBlob("large.bin"), large)).toBe(true);
      const given = bytes(1, 2);
      await blobs.putBlob("copy", given);
      given[0] = 7;
      const read = (await blobs.getBlob("copy")) as Uint8Array;
      expect(read).toEqual(bytes(1, 2));
      read[1] = 7;
      expect(await blobs.getBlob("copy")).toEqual(bytes(1, 2));
    });

    it("reads byte ranges, clipped to the blob's size; null for an absent key", async () => {
      const { blobs } = h();
      const data = new Uint8Array(70_000).map((_, i) => (i * 7) % 253);
      await blobs.putBlob("parts/p.bin", data);
      expect(sameBytes(await blobs.getBlobRange("parts/p.bin", 0, 4), data.slice(0, 4))).toBe(true);
      const middle = await blobs.getBlobRange("parts/p.bin", 65_530, 65_560);
      expect(sameBytes(middle, data.slice(65_530, 65_560))).toBe(true);
      expect(await blobs.getBlobRange("parts/p.bin", 69_990, 80_000)).toEqual(data.slice(69_990));
      expect(await blobs.getBlobRange("parts/p.bin", 5, 5)).toEqual(new Uint8Array(0));
      expect(await blobs.getBlobRange("parts/p.bin", 70_000, 70_010)).toEqual(new Uint8Array(0));
      expect(await blobs.getBlobRange("parts/absent.bin", 0, 4)).toBeNull();
      expect(await blobs.getBlobRange("parts/absent.bin", 0, 0)).toBeNull();
      await expect(blobs.getBlobRange("parts/p.bin", 4, 2)).rejects.toThrow(RangeError);
      await expect(blobs.getBlobRange("parts/p.bin", -1, 2)).rejects.toThrow(RangeError);
      await expect(blobs.getBlobRange("../x", 0, 2)).rejects.toThrow(RangeError);
    });

    it("keeps keys apart, including a key that is a prefix of another", async () => {
      const { blobs } = h();
      await blobs.putBlob("a/b", bytes(1));
      await blobs.putBlob("a/bc", bytes(2));
      await blobs.putBlob("a-b", bytes(3));
      expect(await blobs.getBlob("a/b")).toEqual(bytes(1));
      expect(await blobs.getBlob("a/bc")).toEqual(bytes(2));
      expect(await blobs.getBlob("a-b")).toEqual(bytes(3));
      expect(await blobs.getBlob("a")).toBeNull();
    });

    it("refuses invalid keys with a RangeError on every method", async () => {
      const { blobs } = h();
      for (const key of INVALID_BLOB_KEYS) {
        await expect(blobs.putBlob(key, bytes(1)), key).rejects.toThrow(RangeError);
        await expect(blobs.getBlob(key), key).rejects.toThrow(RangeError);
        await expect(blobs.hasBlob(key), key).rejects.toThrow(RangeError);
        await expect(blobs.deleteBlob(key), key).rejects.toThrow(RangeError);
        await expect(blobs.presignGet(key, new Date()), key).rejects.toThrow(RangeError);
      }
    });

    it("presigns a plain GET of a key, or says it cannot (null)", async () => {
      const { blobs } = h();
      const content = bytes(7, 8, 9);
      await blobs.putBlob("files/one.bin", content);
      const expiresAt = new Date(Date.now() + 600_000);
      const url = await blobs.presignGet("files/one.bin", expiresAt);
      if (url === null) {
        expect(await blobs.presignGet("files/absent.bin", expiresAt)).toBeNull();
        return;
      }
      expect(new URL(url).protocol).toMatch(/^https?:$/);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(content);
      const absent = await blobs.presignGet("files/absent.bin", expiresAt);
      expect((await fetch(absent as string)).ok).toBe(false);
    });

    it.skipIf(concurrentGap)(
      "ends concurrent writes of one key with one complete value",
      async () => {
        const { blobs } = h();
        const values = Array.from({ length: 20 }, (_, i) => new Uint8Array(64 * 1024).fill(i));
        await Promise.all(values.map((v) => blobs.putBlob("race", v)));
        const read = (await blobs.getBlob("race")) as Uint8Array;
        expect(read).toHaveLength(64 * 1024);
        expect(read.every((b) => b === read[0])).toBe(true);
      },
    );
  });
}
