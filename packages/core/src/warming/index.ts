export type { CollectedPages, ListedPage, SitemapReport } from "./collect.js";
export { collectPages } from "./collect.js";
export type { WarmDecision } from "./diff.js";
export { warmDecision } from "./diff.js";
export { sitemapRoots } from "./discover.js";
export { enqueueWarm } from "./enqueue.js";
export { parseLastmod } from "./lastmod.js";
export {
  DEFAULT_WARM_RENDERS_PER_HOUR,
  MAX_SITEMAP_BYTES,
  MAX_SITEMAP_ENTRIES,
  MAX_WARM_PATHS,
  MAX_WARM_RENDERS_PER_HOUR,
  WARM_ORIGIN_CONCURRENCY,
} from "./limits.js";
export type { SitemapFetchOptions, SitemapRequest } from "./sitemap-fetch.js";
export { readSitemap } from "./sitemap-fetch.js";
export type { ParsedSitemap, SitemapEntry, SitemapParser } from "./sitemap-parser.js";
export { createSitemapParser } from "./sitemap-parser.js";
export type { WarmDeps, WarmOptions, WarmSite, WarmSummary } from "./warm.js";
export { warmDomain } from "./warm.js";
