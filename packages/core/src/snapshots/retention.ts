import type { BlobStore, SnapshotStore } from "../ports/index.js";
import { htmlKey } from "./record.js";

const PAGE = 200;

/**
 * Retention of snapshot HTML: for every content hash whose snapshots were all last recorded
 * before `olderThan`, deletes its blob and then marks those snapshots as no longer retaining
 * HTML (metadata stays). Blob first: a failure part-way leaves the hash listed for the next run,
 * never an orphan blob. A render that records the same content at the same moment may find its
 * blob gone; the next recording writes it again (recordSnapshot re-puts a missing blob).
 * Returns how many hashes were dropped.
 */
export async function dropExpiredHtml(
  deps: { snapshots: SnapshotStore; blobs: BlobStore },
  olderThan: Date,
): Promise<{ dropped: number }> {
  let dropped = 0;
  let after = "";
  for (;;) {
    const hashes = (await deps.snapshots.expiredContentHashes(olderThan, PAGE)).filter(
      (h) => h > after,
    );
    if (hashes.length === 0) return { dropped };
    for (const hash of hashes) {
      await deps.blobs.deleteBlob(htmlKey(hash));
      if (await deps.snapshots.markHtmlDropped(hash, olderThan)) dropped++;
      after = hash;
    }
  }
}
