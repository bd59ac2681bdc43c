import type { RoutingRule } from "../types.js";
import { type ParsedSource, parseSource, prepareRequestPath, type RequestPath } from "./pattern.js";
import { compareRuleOrder } from "./rule-order.js";
import { compileTarget, renderTarget, type TargetTemplate } from "./target.js";

/**
 * A domain's active rules compiled once: exact sources in a hash map, patterns in a segment
 * trie walked breadth-first (every live branch advances one segment at a time, so matching is
 * linear in the path length whatever the patterns: no backtracking). Every matching rule is a
 * candidate; the winner is the candidate first in the spec's order, skipping redirects that
 * would send the visitor to the URL they asked for.
 */

interface Entry {
  rule: RoutingRule;
  parsed: ParsedSource;
  target: TargetTemplate;
  /** Position in the total match order (smaller wins). */
  rank: number;
  /**
   * Exact entries only: no pattern that outranks this rule can match its path, with or without
   * a trailing slash, whatever the query. Then an exact hit needs no trie walk at all.
   */
  unbeatable: boolean;
}

interface Node {
  literal: Map<string, Node> | null;
  one: Node | null;
  globs: { prefix: string; suffix: string; node: Node }[] | null;
  /** Rules whose last segment is a rest wildcard hanging off this node. */
  rests: { entry: Entry; min: 0 | 1 }[] | null;
  /** Rules that end at this node. */
  ends: Entry[] | null;
  /** Best (smallest) rank of any rule at or below this node: branches that cannot win are cut. */
  minRank: number;
}

const newNode = (): Node => ({
  literal: null,
  one: null,
  globs: null,
  rests: null,
  ends: null,
  minRank: Number.POSITIVE_INFINITY,
});

/** Fills `minRank` bottom-up. */
function computeMinRank(node: Node): number {
  let min = Number.POSITIVE_INFINITY;
  for (const e of node.ends ?? []) min = Math.min(min, e.rank);
  for (const r of node.rests ?? []) min = Math.min(min, r.entry.rank);
  for (const child of node.literal?.values() ?? []) min = Math.min(min, computeMinRank(child));
  if (node.one) min = Math.min(min, computeMinRank(node.one));
  for (const g of node.globs ?? []) min = Math.min(min, computeMinRank(g.node));
  node.minRank = min;
  return min;
}

/** Offsets of captured segments as a persistent list, so branches share their history. */
interface Cap {
  start: number;
  end: number;
  prev: Cap | null;
}

interface Candidate {
  entry: Entry;
  caps: Cap | null;
  /** Start offset of the rest captured by a rest wildcard, or -1. */
  restStart: number;
}

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

export interface RuleIndex {
  readonly size: number;
  /** The rule that applies to the request, or `null`. */
  match(request: MatchRequest): RuleMatch | null;
}

