/**
 * Headers on every dashboard answer. Pages: a strict Content-Security-Policy (scripts, styles,
 * fonts and requests from the dashboard's own origin only, no inline script or style, images
 * also as `data:`; snapshot previews are `srcdoc` frames with `sandbox` that inherit this policy,
 * add their own that forbids every fetch, and take their page's https base), never framed. JSON
 * answers: nothing may load at all.
 */

const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self'",
  // A snapshot preview (a `srcdoc` frame, which inherits this policy) carries a `<base>` of its
  // page's https URL (links resolve as on the page); nothing is fetched through it: the preview's
  // own policy forbids every fetch, and scripts and forms stay 'self' here.
  "base-uri https:",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** `headers` with the security headers of an HTML page (or of a file the page loads). */
export function pageHeaders(headers: Record<string, string>): Record<string, string> {
  return { ...headers, ...COMMON, "content-security-policy": PAGE_CSP };
}

/** `headers` with the security headers of a JSON (or other data) answer. */
export function dataHeaders(headers: Record<string, string>): Record<string, string> {
  return { ...headers, ...COMMON, "content-security-policy": DATA_CSP };
}
