/**
 * The status a page declares for crawlers, the convention of prerender.io and its middlewares:
 * `<meta name="prerender-status-code" content="404">`, and for redirects (301, 302, 303, 307,
 * 308) `<meta name="prerender-header" content="Location: https://…">`. Only the document's
 * `<head>` is looked at (the part before `</head>`, or the first 64 KiB without one).
 */
export interface DeclaredResponse {
  status: number;
  location: string | null;
}

const HEAD_SCAN_BYTES = 64 * 1024;
const META = /<meta\b[^>]*>/gi;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(ATTRIBUTE)) {
    const name = (m[1] as string).toLowerCase();
    if (!out.has(name)) out.set(name, decodeEntities(m[3] ?? m[4] ?? m[5] ?? ""));
  }
  return out;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The declared status and Location (resolved against `pageUrl`, http(s) only), or `null` when
 * the page declares no valid status (a redirect status without a usable Location included).
 */
export function declaredResponse(html: string, pageUrl: string): DeclaredResponse | null {
  const headEnd = html.search(/<\/head\s*>/i);
  const head = html.slice(0, headEnd >= 0 ? headEnd : HEAD_SCAN_BYTES);
  let status: number | null = null;
  let location: string | null = null;
  for (const [tag] of head.matchAll(META)) {
    const attrs = attributes(tag);
    const name = attrs.get("name")?.trim().toLowerCase();
    const content = attrs.get("content")?.trim() ?? "";
    if (name === "prerender-status-code" && status === null && /^[1-5]\d\d$/.test(content)) {
      status = Number(content);
    } else if (name === "prerender-header" && location === null) {
      const m = /^location\s*:\s*(\S.*)$/i.exec(content);
      if (m) location = (m[1] as string).trim();
    }
  }
  if (status === null || status < 200) return null;
  if (REDIRECTS.has(status)) {
    const resolved = location === null ? null : resolveHttpUrl(location, pageUrl);
    return resolved === null ? null : { status, location: resolved };
  }
  return { status, location: null };
}

function resolveHttpUrl(value: string, base: string): string | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
