import type { RoutingRule } from "../types.js";
import { type ParsedSource, parseSource, prepareRequestPath, type RequestPath } from "./pattern.js";
import { compareRuleOrder } from "./rule-order.js";
import { buildTarget, type Captures } from "./target.js";

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
  /** Position in the total match order (smaller wins). */
  rank: number;
}

interface Node {
  literal: Map<string, Node> | null;
  one: Node | null;
  globs: { prefix: string; suffix: string; node: Node }[] | null;
  /** Rules whose last segment is a rest wildcard hanging off this node. */
  rests: { entry: Entry; min: 0 | 1 }[] | null;
  /** Rules that end at this node. */
  ends: Entry[] | null;
}

const newNode = (): Node => ({ literal: null, one: null, globs: null, rests: null, ends: null });

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
    if (result.ok) parsed.push({ rule, parsed: result.value, rank: 0 });
  }
  parsed.sort((a, b) => compareRuleOrder(a.rule, b.rule, a.parsed.isExact, b.parsed.isExact));
  parsed.forEach((entry, i) => {
    entry.rank = i;
  });

  const exact = new Map<string, Entry[]>();
  const root = newNode();
  let patternCount = 0;
  let topPatternRank = Number.POSITIVE_INFINITY;
  for (const entry of parsed) {
    if (entry.parsed.isExact) {
      const key = exactKey(entry.parsed);
      const list = exact.get(key);
      if (list) list.push(entry);
      else exact.set(key, [entry]);
      continue;
    }
    patternCount++;
    topPatternRank = Math.min(topPatternRank, entry.rank);
    insert(root, entry);
  }

  function candidates(req: RequestPath, query: string): Candidate[] {
    const found: Candidate[] = [];
    const plain = exact.get(req.lower);
    if (plain) for (const entry of plain) found.push({ entry, caps: null, restStart: -1 });
    if (query) {
      const withQuery = exact.get(`${req.lower}?${query}`);
      if (withQuery)
        for (const entry of withQuery) found.push({ entry, caps: null, restStart: -1 });
    }
    // An exact hit that outranks every pattern needs no trie walk.
    if (found.length > 0 && found.every((c) => c.entry.rank < topPatternRank)) return found;
    if (patternCount > 0) walk(root, req, query, found);
    return found;
  }

  return {
    size: parsed.length,
    match(request) {
      const req = prepareRequestPath(request.path);
      const found = candidates(req, request.query);
      if (found.length === 0) return null;
      if (found.length > 1) found.sort((a, b) => a.entry.rank - b.entry.rank);
      for (const candidate of found) {
        const match = resolve(candidate, req, request.query);
        if (match.rule.ruleType === "redirect" && isSameUrl(match.target, request)) continue;
        return match;
      }
      return null;
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

/** Breadth-first walk over the trie: all live branches advance together, segment by segment. */
function walk(root: Node, req: RequestPath, query: string, found: Candidate[]): void {
  const { lower } = req;
  let nodes: Node[] = [root];
  let caps: (Cap | null)[] = [null];
  let start = 1; // offset of the current segment (after its "/")
  const atRoot = lower === "/";
  let remaining = atRoot ? 0 : countSegments(lower);

  while (true) {
    for (let i = 0; i < nodes.length; i++) {
      const rests = (nodes[i] as Node).rests;
      if (!rests) continue;
      for (const { entry, min } of rests) {
        // `:name+` needs a non-empty rest ("/a/" has an empty last segment, not one more).
        if ((min === 0 || (remaining > 0 && start < lower.length)) && accepts(entry, req, query)) {
          found.push({ entry, caps: caps[i] as Cap | null, restStart: remaining > 0 ? start : -2 });
        }
      }
    }
    if (remaining === 0) break;
    let end = lower.indexOf("/", start);
    if (end < 0) end = lower.length;
    const segment = lower.slice(start, end);
    const nextNodes: Node[] = [];
    const nextCaps: (Cap | null)[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Node;
      const cap = caps[i] as Cap | null;
      const lit = node.literal?.get(segment);
      if (lit) {
        nextNodes.push(lit);
        nextCaps.push(cap);
      }
      if (node.one && segment.length > 0) {
        nextNodes.push(node.one);
        nextCaps.push({ start, end, prev: cap });
      }
      if (node.globs) {
        for (const g of node.globs) {
          if (
            segment.length >= g.prefix.length + g.suffix.length &&
            segment.startsWith(g.prefix) &&
            segment.endsWith(g.suffix)
          ) {
            nextNodes.push(g.node);
            nextCaps.push({
              start: start + g.prefix.length,
              end: end - g.suffix.length,
              prev: cap,
            });
          }
        }
      }
    }
    nodes = nextNodes;
    caps = nextCaps;
    if (nodes.length === 0) return;
    start = end + 1;
    remaining--;
  }
  for (let i = 0; i < nodes.length; i++) {
    const ends = (nodes[i] as Node).ends;
    if (!ends) continue;
    for (const entry of ends) {
      if (accepts(entry, req, query))
        found.push({ entry, caps: caps[i] as Cap | null, restStart: -1 });
    }
  }
}

function countSegments(path: string): number {
  let n = 1;
  for (let i = 1; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

function accepts(entry: Entry, req: RequestPath, query: string): boolean {
  if (entry.parsed.slashSignificant && !req.endsWithSlash) return false;
  return entry.parsed.query === null || entry.parsed.query === query;
}

function resolve(candidate: Candidate, req: RequestPath, query: string): RuleMatch {
  const { entry } = candidate;
  const names = entry.parsed.captureNames;
  const values: string[] = [];
  for (let c = candidate.caps; c; c = c.prev) values.push(req.original.slice(c.start, c.end));
  values.reverse();
  const last = entry.parsed.segments[entry.parsed.segments.length - 1];
  let tailRest: string | null = null;
  if (last?.kind === "rest") {
    const rest = candidate.restStart >= 0 ? req.original.slice(candidate.restStart) : "";
    values.push(rest);
    if (last.name === "*") tailRest = rest;
  }
  const named = new Map<string, string>();
  const stars: string[] = [];
  const captures: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = values[i] ?? "";
    if (name === "*") stars.push(value);
    else named.set(name, value);
    captures[name] = value;
  });
  const target = buildTarget(entry.rule, { named, stars, tailRest } satisfies Captures, query);
  return { rule: entry.rule, captures, target };
}

/** Whether a redirect target is the URL that was requested (same path and query, same case). */
function isSameUrl(target: string, request: MatchRequest): boolean {
  const requested = request.query ? `${request.path}?${request.query}` : request.path;
  if (target === requested) return true;
  if (!request.url || !/^https?:\/\//i.test(target)) return false;
  try {
    return new URL(target).href === new URL(request.url).href;
  } catch {
    return false;
  }
}
