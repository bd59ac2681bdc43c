export type { FsBlobStoreOptions } from "./fs-blob-store.js";
export { createFsBlobStore } from "./fs-blob-store.js";
