/**
 * A snapshot's HTML made into the document of its preview frame. The frame is `sandbox=""` (no
 * script, an opaque origin, no forms, no popups); the document also gets, before anything
 * else, a Content-Security-Policy that forbids every fetch: no image, style sheet, font, media,
 * frame, object or prefetch is requested from anywhere, the dashboard's own origin included
 * (a `srcdoc` document resolves `/dashboard/...` against the dashboard, and it would inherit
 * the dashboard's `'self'`). Inline styles and `data:` images still show, so the page looks
 * roughly as crawled; its `<base>` (the page's https URL, `withBaseUrl`) is allowed, so links
 * resolve as on the page, but nothing is fetched through it. The policy goes right after a leading doctype (and comments), so that
 * the page keeps its rendering mode; the parser puts it in the head, where it applies to all
 * that follows.
 */

export const PREVIEW_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri https:; form-action 'none'";

const PREAMBLE = /^(?:\uFEFF)?(?:\s|<!--[\s\S]*?-->)*(?:<!doctype[^>]*>)?/i;

/** The `srcdoc` of a snapshot's preview frame: `html` behind a policy that forbids every fetch. */
export function previewDocument(html: string): string {
  const preamble = PREAMBLE.exec(html)?.[0] ?? "";
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  return `${preamble}${meta}${html.slice(preamble.length)}`;
}