export function compileRuleIndex(rules: readonly RoutingRule[]): RuleIndex {
  const parsed: Entry[] = [];
  for (const rule of rules) {
    if (!rule.isActive) continue;
    const result = parseSource(rule.sourcePath);
    if (result.ok) {
      const target = compileTarget(rule.targetUrl, result.value, result.value.query !== null);
      parsed.push({ rule, parsed: result.value, target, rank: 0, unbeatable: false });
    }
  }
  parsed.sort((a, b) => compareRuleOrder(a.rule, b.rule, a.parsed.isExact, b.parsed.isExact));
  parsed.forEach((entry, i) => {
    entry.rank = i;
  });

  const exact = new Map<string, Entry[]>();
  const root = newNode();
  let patternCount = 0;
  for (const entry of parsed) {
    if (entry.parsed.isExact) {
      const key = exactKey(entry.parsed);
      const list = exact.get(key);
      if (list) list.push(entry);
      else exact.set(key, [entry]);
      continue;
    }
    patternCount++;
    insert(root, entry);
  }
  computeMinRank(root);
  for (const list of exact.values()) {
    for (const entry of list) {
      const found: Candidate[] = [];
      walk(
        root,
        prepareRequestPath(`${exactKey({ ...entry.parsed, query: null })}/`),
        ANY_QUERY,
        found,
        entry.rank,
      );
      entry.unbeatable = found.every((c) => c.entry.rank > entry.rank);
    }
  }

  /**
   * Every rule matching the request. With `shortcut`, an exact hit that outranks every pattern
   * is returned without walking the trie (the caller walks it after all if that hit is skipped).
   */
  function candidates(
    req: RequestPath,
    query: string,
    shortcut: boolean,
  ): { found: Candidate[]; walked: boolean } {
    const found: Candidate[] = [];
    const plain = exact.get(req.lower);
    if (plain) for (const entry of plain) found.push({ entry, caps: null, restStart: -1 });
    if (query) {
      const withQuery = exact.get(`${req.lower}?${query}`);
      if (withQuery)
        for (const entry of withQuery) found.push({ entry, caps: null, restStart: -1 });
    }
    // With the shortcut, branches that cannot beat the best exact hit are cut during the walk
    // (if that hit is then skipped as a self-redirect, the caller walks again without it).
    let bound = Number.POSITIVE_INFINITY;
    if (shortcut) for (const c of found) bound = Math.min(bound, c.entry.rank);
    if (
      shortcut &&
      found.length > 0 &&
      (found[0] as Candidate).entry.unbeatable &&
      (found[0] as Candidate).entry.rank === bound
    ) {
      return { found, walked: false };
    }
    if (patternCount > 0 && root.minRank < bound) walk(root, req, query, found, bound);
    return { found, walked: bound === Number.POSITIVE_INFINITY };
  }

  function firstApplicable(
    found: Candidate[],
    req: RequestPath,
    request: MatchRequest,
  ): RuleMatch | null {
    if (found.length > 1) found.sort((a, b) => a.entry.rank - b.entry.rank);
    for (const candidate of found) {
      const match = resolve(candidate, req, request.query);
      if (match.rule.ruleType === "redirect" && isSameUrl(match.target, request)) continue;
      return match;
    }
    return null;
  }

  return {
    size: parsed.length,
    match(request) {
      const req = prepareRequestPath(request.path);
      const first = candidates(req, request.query, true);
      if (first.found.length === 0) return null;
      const match = firstApplicable(first.found, req, request);
      if (match || first.walked) return match;
      // Every exact hit was a skipped self-redirect: patterns may still apply.
      return firstApplicable(candidates(req, request.query, false).found, req, request);
    },
  };
}

function exactKey(parsed: ParsedSource): string {
  const path = `/${parsed.segments.map((s) => (s.kind === "literal" ? s.text : "")).join("/")}`;
  return parsed.query === null ? path : `${path}?${parsed.query}`;
}

function insert(root: Node, entry: Entry): void {
  let node = root;
  for (const segment of entry.parsed.segments) {
    if (segment.kind === "literal") {
      const literal = node.literal ?? new Map<string, Node>();
      node.literal = literal;
      const next = literal.get(segment.text) ?? newNode();
      literal.set(segment.text, next);
      node = next;
    } else if (segment.kind === "one") {
      node.one = node.one ?? newNode();
      node = node.one;
    } else if (segment.kind === "glob") {
      const globs = node.globs ?? [];
      node.globs = globs;
      let glob = globs.find((g) => g.prefix === segment.prefix && g.suffix === segment.suffix);
      if (!glob) {
        glob = { prefix: segment.prefix, suffix: segment.suffix, node: newNode() };
        globs.push(glob);
      }
      node = glob.node;
    } else {
      node.rests = [...(node.rests ?? []), { entry, min: segment.min }];
      return;
    }
  }
  node.ends = [...(node.ends ?? []), entry];
}

// Scratch space reused by every walk (matching is synchronous, so one set suffices). Arrays
// are only ever grown; live lengths are kept in counters.
let curNodes: Node[] = [];
let curCaps: (Cap | null)[] = [];
let nextNodes: Node[] = [];
let nextCaps: (Cap | null)[] = [];

/**
 * Breadth-first walk over the trie: all live branches advance together, one segment at a time,
 * so the work is bounded by (segments × live branches) and nothing ever backtracks.
 */
