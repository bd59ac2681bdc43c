import type { ParsedSource } from "../rules/pattern.js";

/**
 * Targets compiled once per rule into literal parts and capture references, so that building
 * the final URL on a match is only string concatenation.
 *
 * - `:name` (optionally followed by `*` or `+`, as in the source syntax) is the capture of that
 *   name; names the source does not capture stay as written.
 * - The i-th `*` is the source's i-th `*` capture (the last one when the target has more).
 * - A source ending in `/*` whose target has no `*` gets the rest of the path appended to the
 *   target's path (before the target's own query).
 * - The visitor's query string is added (`?` or `&`) unless the source has its own `?`.
 */

type Part = string | number;

export interface TargetTemplate {
  pathParts: Part[];
  /** Parts from the target's own `?` on (empty when it has none). */
  queryParts: Part[];
  fragment: string;
  hasOwnQuery: boolean;
  /** Index of the rest capture to append, or -1. */
  appendRest: number;
  passQuery: boolean;
}

const TOKEN = /:([A-Za-z_][A-Za-z0-9_]*)[*+]?|\*/g;

export function compileTarget(
  targetUrl: string,
  source: ParsedSource,
  sourceHasQuery: boolean,
): TargetTemplate {
  const hash = targetUrl.indexOf("#");
  const body = hash >= 0 ? targetUrl.slice(0, hash) : targetUrl;
  const starIndexes: number[] = [];
  source.captureNames.forEach((name, i) => {
    if (name === "*") starIndexes.push(i);
  });
  const parts: Part[] = [];
  let last = 0;
  let stars = 0;
  let sawStar = false;
  // (Without a ":" or "*" the target has no token: its text is its only part.)
  const tokens = body.includes(":") || body.includes("*") ? body.matchAll(TOKEN) : [];
  for (const m of tokens) {
    const at = m.index ?? 0;
    let ref: number | null = null;
    if (m[1] === undefined) {
      sawStar = true;
      const k = Math.min(stars++, starIndexes.length - 1);
      ref = k >= 0 ? (starIndexes[k] as number) : null;
      if (ref === null) {
        parts.push(body.slice(last, at));
        last = at + m[0].length; // a * with nothing to fill it becomes empty
        continue;
      }
    } else {
      const i = source.captureNames.indexOf(m[1]);
      ref = i >= 0 ? i : null;
    }
    if (ref === null) continue;
    parts.push(body.slice(last, at), ref);
    last = at + m[0].length;
  }
  parts.push(body.slice(last));
  // Split the parts at the target's own "?".
  const pathParts: Part[] = [];
  const queryParts: Part[] = [];
  let inQuery = false;
  for (const part of parts) {
    if (inQuery) queryParts.push(part);
    else if (typeof part === "string" && part.includes("?")) {
      const q = part.indexOf("?");
      pathParts.push(part.slice(0, q));
      queryParts.push(part.slice(q));
      inQuery = true;
    } else pathParts.push(part);
  }
  const lastSegment = source.segments[source.segments.length - 1];
  const tailStar = lastSegment?.kind === "rest" && lastSegment.name === "*";
  return {
    pathParts: pathParts.filter((p) => p !== ""),
    queryParts: queryParts.filter((p) => p !== ""),
    fragment: hash >= 0 ? targetUrl.slice(hash) : "",
    hasOwnQuery: inQuery,
    appendRest: tailStar && !sawStar ? source.captureNames.length - 1 : -1,
    passQuery: !sourceHasQuery,
  };
}

/**
 * Writes the final target for captured `values` (in capture order) and the visitor's query as
 * pieces into `out`, returning how many: the URL is their concatenation. Pieces let a caller
 * compare the target with another string without building (and flattening) it.
 */
export function targetPieces(
  t: TargetTemplate,
  values: string[],
  query: string,
  out: string[],
): number {
  let n = 0;
  for (const part of t.pathParts) out[n++] = typeof part === "string" ? part : (values[part] ?? "");
  if (t.appendRest >= 0) {
    const rest = values[t.appendRest] ?? "";
    if (rest) {
      if (lastChar(out, n) !== 47) out[n++] = "/";
      out[n++] = rest;
    }
  }
  for (const part of t.queryParts)
    out[n++] = typeof part === "string" ? part : (values[part] ?? "");
  if (query && t.passQuery) {
    out[n++] = t.hasOwnQuery ? "&" : "?";
    out[n++] = query;
  }
  if (t.fragment) out[n++] = t.fragment;
  return n;
}

/** Char code of the last character of the concatenated pieces (NaN when empty). */
function lastChar(pieces: string[], n: number): number {
  for (let i = n - 1; i >= 0; i--) {
    const piece = pieces[i] as string;
    if (piece.length > 0) return piece.charCodeAt(piece.length - 1);
  }
  return Number.NaN;
}

const scratch: string[] = [];

/** The final target for captured `values` (in capture order) and the visitor's query. */
export function renderTarget(t: TargetTemplate, values: string[], query: string): string {
  return joinPieces(scratch, targetPieces(t, values, query, scratch));
}

export function joinPieces(pieces: string[], n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += pieces[i] as string;
  return out;
}

/** Whether the concatenation of `pieces[0, n)` equals `text`, without building it. */
export function piecesEqual(pieces: string[], n: number, text: string): boolean {
  let at = 0;
  for (let i = 0; i < n; i++) {
    const piece = pieces[i] as string;
    if (!text.startsWith(piece, at)) return false;
    at += piece.length;
  }
  return at === text.length;
}
