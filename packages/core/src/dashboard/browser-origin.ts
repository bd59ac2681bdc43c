import type { ApiRequest } from "../http/types.js";

/**
 * The origin a browser used to reach the dashboard, as far as the server can tell: the
 * configured base URL's when the request came to the base URL's host name (the operator's word
 * for the scheme and port: behind a TLS-terminating proxy that is not trusted, or that says
 * nothing, the bridge sees `http` while the browser is on `https`), else the origin the bridge
 * saw (`ApiRequest.origin`: the Host header, `X-Forwarded-*` only behind a trusted proxy).
 * `null` when neither tells. Sign-in links, the `Origin` check and the cookie's `Secure` all
 * read this one value.
 */
export function browserOrigin(request: ApiRequest, baseUrl: string | null): string | null {
  const seen = originOf(request.origin ?? null);
  const base = originOf(baseUrl);
  if (seen === null || base === null) return seen;
  return new URL(seen).hostname === new URL(base).hostname ? base : seen;
}

/**
 * Whether the session cookie is written `Secure` (and `__Host-` prefixed): the browser's origin
 * is https, or the configured base URL is (with or without a trusted proxy).
 */
export function secureCookies(request: ApiRequest, baseUrl: string | null): boolean {
  return (
    (browserOrigin(request, baseUrl) ?? "").startsWith("https:") ||
    (baseUrl ?? "").startsWith("https:")
  );
}

/** `text`'s origin (`scheme://host[:port]`, lower case, default port dropped), or `null`. */
export function originOf(text: string | null | undefined): string | null {
  if (!text || !URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.origin;
}