function walk(
  root: Node,
  req: RequestPath,
  query: string,
  found: Candidate[],
  bound: number,
): void {
  const { lower } = req;
  const len = lower.length;
  const atRoot = len === 1;
  curNodes[0] = root;
  curCaps[0] = null;
  let count = 1;
  let start = 1; // offset of the next segment, just after its "/"

  while (true) {
    const more = !atRoot && start <= len;
    for (let i = 0; i < count; i++) {
      const rests = (curNodes[i] as Node).rests;
      if (rests === null) continue;
      for (const { entry, min } of rests) {
        // `:name+` needs a non-empty rest ("/a/" has an empty last segment, not one more).
        if ((min === 0 || (more && start < len)) && accepts(entry, req, query)) {
          found.push({ entry, caps: curCaps[i] as Cap | null, restStart: more ? start : -2 });
        }
      }
    }
    if (!more) break;
    let end = lower.indexOf("/", start);
    if (end < 0) end = len;
    const segment = lower.slice(start, end);
    let next = 0;
    for (let i = 0; i < count; i++) {
      const node = curNodes[i] as Node;
      const cap = curCaps[i] as Cap | null;
      if (node.literal !== null) {
        const lit = node.literal.get(segment);
        if (lit !== undefined && lit.minRank < bound) {
          nextNodes[next] = lit;
          nextCaps[next++] = cap;
        }
      }
      if (node.one !== null && node.one.minRank < bound && segment.length > 0) {
        nextNodes[next] = node.one;
        nextCaps[next++] = { start, end, prev: cap };
      }
      if (node.globs !== null) {
        for (const g of node.globs) {
          if (
            g.node.minRank < bound &&
            segment.length >= g.prefix.length + g.suffix.length &&
            segment.startsWith(g.prefix) &&
            segment.endsWith(g.suffix)
          ) {
            nextNodes[next] = g.node;
            nextCaps[next++] = {
              start: start + g.prefix.length,
              end: end - g.suffix.length,
              prev: cap,
            };
          }
        }
      }
    }
    const swapNodes = curNodes;
    curNodes = nextNodes;
    nextNodes = swapNodes;
    const swapCaps = curCaps;
    curCaps = nextCaps;
    nextCaps = swapCaps;
    count = next;
    if (count === 0) return;
    start = end + 1;
  }
  for (let i = 0; i < count; i++) {
    const ends = (curNodes[i] as Node).ends;
    if (ends === null) continue;
    for (const entry of ends) {
      if (accepts(entry, req, query))
        found.push({ entry, caps: curCaps[i] as Cap | null, restStart: -1 });
    }
  }
}

/** Stands for "any query string" when deciding at compile time which patterns could match. */
const ANY_QUERY = "\u0000any";

function accepts(entry: Entry, req: RequestPath, query: string): boolean {
  if (entry.parsed.slashSignificant && !req.endsWithSlash) return false;
  return entry.parsed.query === null || entry.parsed.query === query || query === ANY_QUERY;
}

function resolve(candidate: Candidate, req: RequestPath, query: string): RuleMatch {
  const { entry } = candidate;
  const names = entry.parsed.captureNames;
  const values: string[] = names.length === 0 ? [] : new Array(names.length);
  const endsWithRest = entry.parsed.segments[entry.parsed.segments.length - 1]?.kind === "rest";
  let i = endsWithRest ? names.length - 2 : names.length - 1;
  for (let c = candidate.caps; c && i >= 0; c = c.prev)
    values[i--] = req.original.slice(c.start, c.end);
  if (endsWithRest) {
    values[names.length - 1] =
      candidate.restStart >= 0 ? req.original.slice(candidate.restStart) : "";
  }
  return new Match(entry.rule, names, values, renderTarget(entry.target, values, query));
}

/** A match; `captures` is built only when asked for. */
class Match implements RuleMatch {
  constructor(
    readonly rule: RoutingRule,
    private readonly names: string[],
    private readonly values: string[],
    readonly target: string,
  ) {}

  get captures(): Record<string, string> {
    const out: Record<string, string> = {};
    this.names.forEach((name, i) => {
      out[name] = this.values[i] ?? "";
    });
    return out;
  }
}

/** Whether a redirect target is the URL that was requested (same path and query, same case). */
function isSameUrl(target: string, request: MatchRequest): boolean {
  const requested = request.query ? `${request.path}?${request.query}` : request.path;
  if (target === requested) return true;
  if (!request.url || target.charCodeAt(0) === 47) return false;
  try {
    return new URL(target).href === new URL(request.url).href;
  } catch {
    return false;
  }
}
