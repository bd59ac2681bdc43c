import { encodeBase64url } from "../signing/base64url.js";

/** The dashboard's session cookie: reading it from `Cookie`, writing `Set-Cookie`. */

export const SESSION_COOKIE = "crawlgate_session";

/** Session IDs: 32 random bytes, base64url (43 characters). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session ID in a `Cookie` header, or `null`. Pairs are split on `;` (RFC 6265 §5.4); the
 * first pair named `crawlgate_session` whose value is a well-formed session ID wins, so a
 * malformed duplicate (another path's cookie, an injected one) cannot hide the real one. Never
 * throws.
 */
export function readSessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1);
    if (SESSION_ID.test(value)) return value;
  }
  return null;
}

export interface CookieOptions {
  /** Sent over https: the cookie gets `Secure`. */
  secure: boolean;
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
}

/** The `Set-Cookie` value that stores `sessionId` (or, with `maxAgeSeconds: 0`, deletes it). */
export function sessionCookie(sessionId: string, options: CookieOptions): string {
  const attributes = [
    `${SESSION_COOKIE}=${sessionId}`,
    "Path=/dashboard",
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
