import { encodeBase64url } from "../signing/base64url.js";

/** The dashboard's session cookie: reading it from `Cookie`, writing `Set-Cookie`. */

export const SESSION_COOKIE = "crawlgate_session";
/**
 * Its name over https: the `__Host-` prefix makes browsers take it only with `Secure`, `Path=/`
 * and no `Domain`, so a sibling subdomain cannot set or shadow it (cookie tossing).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for a request over https or not. */
export const sessionCookieName = (secure: boolean) =>
  secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/** Session IDs: 32 random bytes, base64url (43 characters). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session ID in a `Cookie` header, or `null`. Pairs are split on `;` (RFC 6265 §5.4) and
 * only the scheme's cookie name counts (`__Host-crawlgate_session` over https, else
 * `crawlgate_session`: over https the unprefixed one, which any subdomain could set, is
 * ignored). More than one cookie of that name is no session at all: a browser sends a cookie
 * of a longer path first, so a cookie planted for a narrower path (by a sibling subdomain, or an
 * origin sharing the host) would otherwise outrank the real one, or survive a sign-in. Only a
 * single, well-formed value names a session. Never throws.
 */
export function readSessionCookie(header: string | undefined, secure = false): string | null {
  const values = sessionCookieValues(header, secure);
  if (values.length !== 1) return null;
  let value = values[0] as string;
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  return SESSION_ID.test(value) ? value : null;
}

/** The raw values of every cookie in `header` with the scheme's session cookie name. */
export function sessionCookieValues(header: string | undefined, secure = false): string[] {
  if (!header) return [];
  const name = sessionCookieName(secure);
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq >= 0 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}

export interface CookieOptions {
  /** Sent over https: the cookie is `__Host-crawlgate_session` with `Secure` and `Path=/`. */
  secure: boolean;
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
}

/** The `Set-Cookie` value that stores `sessionId` (or, with `maxAgeSeconds: 0`, deletes it). */
export function sessionCookie(sessionId: string, options: CookieOptions): string {
  const attributes = [
    `${sessionCookieName(options.secure)}=${sessionId}`,
    options.secure ? "Path=/" : "Path=/dashboard",
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** A new random session ID. */
export function newSessionId(): string {
  return encodeBase64url(crypto.getRandomValues(new Uint8Array(32)));
}
