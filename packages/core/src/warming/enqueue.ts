import { variantKey } from "../edge/page-key.js";
import type { JobQueue } from "../ports/index.js";
import type { RenderVariant } from "../types.js";

/**
 * Queues a warm render of one page (its page key) in the `warm` lane, below purges and above
 * stale refreshes, for each of `variants` (the page's renders that need it, under each one's
 * cache key, as purges and the edge's refreshes queue it). `false` when a render of every one
 * was pending already. The one place warming enqueues.
 */
export async function enqueueWarm(
  deps: { purgeQueue: JobQueue },
  domainId: string,
  path: string,
  variants: readonly RenderVariant[],
  now: Date,
): Promise<boolean> {
  let enqueued = false;
  for (const variant of variants) {
    const key = variantKey(path, variant);
    enqueued =
      (await deps.purgeQueue.enqueuePurge(domainId, key, now, "warm")).enqueued || enqueued;
  }
  return enqueued;
}
