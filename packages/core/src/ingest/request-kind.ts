import type { Classification } from "../classify/classifier.js";
import { UNKNOWN_BOT_ID } from "../taxonomy/schema.js";

/**
 * The recording rule, for the edge and log importers alike: what a request is (`requestKind`)
 * and what of it is recorded (`recordingOf`).
 *
 * A static asset is a path whose last segment ends in one of `STATIC_EXTENSIONS` (case
 * insensitive), or a response whose Content-Type (when known) is a file's; crawlers get those
 * from the origin, never rendered. A scanner probe asks for a well-known attack target that no
 * site publishes as a page. Everything else (no extension, `.html`, `.php`, …) is a page.
 */
export type RequestKind = "page" | "asset" | "probe";

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

/** Content types of files, never of documents. */
const ASSET_TYPE =
  /^(image|font|audio|video)\/|^text\/css|javascript|^application\/(wasm|pdf|zip|octet-stream)/i;

/**
 * Path segments (lowercased) that only vulnerability scanners ask for: admin panels and exploit
 * targets of common stacks. A dot-segment (`/.env`, `/.git/config`) is a probe too, except
 * `/.well-known/`.
 */
const PROBE_SEGMENTS: ReadonlySet<string> = new Set([
  "wp-login.php", "xmlrpc.php", "wp-admin", "wp-includes", "phpmyadmin", "pma", "myadmin",
  "cgi-bin", "phpunit", "eval-stdin.php", "actuator", "boaform", "hnap1", "owa", "autodiscover",
  "shell.php", "config.php", "setup.php", "admin.php", "phpinfo.php", "info.php",
]); // biome-ignore format: grouped by line reads better than one entry per line

const LONGEST_PROBE = Math.max(...[...PROBE_SEGMENTS].map((segment) => segment.length));

/** A segment is a probe's (walked without splitting: this runs on every edge request). */
function isProbe(lower: string): boolean {
  let start = 0;
  while (start <= lower.length) {
    const slash = lower.indexOf("/", start);
    const end = slash < 0 ? lower.length : slash;
    const length = end - start;
    if (length > 0) {
      if (lower.charCodeAt(start) === 46 /* . */) {
        if (length !== 11 || !lower.startsWith(".well-known", start)) return true;
      } else if (length <= LONGEST_PROBE && PROBE_SEGMENTS.has(lower.slice(start, end))) {
        return true;
      }
    }
    if (slash < 0) return false;
    start = slash + 1;
  }
  return false;
}

/** Whether the path (no query) names a static file by its extension. */
export function isStaticAsset(path: string): boolean {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot <= slash + 1) return false;
  return STATIC_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/** What the path (no query) asks for; `contentType`, when the caller knows the answer's. */
export function requestKind(path: string, contentType: string | null = null): RequestKind {
  if (isProbe(path.toLowerCase())) return "probe";
  if (isStaticAsset(path)) return "asset";
  if (contentType !== null && ASSET_TYPE.test(contentType)) return "asset";
  return "page";
}

/** A taxonomy bot (other than `unknown`) or a generic automation client: never a person. */
export function isCrawler(classification: Classification): boolean {
  return classification.bot.botId !== UNKNOWN_BOT_ID || classification.automation;
}

/** What a request leaves behind: a crawl row, a referral candidate, or nothing. */
export type Recording = "crawl" | "referral" | "skip";

/** Where callers legitimately differ. */
export interface RecordingOptions {
  /**
   * Crawls of static assets are recorded (`true` at the edge, which serves them; `import-logs`
   * only with `--include-assets`, as Matomo's importer with `--enable-static`).
   */
  assets: boolean;
}

/** The edge's options: it records every asset it serves to a crawler. */
export const EDGE_RECORDING: Readonly<RecordingOptions> = Object.freeze({ assets: true });

/**
 * The recording rule. A crawler's page is a crawl, its asset a crawl when `options.assets`, its
 * probe nothing. A person's page is a referral candidate (`recordReferral` keeps it when an AI
 * source sent it); a person's asset or probe is nothing (a landing is a page). People are never
 * crawls.
 */
export function recordingOf(
  classification: Classification,
  kind: RequestKind,
  options: Readonly<RecordingOptions>,
): Recording {
  if (kind === "probe") return "skip";
  if (!isCrawler(classification)) return kind === "page" ? "referral" : "skip";
  return kind === "page" || options.assets ? "crawl" : "skip";
}
