import { type ContentCoding, chooseCodingCached } from "../http/content-coding.js";
import type { MarkdownBody, MarkdownPages } from "../markdown/markdown-pages.js";
import type { PageBody } from "./page-service.js";

/** Pages are stored gzip-compressed: the one coding the edge sends. */
const GZIP_ONLY: readonly ContentCoding[] = ["gzip"];

/**
 * Whether a cached page has a Markdown variant: every page but a redirect and a `204` (no
 * content to convert). Only these answers vary on `Accept`.
 */
export function convertible(page: PageBody): boolean {
  const { status, location } = page.entry;
  return location === null && status !== 204 && (status < 300 || status > 399);
}

/**
 * A cached page's bytes and headers: its HTML, or its Markdown when the request prefers it and
 * the page has one (a conversion that failed leaves the HTML). Both are gzip when the client
 * takes it: the stored HTML blob goes out as it is (a hit parses a remembered header and
 * compresses nothing; a client that refuses gzip gets the HTML decompressed once per cached
 * page), the Markdown is compressed once per conversion.
 */
export async function representation(
  markdowns: MarkdownPages | null,
  page: PageBody,
  ask: {
    markdown: boolean;
    /** The page's URL, read by a Markdown conversion only (`""` when no Markdown is asked). */
    url: string;
    acceptEncoding: string | undefined;
  },
): Promise<{ headers: Record<string, string>; full: Uint8Array }> {
  const gzip = chooseCodingCached(ask.acceptEncoding, GZIP_ONLY) === "gzip";
  const varies = markdowns !== null && convertible(page);
  let markdown: MarkdownBody | null = null;
  if (varies && ask.markdown) markdown = await markdowns.of(page, ask.url);
  const full = markdown
    ? await (gzip ? markdown.gzip() : markdown.identity)
    : await (gzip ? page.gzip() : page.identity());
  const headers: Record<string, string> = {
    "content-type": markdown ? "text/markdown; charset=utf-8" : "text/html; charset=utf-8",
    "content-length": String(full.byteLength),
    vary: varies ? "Accept, Accept-Encoding" : "Accept-Encoding",
  };
  if (markdown) headers["x-markdown-tokens"] = String(markdown.tokens);
  if (gzip) headers["content-encoding"] = "gzip";
  if (page.entry.location !== null) headers.location = page.entry.location;
  return { headers, full };
}
