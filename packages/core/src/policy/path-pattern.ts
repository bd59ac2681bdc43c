import { encodeNonAscii, isAscii, parseSource, type Segment } from "../routing/rules/pattern.js";

/**
 * A policy rule's path pattern: the routing grammar (`routing/rules/pattern.ts`) without a query,
 * matched as routing rules match their source path (ASCII letter case ignored, non-ASCII
 * compared percent-encoded, one trailing slash ignored unless it follows a final wildcard).
 * Compiled to one anchored regular expression over the request path with its trailing slash
 * removed; the property test compares it with the routing rule index over generated patterns
 * and paths.
 */

/** A request path prepared once per request, for every path pattern of the policy. */
export interface PolicyPath {
  /** Non-ASCII percent-encoded, one trailing slash removed (`/` stays `/`). */
  trimmed: string;
  endsWithSlash: boolean;
  /** The first segment, lowercased: patterns starting with a literal compare it first. */
  first: string;
}

export type PathMatcher = (path: PolicyPath) => boolean;

/** The request path (without its query) as path patterns read it. */
export function policyPath(rawPath: string): PolicyPath {
  let path = rawPath.charCodeAt(0) === 47 ? rawPath : `/${rawPath}`;
  if (!isAscii(path)) path = encodeNonAscii(path);
  const endsWithSlash = path.charCodeAt(path.length - 1) === 47;
  const trimmed = endsWithSlash && path.length > 1 ? path.slice(0, -1) : path;
  const slash = trimmed.indexOf("/", 1);
  const first = (slash < 0 ? trimmed.slice(1) : trimmed.slice(1, slash)).toLowerCase();
  return { trimmed, endsWithSlash, first };
}

const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The request path (without its query) as a policy judges it: the page an origin serves for it.
 * Escapes of unreserved characters are decoded (`/%70rivate` is `/private`), backslashes read as
 * slashes, repeated slashes merged and dot segments removed (`/x/../private`, `/%2e/private`),
 * as origins and the proxies in front of them do; escapes of other characters (`%2F`) keep
 * their meaning. Without it a crawler would pass a path rule by spelling the path another way.
 */
export function policyRequestPath(rawPath: string): string {
  if (
    !rawPath.includes("%") &&
    !rawPath.includes("//") &&
    !rawPath.includes("/.") &&
    !rawPath.includes("\\")
  )
    return rawPath;
  // WHATWG URL parsers (most JavaScript origins) read a backslash in an http path as a slash.
  const decoded = rawPath.replaceAll("\\", "/").replace(ESCAPE, (sequence, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : sequence;
  });
  const segments = decoded.split("/");
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const last = i === segments.length - 1;
    if (segment === "..") out.pop();
    else if (segment !== "." && segment !== "") out.push(segment);
    // A path ending in a slash (or a dot segment) keeps its trailing slash.
    if (last && (segment === "" || segment === "." || segment === "..") && out.length > 0)
      out.push("");
  }
  return `/${out.join("/")}`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function segmentSource(segment: Segment): string {
  switch (segment.kind) {
    case "literal":
      return escapeRegex(segment.text);
    case "one":
      return "[^/]+";
    case "glob":
      return `${escapeRegex(segment.prefix)}[^/]*${escapeRegex(segment.suffix)}`;
    case "rest":
      return "";
  }
}

/** The matcher of a pattern, or `null` when it is not in the grammar (never saved: see schema). */
export function compilePathPattern(pattern: string): PathMatcher | null {
  const parsed = parseSource(pattern);
  if (!parsed.ok || parsed.value.query !== null) return null;
  const { segments, slashSignificant } = parsed.value;
  const last = segments[segments.length - 1];
  const rest = last?.kind === "rest" ? last : null;
  const fixed = (rest ? segments.slice(0, -1) : segments).map((s) => `/${segmentSource(s)}`);
  // A rest of `:name*` or `*` may be empty (the path itself); `:name+` needs some text.
  const tail = rest ? (rest.min === 0 ? "(?:/[^]*)?" : "/[^]+") : "";
  const body = fixed.join("") + tail;
  // ASCII-only case folding (no `u` flag): the request path is ASCII once percent-encoded.
  const regex = new RegExp(`^${body === "" ? "/" : body}$`, "i");
  // A literal first segment is compared as a string before the expression runs.
  const first = segments[0]?.kind === "literal" ? segments[0].text : null;
  if (first !== null)
    return (path) =>
      path.first === first && (!slashSignificant || path.endsWithSlash) && regex.test(path.trimmed);
  return (path) => (!slashSignificant || path.endsWithSlash) && regex.test(path.trimmed);
}
