import type { RoutingRule } from "../../types.js";
import { collapseLeadingSlashes, safeCapture } from "../targets/safe-target.js";
import { joinPieces, piecesEqual, targetPieces } from "../targets/target.js";
import { captures } from "./capture-list.js";
import type { Entry } from "./rule-entry.js";

/** Turning the winning candidate into a match: its final target, loop check and captures. */

export interface RuleMatch {
  rule: RoutingRule;
  /** Captured values by name, original case (`*` holds the last unnamed wildcard). */
  captures: Record<string, string>;
  /** The final URL: captures substituted, rest appended, query passed on as the spec says. */
  target: string;
}

export interface MatchRequest {
  /** Path as requested, percent-encoded as on the wire, without the query. */
  path: string;
  /** Query string without `?` (empty when none). */
  query: string;
  /** The full requested URL, to detect redirect loops; relative targets resolve against it. */
  url?: string;
}

const pieces: string[] = [];

/**
 * The match for a candidate (its entry, last capture and rest start), or `null` when it
 * redirects to the requested URL (skipped).
 */
export function resolve(
  entry: Entry,
  caps: number,
  restStart: number,
  path: string,
  end: number,
  request: MatchRequest,
): RuleMatch | null {
  const { query } = request;
  if (entry.constTarget !== null && query === "") {
    const target = entry.constTarget;
    // (The length is kept on the entry: the target string is not even loaded unless needed.)
    const asked = request.path;
    if (
      entry.isRedirect &&
      ((entry.constLength === asked.length && target === asked) ||
        (!entry.relativeTarget && isSameAbsoluteUrl(target, request)))
    )
      return null;
    return newMatch(entry, target, path, caps, restStart, end, null);
  }
  if (entry.restLead !== null)
    return resolveRest(entry, caps, restStart, entry.restLead, path, end, request);
  const values = sliceCaptures(path, captureOffsets(entry, caps, restStart, end));
  const n = targetPieces(entry.target, values, query, pieces);
  // Compared piece by piece: the built target stays a rope until someone reads it.
  if (entry.isRedirect && piecesEqual(pieces, n, requested(request))) return null;
  let target = joinPieces(pieces, n);
  if (entry.relativeTarget) {
    const safe = collapseLeadingSlashes(target);
    if (safe !== target && entry.isRedirect && safe === requested(request)) return null;
    target = safe;
  }
  if (entry.isRedirect && !entry.relativeTarget && isSameAbsoluteUrl(target, request)) return null;
  return newMatch(entry, target, path, caps, restStart, end, values);
}

/** `resolve` for a target whose only capture is the appended rest: no pieces, one concat. */
function resolveRest(
  entry: Entry,
  caps: number,
  rs: number,
  lead: string,
  path: string,
  end: number,
  request: MatchRequest,
): RuleMatch | null {
  const { query } = request;
  // The walk never read the rest: it may hold non-ASCII characters (see safe-target.ts).
  const rest = rs >= 0 && rs < end ? safeCapture(path.slice(rs, end)) : "";
  let target: string;
  if (query === "" || !entry.target.passQuery)
    target = rest
      ? entry.restEnd === ""
        ? lead + rest
        : lead + rest + entry.restEnd
      : entry.restPathEnd;
  else {
    const t = entry.target;
    target = `${rest ? lead + rest : entry.restPath}${entry.restTail}${t.hasOwnQuery ? "&" : "?"}${query}${t.fragment}`;
  }
  // The target is a rope: its second character is read from the compile-time head when that
  // has one (reading the rope would flatten it on every wildcard hit).
  const head = rest ? lead : entry.restPath;
  if (entry.relativeTarget && (head.length < 2 || isSlash(head.charCodeAt(1))))
    target = collapseLeadingSlashes(target);
  if (entry.isRedirect) {
    // Length and lead first: a rope is only flattened when it may equal the requested URL.
    const asked = requested(request);
    if (
      target.length === asked.length &&
      asked.startsWith(rest ? lead : entry.restPath) &&
      target === asked
    )
      return null;
    if (!entry.relativeTarget && isSameAbsoluteUrl(target, request)) return null;
  }
  return newMatch(entry, target, path, caps, rs, end, null);
}

