import { pageKey } from "../edge/page-key.js";
import { parseLastmod } from "./lastmod.js";
import {
  MAX_INDEX_DEPTH,
  MAX_SITEMAP_ENTRIES,
  MAX_SITEMAP_FILES,
  MAX_WARM_PAGES,
} from "./limits.js";
import type { ParsedSitemap } from "./sitemap-parser.js";

/** One file of a warm, as the answer reports it. */
export interface SitemapReport {
  url: string;
  /** Entries read from it (pages of a urlset, sitemaps of an index), at most 50,000. */
  urls: number;
  /** What was wrong with the file, or `null`. */
  error: string | null;
}

/** A page the sitemaps list. */
export interface ListedPage {
  /** The page key (cache key): path and query, tracking parameters dropped. */
  key: string;
  /** `<lastmod>` as epoch ms, or `null` (none, unreadable, or not trusted). */
  lastmod: number | null;
}

export interface CollectedPages {
  /** Pages in first-listed order, each once. */
  pages: ListedPage[];
  sitemaps: SitemapReport[];
  /** Entries not warmed: another host, outside the sitemap's directory, not a page URL. */
  skipped: number;
}

interface Pending {
  url: URL;
  depth: number;
  /** Set for a file listed by an index: its entries must be at or below this path. */
  scope: string | null;
}

const directoryOf = (url: URL) => url.pathname.slice(0, url.pathname.lastIndexOf("/") + 1);

function parseUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Walks a domain's sitemaps from `roots`, breadth first, each file once, at most
 * `MAX_SITEMAP_FILES`: an index's sitemaps are followed down to `MAX_INDEX_DEPTH` levels when they
 * sit at or below the index's directory; a urlset's pages are kept when they are http(s) URLs on
 * `hostname` (without credentials or a port) and, for a file listed by an index, at or below
 * that file's directory; at most `MAX_WARM_PAGES` pages (the rest count as skipped, and files
 * not read yet are reported, not fetched). A file's `<lastmod>`s are trusted unless it lists two or more and all
 * are the same instant (build-time stamping): then its pages get `lastmod: null`. A page listed
 * twice keeps its newest trusted `lastmod`. `read` answers each file (and never rejects).
 */
export async function collectPages(
  hostname: string,
  roots: readonly string[],
  read: (url: string) => Promise<ParsedSitemap>,
  onFile: (done: number, known: number) => void = () => {},
): Promise<CollectedPages> {
  const sitemaps: SitemapReport[] = [];
  const pages = new Map<string, ListedPage>();
  const seen = new Set<string>();
  let skipped = 0;
  const onHost = (url: URL) =>
    url.hostname === hostname && url.port === "" && url.username === "" && url.password === "";

  const queue: Pending[] = [];
  for (const root of roots) {
    const url = parseUrl(root);
    if (url && onHost(url)) queue.push({ url, depth: 0, scope: null });
    else sitemaps.push({ url: root, urls: 0, error: `not an http(s) URL on ${hostname}` });
  }
  for (let i = 0; i < queue.length; i++) {
    const { url, depth, scope } = queue[i] as Pending;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (seen.size > MAX_SITEMAP_FILES || pages.size >= MAX_WARM_PAGES) {
      const error =
        pages.size >= MAX_WARM_PAGES
          ? `not read: the warm has ${MAX_WARM_PAGES} pages already`
          : `not read: more than ${MAX_SITEMAP_FILES} sitemap files`;
      sitemaps.push({ url: url.href, urls: 0, error });
      continue;
    }
    onFile(i, queue.length);
    const parsed = await read(url.href);
    const report: SitemapReport = {
      url: url.href,
      urls: parsed.entries.length,
      error: parsed.error,
    };
    if (parsed.error === null && parsed.dropped > 0)
      report.error = `more than ${MAX_SITEMAP_ENTRIES} entries: the first ${MAX_SITEMAP_ENTRIES} were used`;
    sitemaps.push(report);
    if (parsed.kind === "sitemapindex") {
      if (depth >= MAX_INDEX_DEPTH) {
        report.error = `an index nested more than ${MAX_INDEX_DEPTH} levels deep: not followed`;
        continue;
      }
      const dir = directoryOf(url);
      for (const entry of parsed.entries) {
        const child = parseUrl(entry.loc);
        if (child && onHost(child) && child.pathname.startsWith(dir))
          queue.push({ url: child, depth: depth + 1, scope: directoryOf(child) });
        else
          sitemaps.push({
            url: entry.loc,
            urls: 0,
            error: `not on ${hostname} at or below ${dir}, the directory of its index`,
          });
      }
    } else if (parsed.kind === "urlset") {
      skipped += parsed.invalid + addPages(parsed, scope, onHost, pages);
    }
  }
  return { pages: [...pages.values()], sitemaps, skipped };
}

/** Adds a urlset's pages; returns how many entries were not pages of the domain. */
function addPages(
  parsed: ParsedSitemap,
  scope: string | null,
  onHost: (url: URL) => boolean,
  pages: Map<string, ListedPage>,
): number {
  const stamps = parsed.entries.map((e) => (e.lastmod === null ? null : parseLastmod(e.lastmod)));
  const dated = stamps.filter((t): t is number => t !== null);
  const trusted = dated.length < 2 || dated.some((t) => t !== dated[0]);
  let skipped = 0;
  parsed.entries.forEach((entry, i) => {
    const url = parseUrl(entry.loc);
    const key =
      url && onHost(url) && (scope === null || url.pathname.startsWith(scope))
        ? pageKey(url.pathname + url.search)
        : null;
    if (key === null) {
      skipped++;
      return;
    }
    const lastmod = trusted ? (stamps[i] ?? null) : null;
    const known = pages.get(key.key);
    if (!known && pages.size >= MAX_WARM_PAGES) skipped++;
    else if (!known) pages.set(key.key, { key: key.key, lastmod });
    else if (lastmod !== null && (known.lastmod === null || lastmod > known.lastmod))
      known.lastmod = lastmod;
  });
  return skipped;
}
