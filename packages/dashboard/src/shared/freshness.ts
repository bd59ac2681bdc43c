import type { GetCacheStatusResponse } from "@crawlgate/client";

/** One variant's entry of a cache-status answer. */
export type VariantStatus = GetCacheStatusResponse["variants"][number];

/** One variant's state in words: fresh, stale (served while it re-renders) or not cached. */
export function variantState(status: VariantStatus): string {
  const state = !status.cached ? "not cached" : status.fresh ? "fresh" : "stale";
  return status.pendingRender ? `${state}, re-render queued` : state;
}

/**
 * A page's freshness in a few words, for a table cell: the one variant's state, or each
 * variant's (`desktop: fresh · mobile: not cached`) when the domain keeps two.
 */
export function freshnessText(variants: readonly VariantStatus[]): string {
  if (variants.length === 1) return variantState(variants[0] as VariantStatus);
  return variants.map((v) => `${v.variant}: ${variantState(v)}`).join(" · ");
}
