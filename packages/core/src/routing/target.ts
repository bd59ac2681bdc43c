import type { RoutingRule } from "../types.js";

/** What a match captured, by name (`*` for unnamed wildcards, in source order). */
export interface Captures {
  named: Map<string, string>;
  /** Values of the source's `*` wildcards, in source order. */
  stars: string[];
  /** The rest of the path matched by a final `/*`, or `null` when the source does not end so. */
  tailRest: string | null;
}

const TOKEN = /:([A-Za-z_][A-Za-z0-9_]*)[*+]?|\*/g;

/**
 * Builds the final target of a matched rule: `:name` (with an optional `*` or `+` after it, as
 * in the source syntax) becomes that capture, the i-th `*` becomes the source's i-th `*`
 * capture; a source ending in `/*` whose target has no `*` gets the rest of the path appended;
 * the visitor's query string is added unless the source has its own `?`. Names the source does
 * not capture are left as written.
 */
export function buildTarget(
  rule: Pick<RoutingRule, "targetUrl" | "sourcePath">,
  captures: Captures,
  query: string,
): string {
  const { targetUrl } = rule;
  const hash = targetUrl.indexOf("#");
  let body = hash >= 0 ? targetUrl.slice(0, hash) : targetUrl;
  const fragment = hash >= 0 ? targetUrl.slice(hash) : "";
  let starIndex = 0;
  let sawStar = false;
  body = body.replace(TOKEN, (token, name: string | undefined) => {
    if (name === undefined) {
      sawStar = true;
      return captures.stars[starIndex++] ?? captures.stars[captures.stars.length - 1] ?? "";
    }
    const value = captures.named.get(name);
    return value === undefined ? token : value;
  });
  if (!sawStar && captures.tailRest) {
    const [path, search] = splitQuery(body);
    body = `${path.endsWith("/") ? path : `${path}/`}${captures.tailRest}${search}`;
  }
  if (query && !rule.sourcePath.includes("?")) {
    body += body.includes("?") ? `&${query}` : `?${query}`;
  }
  return body + fragment;
}

function splitQuery(url: string): [string, string] {
  const q = url.indexOf("?");
  return q >= 0 ? [url.slice(0, q), url.slice(q)] : [url, ""];
}
