import { isStaticAsset } from "@crawlgate/core/adapter-kit";

/**
 * What a logged request is for the import: a `page` (recorded and ranked), a static `asset`
 * (by the path's extension, as the edge decides, or by a non-document Content-Type when the log
 * has one) or a scanner `probe` (requests for well-known attack targets that no site publishes
 * as pages). See docs/decisions.md, "import-logs: what counts as a page".
 */
export type RequestKind = "page" | "asset" | "probe";

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

export function requestKind(path: string, contentType: string | null = null): RequestKind {
  for (const segment of path.toLowerCase().split("/")) {
    if (segment === "") continue;
    if (segment.startsWith(".") && segment !== ".well-known") return "probe";
    if (PROBE_SEGMENTS.has(segment)) return "probe";
  }
  if (isStaticAsset(path)) return "asset";
  if (contentType !== null && ASSET_TYPE.test(contentType)) return "asset";
  return "page";
}
