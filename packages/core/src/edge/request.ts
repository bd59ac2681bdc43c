import { type PageKey, pageKeyOf } from "./page-key.js";
import { hostOfHeader } from "./site-settings.js";

/** A request as the edge reads it once: every later step (rules, policy, records) reads this. */
export interface ReadRequest {
  /** The Host header's hostname (lowercase, no port, no trailing dot). */
  host: string;
  /** The path as on the request line, byte for byte, without query or fragment. */
  path: string;
  /** The query without its `?` (`""` when none). */
  query: string;
  /** Path and query as on the request line, without the fragment. */
  target: string;
  /** The page's cache key, or `null` when it is not cacheable (see `pageKey`). */
  pageKey: PageKey | null;
}

/**
 * Reads the Host header and the request target once: `null` when the host cannot be a domain's
 * or the target is not origin-form (`/…`); such requests are not the edge's.
 */
export function readEdgeRequest(request: { host: string; url: string }): ReadRequest | null {
  const host = hostOfHeader(request.host);
  const url = request.url;
  if (host === null || !url.startsWith("/")) return null;
  const hash = url.indexOf("#");
  const target = hash >= 0 ? url.slice(0, hash) : url;
  const q = target.indexOf("?");
  const path = q >= 0 ? target.slice(0, q) : target;
  const query = q >= 0 ? target.slice(q + 1) : "";
  const pageKey = target.startsWith("//") ? null : pageKeyOf(path, query);
  return { host, path, query, target, pageKey };
}
