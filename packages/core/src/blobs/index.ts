export { assertBlobKey, assertByteRange, isValidBlobKey } from "./blob-key.js";
export { BlobStoreUnavailable, isBlobStoreUnavailable } from "./unavailable.js";
