import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertBlobKey,
  assertByteRange,
  type BlobStore,
  BlobStoreUnavailable,
} from "@crawlgate/core/adapter-kit";

export interface S3BlobStoreOptions {
  /** The SDK client (region, endpoint, credentials, `forcePathStyle` for MinIO-style servers). */
  client: S3Client;
  bucket: string;
  /** Put in front of every key (e.g. `crawlgate/`); default none. */
  prefix?: string;
}

/** S3 caps presigned URLs at 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * An SDK error that means "no such object": GetObject's `NoSuchKey`, HeadObject's bare 404
 * (`NotFound`). A missing bucket (`NoSuchBucket`, also a 404) is a broken store, not an absent key;
 * a HEAD cannot tell the two apart (it has no body), so `hasBlob` and `deleteBlob` on a missing
 * bucket answer `false` while reads and writes report it.
 */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

/**
 * Blobs as objects of one S3 bucket (any S3-compatible service). A PutObject replaces an object
 * atomically, so readers see the old bytes or the new ones. An absent object is `null` / `false`;
 * any other failure (network, credentials, a missing bucket) is `BlobStoreUnavailable`, so the
 * API answers 503 instead of claiming the file is gone. `presignGet` hands out real S3 presigned
 * GET URLs (signed by the SDK, valid until about `expiresAt`, at most 7 days).
 */
export function createS3BlobStore(options: S3BlobStoreOptions) {
  const { client, bucket } = options;
  const prefix = options.prefix ?? "";
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return prefix + key;
  };
  const unavailable = (error: unknown) =>
    new BlobStoreUnavailable(`S3 bucket ${bucket} is unavailable`, { cause: error });

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw unavailable(error);
    }
  }

  return {
    async putBlob(key, bytes) {
      const Key = objectKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes }));
      } catch (error) {
        throw unavailable(error);
      }
    },
    async getBlob(key) {
      const Key = objectKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array(0);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },
    /** A ranged GetObject; an empty range or one starting past the end only asks whether it exists. */
    async getBlobRange(key, start, end) {
      const Key = objectKey(key);
      assertByteRange(start, end);
      if (start === end) return (await exists(Key)) ? new Uint8Array(0) : null;
      try {
        const Range = `bytes=${start}-${end - 1}`;
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range }));
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array(0);
        return bytes.length > end - start ? bytes.slice(0, end - start) : bytes;
      } catch (error) {
        if (isNotFound(error)) return null;
        if ((error as { name?: string } | null)?.name === "InvalidRange") return new Uint8Array(0);
        throw unavailable(error);
      }
    },
    async hasBlob(key) {
      return exists(objectKey(key));
    },
    /** S3 deletes idempotently; a HEAD first tells whether something was there. */
    async deleteBlob(key) {
      const Key = objectKey(key);
      if (!(await exists(Key))) return false;
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
        return true;
      } catch (error) {
        throw unavailable(error);
      }
    },
    async presignGet(key, expiresAt) {
      const Key = objectKey(key);
      const seconds = Math.ceil((expiresAt.getTime() - Date.now()) / 1000);
      const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, seconds));
      try {
        return await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key }), {
          expiresIn,
        });
      } catch (error) {
        throw unavailable(error);
      }
    },
  } satisfies BlobStore;
}
