import type { CachedPage } from "../types.js";
import type { ListedPage } from "./collect.js";

/** Why a page is rendered again, or that its cached render will do. */
export type WarmDecision = "never_cached" | "changed" | "expired" | "fresh";

/** Render order of the decisions: pages crawlers would miss first. */
export const WARM_ORDER: readonly WarmDecision[] = ["never_cached", "changed", "expired"];

/**
 * Whether a listed page needs a render: never cached; a trusted `lastmod` newer than the cached
 * render; or, without one (none, unreadable, or a sitemap whose `lastmod`s are all the same
 * instant), a cached render older than the domain's cache lifetime `ttlMs`. A page whose
 * trusted `lastmod` is not newer than its render is fresh, expired or not: its content has not
 * changed since (the edge refreshes expired pages when crawlers come).
 */
export function warmDecision(
  page: Pick<ListedPage, "lastmod">,
  cached: Pick<CachedPage, "renderedAt"> | null,
  now: Date,
  ttlMs: number,
): WarmDecision {
  if (cached === null) return "never_cached";
  const renderedAt = cached.renderedAt.getTime();
  if (page.lastmod !== null) return page.lastmod > renderedAt ? "changed" : "fresh";
  return now.getTime() - renderedAt >= ttlMs ? "expired" : "fresh";
}
