import type { BlobStore, SnapshotStore } from "../ports/index.js";
import { dropExpiredHtml } from "../snapshots/retention.js";
import type { Job } from "./job.js";

const DAY_MS = 86_400_000;

/** Drops the HTML of snapshots not recorded for `retentionDays` (metadata stays). */
export function htmlRetentionJob(
  deps: { snapshots: SnapshotStore; blobs: BlobStore },
  retentionDays: number,
): Job {
  return {
    name: "html_retention",
    everyMs: 6 * 3_600_000,
    singleton: true,
    async run(now) {
      const olderThan = new Date(now.getTime() - retentionDays * DAY_MS);
      const { dropped } = await dropExpiredHtml(deps, olderThan);
      return { olderThan: olderThan.toISOString(), dropped };
    },
  };
}
