import { decodeBase64url, encodeBase64url } from "./base64url.js";
import type { KeyRing } from "./key-ring.js";

/**
 * Presigned download links: `?expires=<unix seconds>&kid=<key id>&sig=<base64url HMAC>` where
 * the HMAC covers the method, the canonical path and the expiry. Anyone holding the link may
 * use it until it expires; nothing else about the link is trusted.
 */

const PURPOSE = "presign";

const canonical = (method: string, path: string, expires: number) =>
  `${method.toUpperCase()}\n${path}\n${expires}`;

/** A path is canonical when it has no dot segments, no empty segments and no encoded dots/slashes. */
export function isCanonicalPath(path: string): boolean {
  if (!path.startsWith("/") || path.includes("//") || path.includes("\\")) return false;
  if (/%2e|%2f|%5c|%00/i.test(path)) return false;
  return !path.split("/").some((segment) => segment === "." || segment === "..");
}

export async function presignPath(
  ring: KeyRing,
  request: { method: string; path: string; expiresAt: Date },
): Promise<string> {
  if (!isCanonicalPath(request.path))
    throw new Error(`cannot presign a non-canonical path: ${request.path}`);
  const expires = Math.floor(request.expiresAt.getTime() / 1000);
  const { kid, mac } = await ring.sign(PURPOSE, canonical(request.method, request.path, expires));
  return `expires=${expires}&kid=${encodeURIComponent(kid)}&sig=${encodeBase64url(mac)}`;
}

/**
 * Whether a presigned request is valid now: canonical path, an expiry in the future but no
 * further than `maxLifetimeSeconds` ahead, a known key, and a matching signature.
 */
export async function verifyPresigned(
  ring: KeyRing,
  request: {
    method: string;
    path: string;
    query: Readonly<Record<string, string>>;
    now: Date;
    maxLifetimeSeconds: number;
  },
): Promise<boolean> {
  const { expires, kid, sig } = request.query;
  if (!expires || !kid || !sig || !/^\d{1,12}$/.test(expires)) return false;
  if (!isCanonicalPath(request.path)) return false;
  const at = Number(expires);
  const now = request.now.getTime() / 1000;
  if (at <= now || at > now + request.maxLifetimeSeconds) return false;
  const mac = decodeBase64url(sig);
  if (!mac) return false;
  return ring.verify(PURPOSE, canonical(request.method, request.path, at), kid, mac);
}
