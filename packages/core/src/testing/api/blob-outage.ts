import { BlobStoreUnavailable } from "../../blobs/unavailable.js";
import type { BlobStore } from "../../ports/index.js";
import type { ApiSuiteOptions } from "./world.js";

/** A BlobStore in front of a real one that tests can take down (`down = true`). */
export interface SwitchableBlobStore extends BlobStore {
  down: boolean;
}

export function switchableBlobStore(inner: BlobStore): SwitchableBlobStore {
  const guard = <T>(run: () => Promise<T>) =>
    store.down ? Promise.reject(new BlobStoreUnavailable("blob store is down (test)")) : run();
  const store: SwitchableBlobStore = {
    down: false,
    putBlob: (key, bytes) => guard(() => inner.putBlob(key, bytes)),
    getBlob: (key) => guard(() => inner.getBlob(key)),
    hasBlob: (key) => guard(() => inner.hasBlob(key)),
    deleteBlob: (key) => guard(() => inner.deleteBlob(key)),
    getBlobRange: (key, start, end) => guard(() => inner.getBlobRange(key, start, end)),
    presignGet: (key, expiresAt) => guard(() => inner.presignGet(key, expiresAt)),
  };
  return store;
}

/** The suite's stores with the BlobStore behind a switch. */
export function withSwitchableBlobs(options: ApiSuiteOptions): ApiSuiteOptions {
  return {
    ...options,
    makeDeps: async () => {
      const made = await options.makeDeps();
      return { ...made, deps: { ...made.deps, blobs: switchableBlobStore(made.deps.blobs) } };
    },
  };
}
