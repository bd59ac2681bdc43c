import { encodeNonAscii } from "../rules/pattern.js";

/**
 * What keeps a target built from the request on the rule's own origin (docs/decisions.md,
 * "Targets built from captures"). The stored template is checked when the rule is written;
 * these rules hold for the built URL, whatever the request path contains:
 *
 * - a captured value is percent-encoded where a URL parser or a browser would read it as more
 *   than path text: non-ASCII, C0 controls (a browser drops tab and newlines anywhere), space,
 *   DEL and `\` (read as `/` in http(s) URLs);
 * - its dot segments (`.`, `..`, `%2e` spellings) are resolved inside the value itself, so a
 *   capture never climbs above the place the template gives it;
 * - a relative target whose built form starts with two slashes (or a slash and a backslash) has
 *   its leading slashes collapsed into one: it stays a path on the domain;
 * - a target that would put a capture in its authority (host, port) is never applied, and is
 *   refused when written.
 */

/** A captured value made safe to substitute into a target. */
export function safeCapture(value: string): string {
  let prev = 47;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 92) return slowCapture(value);
    if (prev === 47 && (c === 46 || c === 37)) return slowCapture(value);
    prev = c;
  }
  return value;
}

function slowCapture(value: string): string {
  let encoded = "";
  for (const char of encodeNonAscii(value)) {
    const c = char.charCodeAt(0);
    encoded += c <= 0x20 || c === 0x7f || c === 92 ? escapeChar(c) : char;
  }
  if (!/(^|\/)(\.|%2e)/i.test(encoded)) return encoded;
  const out: string[] = [];
  for (const segment of encoded.split("/")) {
    const dots = dotCount(segment);
    if (dots === 1) continue;
    if (dots === 2) {
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.join("/");
}

function escapeChar(code: number): string {
  return `%${code.toString(16).toUpperCase().padStart(2, "0")}`;
}

/** 1 for `.`, 2 for `..` (either spelled `%2e`, any case), else 0. */
function dotCount(segment: string): number {
  const s = segment.toLowerCase().replaceAll("%2e", ".");
  return s === "." ? 1 : s === ".." ? 2 : 0;
}

/** A relative target with its leading run of `/` and `\` collapsed into one `/`. */
export function collapseLeadingSlashes(target: string): string {
  const c = target.charCodeAt(1);
  if (c !== 47 && c !== 92) return target;
  let i = 1;
  while (target.charCodeAt(i) === 47 || target.charCodeAt(i) === 92) i++;
  return `/${target.slice(i)}`;
}

/**
 * Where the authority of an absolute target ends (its first `/`, `\`, `?` or `#` after `//`),
 * or 0 for a relative target.
 */
export function authorityEnd(target: string): number {
  const start = target.indexOf("//");
  if (target.startsWith("/") || start < 0) return 0;
  const rest = target.slice(start + 2).search(/[/\\?#]/);
  return rest < 0 ? target.length : start + 2 + rest;
}

/**
 * Whether an absolute target has a capture token in its authority: with `names` (the source's
 * captures), a `:name` or `*` the target compiler would fill; without, any `*` or `:letter`
 * outside an IPv6 literal's brackets (write-time check, where the source may still change).
 */
export function capturesInAuthority(target: string, names?: readonly string[]): boolean {
  const end = authorityEnd(target);
  if (end === 0) return false;
  const authority = target.slice(0, end);
  if (!names) return /:[A-Za-z_]|\*/.test(authority.replace(/\[[^\]]*\]/g, ""));
  for (const m of authority.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)|\*/g)) {
    if (m[1] === undefined ? names.includes("*") : names.includes(m[1])) return true;
  }
  return false;
}
