import { SaxesParser } from "saxes";
import { MAX_LOC_LENGTH, MAX_SITEMAP_BYTES, MAX_SITEMAP_ENTRIES } from "./limits.js";

/** One `<url>` of a urlset or `<sitemap>` of an index: its `<loc>` and `<lastmod>` text. */
export interface SitemapEntry {
  loc: string;
  /** The `<lastmod>` text as written (trimmed), or `null`. */
  lastmod: string | null;
}

/** What a sitemap file held. */
export interface ParsedSitemap {
  /** `urlset` (pages), `sitemapindex` (sitemaps), or `null` when no such root was read. */
  kind: "urlset" | "sitemapindex" | null;
  /** Entries in file order, at most `MAX_SITEMAP_ENTRIES`; empty when `error` is a malformation. */
  entries: SitemapEntry[];
  /** Entries past the limit, not kept. */
  dropped: number;
  /** Entries without a `<loc>`, or with one longer than `MAX_LOC_LENGTH`, not kept. */
  invalid: number;
  /**
   * Why the file is unusable, with its line (`line 12: …`), or `null`. A file over the byte cap,
   * not XML, not well-formed, or with another root is unusable; its entries are not used.
   */
  error: string | null;
}

/** A push parser of one sitemap file: feed text in chunks, then `end()`. */
export interface SitemapParser {
  /** Feeds the next chunk; ignored once the file is unusable. */
  write(chunk: string): void;
  /** Ends the file and answers what it held. */
  end(): ParsedSitemap;
  /** Whether the file is unusable already (the caller may stop reading). */
  readonly failed: boolean;
}

const ROOT_CHILD = { urlset: "url", sitemapindex: "sitemap" } as const;

/**
 * A streaming sitemap parser on saxes (a strict, non-validating XML parser that expands no
 * external entities and no DTD entities, so no entity bomb): `<urlset>` of `<url>` or
 * `<sitemapindex>` of `<sitemap>`, each with `<loc>` (required; entries without one are skipped)
 * and `<lastmod>`. Elements are matched by name without a prefix, whatever their namespace (old
 * and wrong namespace URIs are common); prefixed extensions (`image:`, `xhtml:`, `news:`) are
 * ignored. At most `maxEntries` entries are kept; past `maxBytes` characters fed (UTF-16 units,
 * at most the UTF-8 bytes) the file is unusable. Never throws.
 */
export function createSitemapParser(
  options: { maxEntries?: number; maxBytes?: number } = {},
): SitemapParser {
  const maxEntries = options.maxEntries ?? MAX_SITEMAP_ENTRIES;
  const maxBytes = options.maxBytes ?? MAX_SITEMAP_BYTES;
  const xml = new SaxesParser({ position: true });
  const entries: SitemapEntry[] = [];
  let kind: ParsedSitemap["kind"] = null;
  let depth = 0;
  let dropped = 0;
  let invalid = 0;
  let fed = 0;
  let error: string | null = null;
  let field: "loc" | "lastmod" | null = null;
  let text = "";
  let entry: { loc: string | null; lastmod: string | null } | null = null;

  const fail = (message: string) => {
    error ??= `line ${xml.line}: ${message}`;
  };
  xml.on("error", (e) => fail(e.message.replace(/^\d+:\d+: /, "")));
  // saxes reports through the handler above; anything thrown anyway is a malformation too.
  const guarded = (step: () => void) => {
    try {
      step();
    } catch (e) {
      fail(e instanceof Error ? e.message : String(e));
    }
  };
  xml.on("opentag", (tag) => {
    depth++;
    if (depth === 1) {
      if (tag.name === "urlset" || tag.name === "sitemapindex") kind = tag.name;
      else fail(`the root element is <${tag.name}>, not <urlset> or <sitemapindex>`);
    } else if (depth === 2 && kind !== null && tag.name === ROOT_CHILD[kind]) {
      entry = { loc: null, lastmod: null };
    } else if (depth === 3 && entry && (tag.name === "loc" || tag.name === "lastmod")) {
      field = tag.name;
      text = "";
    }
  });
  const onText = (t: string) => {
    if (field !== null && text.length <= MAX_LOC_LENGTH) text += t;
  };
  xml.on("text", onText);
  xml.on("cdata", onText);
  xml.on("closetag", () => {
    if (depth === 3 && field !== null && entry) {
      entry[field] = text.length > MAX_LOC_LENGTH ? null : text.trim();
      field = null;
    } else if (depth === 2 && entry) {
      const { loc, lastmod } = entry;
      if (!loc) invalid++;
      else if (entries.length < maxEntries) entries.push({ loc, lastmod: lastmod || null });
      else dropped++;
      entry = null;
    }
    depth--;
  });

  return {
    get failed() {
      return error !== null;
    },
    write(chunk) {
      if (error !== null) return;
      fed += chunk.length;
      if (fed > maxBytes) {
        error = `larger than ${maxBytes} bytes`;
        return;
      }
      guarded(() => xml.write(chunk));
    },
    end() {
      if (error === null) guarded(() => xml.close());
      if (error === null && kind === null)
        error = `line ${xml.line}: no <urlset> or <sitemapindex>`;
      return { kind, entries: error === null ? entries : [], dropped, invalid, error };
    },
  };
}
