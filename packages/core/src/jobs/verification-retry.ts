import type { Job } from "./job.js";

/** The part of an instance's ingest the retry job needs (`null` while ingest is unused). */
export interface PendingVerifications {
  retryPending(maxAttempts?: number): Promise<number>;
  pendingVerifications(): number;
}

/**
 * Verifies again the crawls whose verification ran out of time (DNS), upgrading the stored row
 * when it now confirms. The pending list lives in the instance's memory: every instance runs it.
 */
export function verificationRetryJob(ingest: () => PendingVerifications | null): Job {
  return {
    name: "verification_retry",
    everyMs: 60_000,
    singleton: false,
    async run() {
      const current = ingest();
      if (!current) return { pending: 0, upgraded: 0 };
      const pending = current.pendingVerifications();
      const upgraded = pending === 0 ? 0 : await current.retryPending();
      return { pending, upgraded };
    },
  };
}