/**
 * A match for a candidate; `values` are its capture values when the target needed them (else
 * they are sliced when asked for, from spans copied out of the shared capture list).
 */
function newMatch(
  entry: Entry,
  target: string,
  path: string,
  caps: number,
  restStart: number,
  end: number,
  values: string[] | null,
): Match {
  const n = entry.captureCount;
  if (n === 0 || values !== null)
    return new Match(entry.rule, target, entry.names, path, 0, 0, null, values);
  if (n > 1) {
    const spans = captureOffsets(entry, caps, restStart, end);
    return new Match(entry.rule, target, entry.names, path, 0, 0, spans, null);
  }
  // One capture: its span is kept on the match itself.
  let from = 0;
  let to = 0;
  if (entry.endsWithRest) {
    if (restStart >= 0) {
      from = restStart;
      to = end;
    }
  } else if (caps >= 0) {
    from = captures.start[caps] as number;
    to = captures.end[caps] as number;
  }
  return new Match(entry.rule, target, entry.names, path, from, to, null, null);
}

/**
 * The captured spans in capture order as (start, end) pairs into the matched path, copied out
 * of the shared capture list (which the next walk reuses).
 */
function captureOffsets(entry: Entry, caps: number, restStart: number, end: number): number[] {
  const n = entry.captureCount;
  const offsets: number[] = new Array(2 * n).fill(0);
  let i = entry.endsWithRest ? n - 2 : n - 1;
  for (let c = caps; c >= 0 && i >= 0; c = captures.prev[c] as number, i--) {
    offsets[2 * i] = captures.start[c] as number;
    offsets[2 * i + 1] = captures.end[c] as number;
  }
  if (entry.endsWithRest && restStart >= 0) {
    offsets[2 * n - 2] = restStart;
    offsets[2 * n - 1] = end;
  }
  return offsets;
}

/**
 * The captured values in capture order, sliced from the matched path (original case), made
 * safe to substitute (`safeCapture`: a rest capture may span characters the walk never read).
 */
function sliceCaptures(path: string, offsets: number[]): string[] {
  const values: string[] = new Array(offsets.length / 2);
  for (let i = 0; i < values.length; i++)
    values[i] = safeCapture(path.slice(offsets[2 * i] as number, offsets[2 * i + 1] as number));
  return values;
}

/** A match; capture values are sliced, and `captures` built, only when asked for. */
class Match implements RuleMatch {
  constructor(
    readonly rule: RoutingRule,
    readonly target: string,
    private readonly names: string[],
    private readonly path: string,
    /** The span of the only capture (when there is one, and `values` is not known yet). */
    private readonly from: number,
    private readonly to: number,
    /** The (start, end) pairs of every capture (when there are several). */
    private readonly spans: number[] | null,
    private values: string[] | null,
  ) {}

  get captures(): Record<string, string> {
    this.values ??= sliceCaptures(this.path, this.spans ?? [this.from, this.to]);
    const out: Record<string, string> = {};
    this.names.forEach((name, i) => {
      out[name] = this.values?.[i] ?? "";
    });
    return out;
  }
}

/** `/` or `\`: what `collapseLeadingSlashes` collapses. */
const isSlash = (c: number): boolean => c === 47 || c === 92;

/** The requested URL as a redirect target would spell it (path and query, same case). */
function requested(request: MatchRequest): string {
  return request.query ? `${request.path}?${request.query}` : request.path;
}

/** Whether an absolute redirect target is the full URL that was requested. */
function isSameAbsoluteUrl(target: string, request: MatchRequest): boolean {
  if (!request.url || target.charCodeAt(0) === 47) return false;
  try {
    return new URL(target).href === new URL(request.url).href;
  } catch {
    return false;
  }
}
