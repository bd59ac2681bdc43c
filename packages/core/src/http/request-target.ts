import { type CrawlgateError, invalidRequest } from "../errors.js";

/**
 * How every bridge reads the request-target of a request line: a parser that cannot throw, and
 * the error it answers when the parser refuses (docs/decisions/http.md).
 */

export interface RequestTarget {
  /** Path as sent (origin-form), or as the URL parser normalised it (absolute-form). */
  path: string;
  /** `?` and the query string, or "" (the fragment dropped). */
  search: string;
  query: Record<string, string>;
  /** Absolute-form only: the scheme and the authority (`host[:port]`) the target names. */
  protocol?: "http" | "https";
  host?: string;
}

/**
 * Parses a request-target in origin-form (`/a?b=1`) or absolute-form (`http://host/a?b=1`).
 * `null` when it is neither, or the URL parser refuses it (a port over 65535, an IPv4 part over
 * 255, an unclosed IPv6 bracket, …). Never throws.
 */
export function parseRequestTarget(raw: string): RequestTarget | null {
  if (raw.startsWith("/")) {
    const hash = raw.indexOf("#");
    const target = hash >= 0 ? raw.slice(0, hash) : raw;
    const q = target.indexOf("?");
    const search = q >= 0 ? target.slice(q) : "";
    return { path: q >= 0 ? target.slice(0, q) : target, search, query: queryOf(search) };
  }
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return {
    path: url.pathname,
    search: url.search,
    query: queryOf(url.search),
    protocol: url.protocol === "http:" ? "http" : "https",
    host: url.host,
  };
}

function queryOf(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, name) => {
    query[name] = value;
  });
  return query;
}

/** The error a bridge answers for a request-target `parseRequestTarget` refuses. */
export function invalidTargetError(): CrawlgateError {
  return invalidRequest("the request target is not a valid URL");
}
