import { parseSource, prepareRequestPath, type Segment } from "../routing/pattern.js";

/**
 * A policy rule's path pattern: the routing grammar (`routing/pattern.ts`) without a query,
 * matched as routing rules match their source path (letter case ignored, one trailing slash
 * ignored unless it follows a final wildcard). The property test compares it with the routing
 * rule index over generated patterns and paths.
 */

/** A request path split once per request, for every path pattern of the policy. */
export interface PolicyPath {
  /** Segments after the leading slash, lowercased, without the trailing slash's empty one. */
  segments: readonly string[];
  endsWithSlash: boolean;
}

export type PathMatcher = (path: PolicyPath) => boolean;

/** The request path (without its query) as path patterns read it. */
export function policyPath(rawPath: string): PolicyPath {
  const prepared = prepareRequestPath(rawPath);
  const segments = prepared.lower === "/" ? [] : prepared.lower.slice(1).split("/");
  return { segments, endsWithSlash: prepared.endsWithSlash };
}

function segmentMatches(segment: Segment, value: string): boolean {
  switch (segment.kind) {
    case "literal":
      return value === segment.text;
    case "one":
      return value.length > 0;
    case "glob":
      return (
        value.length >= segment.prefix.length + segment.suffix.length &&
        value.startsWith(segment.prefix) &&
        value.endsWith(segment.suffix)
      );
    case "rest":
      return false;
  }
}

/** The matcher of a pattern, or `null` when it is not in the grammar (never saved: see schema). */
export function compilePathPattern(pattern: string): PathMatcher | null {
  const parsed = parseSource(pattern);
  if (!parsed.ok || parsed.value.query !== null) return null;
  const { segments, slashSignificant } = parsed.value;
  const last = segments[segments.length - 1];
  const rest = last?.kind === "rest" ? last : null;
  const fixed = rest ? segments.slice(0, -1) : segments;
  return (path) => {
    const values = path.segments;
    if (slashSignificant && !path.endsWithSlash) return false;
    if (rest ? values.length < fixed.length + rest.min : values.length !== fixed.length)
      return false;
    for (let i = 0; i < fixed.length; i++) {
      if (!segmentMatches(fixed[i] as Segment, values[i] as string)) return false;
    }
    // `:name+` needs a non-empty rest (`/a//` leaves one empty segment: no rest).
    return !(rest?.min === 1 && values.length === fixed.length + 1 && values[fixed.length] === "");
  };
}
