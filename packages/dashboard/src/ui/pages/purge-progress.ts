import type { PurgeStatus } from "../data-source.js";

/** How often the live status is read while a re-render is pending, and for how long at most. */
export const POLL_MS = 2_000;
export const MAX_POLLS = 90;
/** Clock difference allowed between the browser and the server when judging "fresh". */
const SKEW_MS = 5_000;

export type PurgeProgress =
  | { state: "pending"; text: string }
  | { state: "fresh"; text: string }
  | { state: "done"; text: string };

/**
 * What a purge-status answer means for a purge the browser sent at `since` (ms): still pending,
 * fresh (the cached page was rendered after the purge), or done without a fresh copy in the
 * cache (the page was not cached: it renders on the next crawler visit).
 */
export function describePurge(status: PurgeStatus, since: number): PurgeProgress {
  if (status.pending) {
    const attempt = status.attempts ? ` (attempt ${status.attempts + 1})` : "";
    return { state: "pending", text: `Re-rendering ${status.path}${attempt}…` };
  }
  const rendered = status.renderedAt === null ? Number.NaN : Date.parse(status.renderedAt);
  if (rendered >= since - SKEW_MS) {
    return { state: "fresh", text: `Fresh: ${status.path} re-rendered at ${status.renderedAt}.` };
  }
  return {
    state: "done",
    text: `Done: ${status.path} is not in the edge cache; it renders on the next crawler visit.`,
  };
}
