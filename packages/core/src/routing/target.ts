import type { ParsedSource } from "./pattern.js";

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
  for (const m of body.matchAll(TOKEN)) {
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

function join(parts: Part[], values: string[]): string {
  let out = "";
  for (const part of parts) out += typeof part === "string" ? part : (values[part] ?? "");
  return out;
}

/** The final target for captured `values` (in capture order) and the visitor's query. */
export function renderTarget(t: TargetTemplate, values: string[], query: string): string {
  let path = join(t.pathParts, values);
  if (t.appendRest >= 0) {
    const rest = values[t.appendRest] ?? "";
    if (rest) path = `${path.endsWith("/") ? path : `${path}/`}${rest}`;
  }
  let out = t.queryParts.length > 0 ? path + join(t.queryParts, values) : path;
  if (query && t.passQuery) out += t.hasOwnQuery ? `&${query}` : `?${query}`;
  return t.fragment ? out + t.fragment : out;
}
