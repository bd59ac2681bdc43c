import type { WarmCacheResponse } from "@crawlgate/client";
import type { WarmStatus } from "../ui/data-source.js";

/** How often the warm status is read while warm renders wait, and for how long at most. */
export const WARM_POLL_MS = 3_000;
export const WARM_MAX_POLLS = 600;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The warm status in a few sentences: what waits, and this hour's budget. */
export function describeWarmStatus(status: WarmStatus): {
  waiting: boolean;
  lines: string[];
} {
  const { purge, warm, refresh } = status.pendingRenders;
  const waiting = warm > 0;
  const left = Math.max(0, status.rendersPerHour - status.usedThisHour);
  return {
    waiting,
    lines: [
      waiting ? `Warming: ${count(warm, "render")} waiting.` : "Warming: no warm render waiting.",
      `Also waiting: ${count(purge, "purge")}, ${count(refresh, "stale refresh", "stale refreshes")}.`,
      `Budget this hour: ${count(status.usedThisHour, "render")} of ${status.rendersPerHour.toLocaleString("en-US")} taken, ${left.toLocaleString("en-US")} left.`,
      status.scheduled ? "Warmed every hour from its sitemaps." : "Not warmed on a schedule.",
    ],
  };
}

/** What a warm answered, in one sentence, then one line per sitemap that had a problem. */
export function describeWarmAnswer(answer: WarmCacheResponse): string[] {
  const read = answer.sitemaps.length;
  const head =
    `Queued ${count(answer.queued, "page")}; ${answer.alreadyFresh.toLocaleString("en-US")} already fresh, ` +
    `${answer.skipped.toLocaleString("en-US")} skipped, ${answer.budgetDeferred.toLocaleString("en-US")} over this hour's budget ` +
    `(${count(read, "sitemap")} read).`;
  return [
    head,
    ...answer.sitemaps.filter((s) => s.error !== null).map((s) => `${s.url}: ${s.error}`),
  ];
}
