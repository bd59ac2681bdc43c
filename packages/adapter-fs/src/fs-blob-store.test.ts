import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isBlobStoreUnavailable } from "@crawlgate/core/adapter-kit";
import { blobStoreSuite, INVALID_BLOB_KEYS } from "@crawlgate/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFsBlobStore } from "./index.js";

const freshDir = () => mkdtempSync(join(tmpdir(), "crawlgate-blobs-"));

blobStoreSuite("fs", async () => {
  const dir = freshDir();
  return {
    blobs: createFsBlobStore({ root: join(dir, "root") }),
    teardown: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

/** Every file below `dir`, relative, sorted. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe("fs BlobStore on disk", () => {
  let dir: string;
  beforeEach(() => {
    dir = freshDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("maps keys to files below the root and leaves no temporary files", async () => {
    const blobs = createFsBlobStore({ root: join(dir, "root") });
    await blobs.putBlob("snapshots/ab/abc.gz", new Uint8Array([1]));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        blobs.putBlob("snapshots/ab/abc.gz", new Uint8Array([i])),
      ),
    );
    await blobs.putBlob("top", new Uint8Array([2]));
    expect(filesBelow(join(dir, "root"))).toEqual([join("snapshots", "ab", "abc.gz"), "top"]);
  });

  it("never touches anything outside the root, whatever the key", async () => {
    writeFileSync(join(dir, "secret"), "keep");
    const blobs = createFsBlobStore({ root: join(dir, "root") });
    for (const key of [...INVALID_BLOB_KEYS, "../secret", "..%2fsecret", "a/../../secret"]) {
      await expect(blobs.putBlob(key, new Uint8Array([1]))).rejects.toThrow(RangeError);
      await expect(blobs.deleteBlob(key)).rejects.toThrow(RangeError);
    }
    expect(filesBelow(dir)).toEqual(["secret"]);
  });

  it("reports a root that disappeared as unavailable, not as missing keys", async () => {
    const root = join(dir, "root");
    const blobs = createFsBlobStore({ root });
    await blobs.putBlob("a/b", new Uint8Array([1]));
    rmSync(root, { recursive: true });
    // One call at a time: calls started together would reject while the first is awaited,
    // before a handler is attached to the others (an unhandled rejection).
    for (const attempt of [
      () => blobs.getBlob("a/b"),
      () => blobs.hasBlob("a/b"),
      () => blobs.deleteBlob("a/b"),
      () => blobs.putBlob("a/b", new Uint8Array([1])),
    ]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isBlobStoreUnavailable(error)).toBe(true);
    }
    expect(filesBelow(dir)).toEqual([]);
  });

  it("treats a directory at a key's place as no blob", async () => {
    const blobs = createFsBlobStore({ root: join(dir, "root") });
    await blobs.putBlob("a/b", new Uint8Array([1]));
    expect(await blobs.getBlob("a")).toBeNull();
    expect(await blobs.hasBlob("a")).toBe(false);
    expect(await blobs.deleteBlob("a")).toBe(false);
  });
});
