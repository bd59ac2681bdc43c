/**
 * The source-path pattern language, parsed once per rule.
 *
 * A source is a path, optionally followed by `?` and a literal query string. Path segments are:
 * - literal text (`/blog`), compared ignoring ASCII letter case;
 * - `:name`, or `*` on its own: exactly one non-empty segment, captured;
 * - `prefix*suffix` (`/gallery-*`): one segment starting and ending with the literals; the `*`
 *   part, possibly empty, is captured;
 * - last segment only: `:name*` (zero or more segments), `:name+` (one or more), and a trailing
 *   `*` (the path itself and everything under it), capturing the rest of the path.
 * A trailing slash after a final `:name*`, `:name+` or `*` makes the slash significant: the rule
 * then matches only URLs that end in a slash. Otherwise one trailing slash is ignored.
 */

export type Segment =
  | { kind: "literal"; text: string }
  | { kind: "one"; name: string }
  | { kind: "glob"; prefix: string; suffix: string }
  | { kind: "rest"; name: string; min: 0 | 1 };

export interface ParsedSource {
  segments: Segment[];
  /** Names of the captures in path order (`*` for unnamed wildcards). */
  captureNames: string[];
  /** The rule matches only request paths that end in `/`. */
  slashSignificant: boolean;
  /** Exact query string to require (without `?`), or `null`. */
  query: string | null;
  /** No capture or wildcard in the path part. */
  isExact: boolean;
}

export type ParseResult = { ok: true; value: ParsedSource } | { ok: false; message: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Lowercase for matching. Callers pass ASCII (see `encodeNonAscii`), for which the built-in
 * lowercase keeps the length, so capture offsets stay valid.
 */
export function asciiLower(text: string): string {
  return text.toLowerCase();
}

/** Percent-encodes every non-ASCII character (UTF-8), leaving ASCII as it is. */
export function encodeNonAscii(text: string): string {
  return isAscii(text) ? text : text.replace(/[\u{80}-\u{10FFFF}]/gu, encodeChar);
}

/** Whether every character is ASCII: a plain loop, cheaper than a regex on short paths. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** One character as UTF-8 percent-escapes; a lone surrogate becomes U+FFFD. */
function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return "%EF%BF%BD";
  }
}

export function parseSource(source: string): ParseResult {
  const question = source.indexOf("?");
  const rawPath = question >= 0 ? source.slice(0, question) : source;
  const query = question >= 0 ? source.slice(question + 1) : null;
  if (!rawPath.startsWith("/")) return fail('sourcePath must start with "/"');
  const path = encodeNonAscii(rawPath);
  const parts = path.slice(1).split("/");
  let trailingSlash = false;
  if (parts.length > 1 && parts[parts.length - 1] === "") {
    parts.pop();
    trailingSlash = true;
  }
  const segments: Segment[] = [];
  const captureNames: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const last = i === parts.length - 1;
    if (part === "") {
      if (parts.length === 1) break; // the root path "/"
      return fail("sourcePath must not contain empty segments (//)");
    }
    if (part.startsWith(":")) {
      const modifier = part.endsWith("*") || part.endsWith("+") ? part.slice(-1) : "";
      const name = part.slice(1, modifier ? -1 : undefined);
      if (name === "") return fail("sourcePath has a parameter with an empty name");
      if (!NAME.test(name)) {
        return fail(
          `sourcePath parameter "${part}" must be ":" followed by letters, digits and _ (optionally ending in * or +)`,
        );
      }
      if (captureNames.includes(name)) return fail(`sourcePath captures ":${name}" twice`);
      if (modifier && !last)
        return fail(`sourcePath parameter "${part}" may only be the last segment`);
      captureNames.push(name);
      segments.push(
        modifier ? { kind: "rest", name, min: modifier === "+" ? 1 : 0 } : { kind: "one", name },
      );
      continue;
    }
    const star = part.indexOf("*");
    if (star < 0) {
      segments.push({ kind: "literal", text: asciiLower(part) });
      continue;
    }
    if (part.indexOf("*", star + 1) >= 0)
      return fail(`sourcePath segment "${part}" may contain at most one *`);
    captureNames.push("*");
    if (part === "*")
      segments.push(last ? { kind: "rest", name: "*", min: 0 } : { kind: "one", name: "*" });
    else
      segments.push({
        kind: "glob",
        prefix: asciiLower(part.slice(0, star)),
        suffix: asciiLower(part.slice(star + 1)),
      });
  }
  const lastSegment = segments[segments.length - 1];
  const slashSignificant = trailingSlash && lastSegment?.kind === "rest";
  return {
    ok: true,
    value: {
      segments,
      captureNames,
      slashSignificant,
      query,
      isExact: segments.every((s) => s.kind === "literal"),
    },
  };
}

function fail(message: string): ParseResult {
  return { ok: false, message };
}

/**
 * A request path ready for matching: non-ASCII percent-encoded, one trailing slash removed
 * (`endsWithSlash` remembers it), and lowercased for comparison with the same offsets.
 */
export interface RequestPath {
  /** Path as matched, original case (captures are sliced from it). */
  original: string;
  /** `original` lowercased (ASCII). */
  lower: string;
  endsWithSlash: boolean;
}

/** The request path as matched: "/" first, non-ASCII percent-encoded, original case. */
export function matchablePath(rawPath: string): string {
  return encodeNonAscii(rawPath.charCodeAt(0) === 47 ? rawPath : `/${rawPath}`);
}

export function prepareRequestPath(rawPath: string): RequestPath {
  let original = matchablePath(rawPath);
  const endsWithSlash = original.endsWith("/");
  if (endsWithSlash && original.length > 1) original = original.slice(0, -1);
  return { original, lower: asciiLower(original), endsWithSlash };
}
