import { compareUtf8 } from "../text/index.js";

/**
 * Which requests are pages, and the key a page is cached under.
 *
 * A static asset is a path whose last segment ends in one of `STATIC_EXTENSIONS` (case
 * insensitive): crawlers get those from the origin, never rendered. Everything else (no
 * extension, `.html`, `.php`, …) is a page.
 */
export const STATIC_EXTENSIONS: ReadonlySet<string> = new Set([
  // scripts, styles, data
  "js", "mjs", "cjs", "map", "css", "json", "xml", "txt", "csv", "rss", "atom", "webmanifest",
  // images
  "png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico", "bmp", "tif", "tiff", "heic",
  // fonts
  "woff", "woff2", "ttf", "otf", "eot",
  // audio and video
  "mp3", "mp4", "m4a", "m4v", "webm", "ogg", "ogv", "wav", "flac", "mov", "avi", "mkv",
  // documents and archives
  "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "zip", "gz", "tgz", "bz2", "7z", "rar",
  "dmg", "exe", "apk", "wasm", "bin", "iso",
]); // biome-ignore format: one group per line reads better than one extension per line

/** Query parameters that only track the visit: they never change a page, so they are dropped. */
const TRACKING =
  /^(utm_[a-z0-9_]*|gclid|dclid|gbraid|wbraid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl)$/i;

/** Longest page key that is cached; longer requests go to the origin. */
export const MAX_PAGE_KEY = 2048;

/** Whether the path (no query) names a static file by its extension. */
export function isStaticAsset(path: string): boolean {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot <= slash + 1) return false;
  return STATIC_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

export interface PageKey {
  /** The path as requested (no query): what crawl rows and snapshots record. */
  path: string;
  /** Cache key: path, then the query's parameters without tracking ones, sorted by name. */
  key: string;
}

/**
 * The page key of a request target (`/a/b?x=1#f`), or `null` when it is not cacheable (not
 * origin-form, or longer than `MAX_PAGE_KEY`). The fragment is dropped; the path is kept byte
 * for byte (case and percent-encoding matter to origins); empty parameters and tracking
 * parameters are dropped and the rest sorted by name (stable, so repeated names keep their
 * order); a query left empty is dropped with its `?`.
 */
export function pageKey(target: string): PageKey | null {
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  const hash = target.indexOf("#");
  const url = hash >= 0 ? target.slice(0, hash) : target;
  const q = url.indexOf("?");
  const path = q >= 0 ? url.slice(0, q) : url;
  let key = path;
  if (q >= 0) {
    const params = url
      .slice(q + 1)
      .split("&")
      .filter((p) => p !== "" && p !== "=" && !TRACKING.test(nameOf(p)));
    params.sort((a, b) => compareUtf8(nameOf(a), nameOf(b)));
    if (params.length > 0) key = `${path}?${params.join("&")}`;
  }
  return key.length > MAX_PAGE_KEY ? null : { path, key };
}

function nameOf(param: string): string {
  const eq = param.indexOf("=");
  return eq >= 0 ? param.slice(0, eq) : param;
}
