export type { S3BlobStoreOptions } from "./s3-blob-store.js";
export { createS3BlobStore } from "./s3-blob-store.js";
