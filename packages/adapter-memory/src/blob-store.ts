import { assertBlobKey, assertByteRange, type BlobStore } from "@crawlgate/core/adapter-kit";

/** Bytes in a map, copied in and out. Never unavailable. */
export function createMemoryBlobStore() {
  const blobs = new Map<string, Uint8Array>();
  return {
    async putBlob(key, bytes) {
      assertBlobKey(key);
      blobs.set(key, bytes.slice());
    },
    async getBlob(key) {
      assertBlobKey(key);
      return blobs.get(key)?.slice() ?? null;
    },
    async getBlobRange(key, start, end) {
      assertBlobKey(key);
      assertByteRange(start, end);
      return blobs.get(key)?.slice(start, end) ?? null;
    },
    async hasBlob(key) {
      assertBlobKey(key);
      return blobs.has(key);
    },
    async deleteBlob(key) {
      assertBlobKey(key);
      return blobs.delete(key);
    },
    /** Memory has no URLs: crawlgate serves these blobs through its own signed route. */
    async presignGet(key) {
      assertBlobKey(key);
      return null;
    },
  } satisfies BlobStore;
}
