import type { JobQueue } from "../ports/index.js";

/**
 * Queues a warm render of one page (its page key) in the `warm` lane: below purges, above stale
 * refreshes. `false` when a render of the page was pending already. The one place warming
 * enqueues, so that what a warm render is (lane, and later per-variant keys) is decided here.
 */
export async function enqueueWarm(
  deps: { purgeQueue: JobQueue },
  domainId: string,
  path: string,
  now: Date,
): Promise<boolean> {
  return (await deps.purgeQueue.enqueuePurge(domainId, path, now, "warm")).enqueued;
}
