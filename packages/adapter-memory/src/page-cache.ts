import type { CachedPage, PageCache } from "@crawlgate/core/adapter-kit";

const copyPage = (p: CachedPage): CachedPage => ({
  ...p,
  renderedAt: new Date(p.renderedAt.getTime()),
  expiresAt: new Date(p.expiresAt.getTime()),
});

/** Page-cache entries in a map keyed by domain and page key. */
export function createMemoryPageCache() {
  const pages = new Map<string, CachedPage>();
  const keyOf = (domainId: string, pageKey: string) => `${domainId}\u0000${pageKey}`;
  return {
    async getPage(domainId, pageKey) {
      const page = pages.get(keyOf(domainId, pageKey));
      return page ? copyPage(page) : null;
    },
    async putPage(page) {
      pages.set(keyOf(page.domainId, page.pageKey), copyPage(page));
    },
    async deletePage(domainId, pageKey) {
      return pages.delete(keyOf(domainId, pageKey));
    },
  } satisfies PageCache;
}
