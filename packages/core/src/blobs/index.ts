export { assertBlobKey, isValidBlobKey } from "./blob-key.js";
export { BlobStoreUnavailable, isBlobStoreUnavailable } from "./unavailable.js";
