/**
 * Headers on every dashboard answer. Pages: a strict Content-Security-Policy (scripts and
 * requests from the dashboard's own origin only, no inline script or style; styles, images and
 * fonts also over https, and images as `data:`, for snapshot previews, which are `srcdoc` frames
 * with `sandbox` that inherit this policy and take their page's https base), never framed. JSON
 * answers: nothing may load at all.
 */

const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Stylesheets, images and fonts of a snapshot preview come from its page's https origin.
  "style-src 'self' https:",
  "img-src 'self' data: https:",
  "font-src 'self' https:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self'",
  // A snapshot preview (a `srcdoc` frame, which inherits this policy) carries a `<base>` of its
  // page's https URL; scripts stay 'self' and forms 'self', so a base elsewhere moves no script.
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
