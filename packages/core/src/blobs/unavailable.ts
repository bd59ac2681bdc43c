/**
 * Thrown by a BlobStore that cannot be reached (disk gone, permissions, network). Callers tell it
 * apart from a missing key (`null`) and answer "try later" instead of "not found".
 */
export class BlobStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BlobStoreUnavailable";
  }
}

/** Whether an error is a `BlobStoreUnavailable` (also across package copies). */
export function isBlobStoreUnavailable(error: unknown): boolean {
  return (
    error instanceof BlobStoreUnavailable ||
    (error instanceof Error && error.name === "BlobStoreUnavailable")
  );
}
