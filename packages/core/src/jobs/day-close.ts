import { closeArchive, type DayCloseDeps } from "../archive/index.js";
import type { Job } from "./job.js";
import type { PendingVerifications } from "./verification-retry.js";

/**
 * The crawl-log day close (`closeArchive`): hourly, so the first run after each UTC midnight
 * closes yesterday and rewrites the provisional days; later runs of the day find nothing to do.
 * Pending verifications of this instance are retried first, so late confirmations land in the
 * provisional files. A singleton: it works on the shared stores under per-day leases.
 */
export function dayCloseJob(deps: DayCloseDeps, ingest: () => PendingVerifications | null): Job {
  return {
    name: "day_close",
    everyMs: 3_600_000,
    singleton: true,
    async run(now) {
      const current = ingest();
      const summary = await closeArchive(deps, now, {
        ...(current ? { retryPending: () => current.retryPending() } : {}),
      });
      return { ...summary };
    },
  };
}
