import type { CachedPage } from "../types.js";

// Page-cache port: the edge's cached pages.

/** The edge's page cache: one entry per (domain, page key), pointing at a snapshot. */
export interface PageCache {
  /** The entry, fresh or stale, or `null`. */
  getPage(domainId: string, pageKey: string): Promise<CachedPage | null>;
  /** Stores the entry, replacing the one of the same (domainId, pageKey). */
  putPage(page: CachedPage): Promise<void>;
  /** Removes the entry. Returns `false` when there was none. */
  deletePage(domainId: string, pageKey: string): Promise<boolean>;
}
