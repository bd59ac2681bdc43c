// The sitemap protocol's limits (sitemaps.org) and the caps crawlgate adds to them.

/** Most `<url>` entries of one sitemap, and `<sitemap>` entries of one index. */
export const MAX_SITEMAP_ENTRIES = 50_000;
/** Largest sitemap, uncompressed (a gzipped file is capped after decompression). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** Largest body fetched (a gzipped file's compressed bytes). */
export const MAX_SITEMAP_FETCH_BYTES = MAX_SITEMAP_BYTES;
/** Longest wait for one sitemap file (headers and body). */
export const SITEMAP_TIMEOUT_MS = 30_000;
/** Index levels followed below a top-level sitemap (the protocol allows 1: an index of sitemaps). */
export const MAX_INDEX_DEPTH = 2;
/** Most sitemap files read in one warm (Search Console takes 500 index files per site). */
export const MAX_SITEMAP_FILES = 500;
/** Most pages one warm collects (ten full sitemaps); files past it are reported, not read. */
export const MAX_WARM_PAGES = 500_000;
/** Longest `<loc>` kept (the protocol: under 2,048 characters). */
export const MAX_LOC_LENGTH = 2_048;
/** Most paths `POST /warm-cache` takes (prerender.io's recache takes 1,000 URLs per call). */
export const MAX_WARM_PATHS = 1_000;
/**
 * Renders per hour a domain's warming may queue when its settings name no budget: 3,600 (one
 * a second), under half of what one 2-vCPU node renders with Chromium (2.3–2.8 renders/s with a
 * context per render, `bench edge`), so crawlers' own misses keep the rest.
 */
export const DEFAULT_WARM_RENDERS_PER_HOUR = 3_600;
/** Largest renders-per-hour budget a domain may set. */
export const MAX_WARM_RENDERS_PER_HOUR = 1_000_000;
/** Warm renders of one origin the worker runs at once on an instance. */
export const WARM_ORIGIN_CONCURRENCY = 2;
