/**
 * Longest `url` accepted, in bytes of its JSON string (UTF-8, escapes included): a cursor pins
 * the `url` as sent next to every bot of a `botId` filter and must stay under its 4 KiB cap.
 */
export const MAX_PAGE_URL_BYTES = 1024;

const PLACEHOLDER_ORIGIN = "http://page.invalid";

/**
 * The normalized path of a page `url`: a full `http(s)` URL (its host is not checked: the
 * domain comes from `domainId`) or a bare path starting with `/`. Query, fragment and trailing
 * slashes go (`/` stays `/`); the rest is the WHATWG URL `pathname`, as the edge and the log
 * importer store paths: dot segments resolved, spaces and non-ASCII percent-encoded as UTF-8,
 * existing escapes and letter case kept as sent. `null` when `url` is neither form.
 */
export function pagePath(url: string): string | null {
  if (url.length === 0 || jsonBytes(url) > MAX_PAGE_URL_BYTES) return null;
  let parsed: URL;
  try {
    if (/^https?:\/\//i.test(url)) parsed = new URL(url);
    else if (url.startsWith("/")) parsed = new URL(`${PLACEHOLDER_ORIGIN}${url}`);
    else return null;
  } catch {
    return null;
  }
  return parsed.pathname.replace(/\/+$/, "") || "/";
}

/**
 * The stored spellings of a normalized path: ingest keeps paths as served, so `/blog` may have
 * been crawled as `/blog` and as `/blog/`; both count for the page.
 */
export function storedSpellings(path: string): string[] {
  return path === "/" ? [path] : [path, `${path}/`];
}

const encoder = new TextEncoder();
/** Bytes of a string once JSON-encoded, quotes excluded. */
const jsonBytes = (value: string) => encoder.encode(JSON.stringify(value)).length - 2;
