import type { RoutingRule } from "../types.js";
import { ExactPaths } from "./exact-paths.js";
import { FoldedTable, foldedLookup, headBit } from "./folded-table.js";
import { FOLD_PRIME, FOLD_SEED, foldedEquals } from "./folded-text.js";
import { encodeNonAscii, isAscii, type ParsedSource, parseSource } from "./pattern.js";
import { compareRuleOrder } from "./rule-order.js";
import {
  compileTarget,
  joinPieces,
  piecesEqual,
  renderTarget,
  type TargetTemplate,
  targetPieces,
} from "./target.js";

/**
 * A domain's active rules compiled once: exact sources in a hash table, patterns in a segment
 * trie walked breadth-first (every live branch advances one segment at a time, so matching is
 * linear in the path length whatever the patterns: no backtracking). Every matching rule is a
 * candidate; the winner is the candidate first in the spec's order, skipping redirects that
 * would send the visitor to the URL they asked for.
 *
 * An exact hit on a lowercase path is one native lowercase (a no-op) and one map lookup. The
 * trie walk reads a segment only when a live branch needs it, folding letters and hashing it
 * once for every literal lookup, so it needs no lowercased substrings or string hashing. What
 * a match reads is kept on the entry itself, so a hit touches few objects (with 10,000 rules
 * most of them are out of the CPU cache).
 */

interface Entry {
  rule: RoutingRule;
  /** Exact entries: the lowercase path they match (without the query); "" for patterns. */
  key: string;
  /**
   * Exact entries without a query: every such entry with the same key, in rank order (the
   * exact map holds the first).
   */
  sameKey: Entry[];
  parsed: ParsedSource;
  target: TargetTemplate;
  /** The target when the visitor sent no query and it needs no capture, else `null`. */
  constTarget: string | null;
  /**
   * When the target's only capture is the rest it appends (`/old/*` → `/new`): its path with
   * the "/" that goes before a non-empty rest, else `null`. `restTail` is its own query.
   */
  restLead: string | null;
  restPath: string;
  restTail: string;
  /** Capture names (`parsed.captureNames`). */
  names: string[];
  /** `names.length`, kept on the entry (the names array is one more object to load). */
  captureCount: number;
  /** The source ends in `:name*`, `:name+` or a trailing `*`. */
  endsWithRest: boolean;
  slashSignificant: boolean;
  query: string | null;
  isRedirect: boolean;
  /** The target starts with "/" (a path on the domain, never an absolute URL). */
  relativeTarget: boolean;
  /** Position in the total match order (smaller wins). */
  rank: number;
  /**
   * Exact entries only: no pattern that outranks this rule can match its path, with or without
   * a trailing slash, whatever the query. Then an exact hit needs no trie walk at all.
   */
  unbeatable: boolean;
}

interface Node {
  /** The literal segment leading here ("" under a wildcard). */
  key: string;
  literal: FoldedTable<Node> | null;
  /** The literal table's slots and first-character filter, on the node (one load fewer). */
  litSlots: (number | Node | null)[] | null;
  litHeads: number;
  one: Node | null;
  globs: { prefix: string; suffix: string; node: Node }[] | null;
  /** Rules whose last segment is a rest wildcard hanging off this node. */
  rests: { entry: Entry; min: 0 | 1 }[] | null;
  /** Rules that end at this node. */
  ends: Entry[] | null;
  /** Best (smallest) rank of any rule at or below this node: branches that cannot win are cut. */
  minRank: number;
}

const newNode = (key = ""): Node => ({
  key,
  literal: null,
  litSlots: null,
  litHeads: 0,
  one: null,
  globs: null,
  rests: null,
  ends: null,
  minRank: Number.POSITIVE_INFINITY,
});

/** Fills `minRank` bottom-up, and copies each literal table's lookup fields onto its node. */
function computeMinRank(node: Node): number {
  if (node.literal !== null) {
    node.litSlots = node.literal.slots;
    node.litHeads = node.literal.heads;
  }
  let min = Number.POSITIVE_INFINITY;
  for (const e of node.ends ?? []) min = Math.min(min, e.rank);
  for (const r of node.rests ?? []) min = Math.min(min, r.entry.rank);
  for (const child of node.literal?.all() ?? []) min = Math.min(min, computeMinRank(child));
  if (node.one) min = Math.min(min, computeMinRank(node.one));
  for (const g of node.globs ?? []) min = Math.min(min, computeMinRank(g.node));
  node.minRank = min;
  return min;
}

/**
 * Captured segments as a persistent list in reused typed arrays (so branches share their
 * history and a capture allocates nothing): capture `k` spans `path[capStart[k], capEnd[k])`
 * and follows capture `capPrev[k]` (-1: none). Reset at the start of every walk; a match copies
 * the offsets it keeps.
 */
let capStart = new Int32Array(64);
let capEnd = new Int32Array(64);
let capPrev = new Int32Array(64);
let capTop = 0;

function pushCap(start: number, end: number, prev: number): number {
  if (capTop === capStart.length) {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    capStart = grow(capStart);
    capEnd = grow(capEnd);
    capPrev = grow(capPrev);
  }
  capStart[capTop] = start;
  capEnd[capTop] = end;
  capPrev[capTop] = prev;
  return capTop++;
}

/** A request path ready for the walk. */
interface RequestPath {
  /** "/" first, non-ASCII percent-encoded, original case (captures are sliced from it). */
  path: string;
  /** Length of `path` without its one ignored trailing slash. */
  end: number;
  endsWithSlash: boolean;
}

function requestPath(path: string, into?: RequestPath): RequestPath {
  const len = path.length;
  const endsWithSlash = path.charCodeAt(len - 1) === 47;
  const end = endsWithSlash && len > 1 ? len - 1 : len;
  if (!into) return { path, end, endsWithSlash };
  into.path = path;
  into.end = end;
  into.endsWithSlash = endsWithSlash;
  return into;
}

interface Candidate {
  entry: Entry;
  /** Last capture in the shared list (-1: none); valid until the next walk. */
  caps: number;
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
    if (result.ok) parsed.push(newEntry(rule, result.value));
  }
  parsed.sort((a, b) => compareRuleOrder(a.rule, b.rule, a.parsed.isExact, b.parsed.isExact));
  parsed.forEach((entry, i) => {
    entry.rank = i;
  });

  /** Exact sources without a query: the first in rank order, by lowercase path. */
  const exact = new ExactPaths<Entry>();
  /** Exact sources with a query, by `lowercase path?query`. */
  const exactWithQuery = new Map<string, Entry[]>();
  const root = newNode();
  let patternCount = 0;
  for (const entry of parsed) {
    if (entry.parsed.isExact && entry.query === null) {
      const first = exact.find(entry.key);
      if (first) first.sameKey.push(entry);
      else exact.add(entry.key, entry);
      continue;
    }
    if (entry.parsed.isExact) {
      const key = `${entry.key}?${entry.query}`;
      const list = exactWithQuery.get(key);
      if (list) list.push(entry);
      else exactWithQuery.set(key, [entry]);
      continue;
    }
    patternCount++;
    insert(root, entry);
  }
  computeMinRank(root);
  /** Some exact source contains a percent-escape: a non-ASCII request path may hit it encoded. */
  const percentKeys = parsed.some((e) => e.parsed.isExact && e.key.includes("%"));
  for (const entry of parsed) {
    if (!entry.parsed.isExact) continue;
    const found: Candidate[] = [];
    walk(root, requestPath(`${entry.key}/`), ANY_QUERY, found, entry.rank);
    entry.unbeatable = found.every((c) => c.entry.rank > entry.rank);
  }

  /**
   * Every rule matching the scanned request, given its exact hit without a query (`plain`).
   * With `shortcut`, an exact hit that outranks every pattern is returned without walking the
   * trie, and `walked` says whether the trie was walked without a bound.
   */
  function candidates(
    s: RequestPath,
    query: string,
    plain: Entry | undefined,
    shortcut: boolean,
  ): Candidate[] {
    const found: Candidate[] = [];
    if (plain) for (const entry of plain.sameKey) found.push({ entry, caps: -1, restStart: -1 });
    if (query && exactWithQuery.size > 0) {
      const withQuery = exactWithQuery.get(`${s.path.slice(0, s.end).toLowerCase()}?${query}`);
      // (A non-ASCII letter may lowercase to ASCII, as the Kelvin sign does: no such hit.)
      if (withQuery && isAscii(s.path))
        for (const entry of withQuery) found.push({ entry, caps: -1, restStart: -1 });
    }
    // With the shortcut, branches that cannot beat the best exact hit are cut during the walk
    // (if that hit is then skipped as a self-redirect, the caller walks again without it).
    let bound = Number.POSITIVE_INFINITY;
    if (shortcut) for (const c of found) bound = Math.min(bound, c.entry.rank);
    walked = bound === Number.POSITIVE_INFINITY;
    if (shortcut && found.length > 0) {
      const best = (found[0] as Candidate).entry;
      if (best.unbeatable && best.rank === bound) {
        walked = false;
        return found;
      }
    }
    if (patternCount > 0 && root.minRank < bound) walk(root, s, query, found, bound);
    return found;
  }
  let walked = false;
  /** The request path being matched (one object per index, reused). */
  const current: RequestPath = { path: "", end: 0, endsWithSlash: false };

  function firstApplicable(
    found: Candidate[],
    s: RequestPath,
    request: MatchRequest,
  ): RuleMatch | null {
    if (found.length > 1) found.sort((a, b) => a.entry.rank - b.entry.rank);
    for (const candidate of found) {
      const match = resolve(candidate, s.path, s.end, request);
      if (match) return match;
    }
    return null;
  }

  return {
    size: parsed.length,
    match(request) {
      const { path, query } = request;
      // The trie is walked on the path as sent: only if the walk reads a non-ASCII character is
      // the path percent-encoded and walked again. A character the walk never reads cannot
      // change its outcome (a rest capture is encoded when sliced), and an exact source can
      // only be hit by an encoded path if it contains a percent-escape (then it is encoded now).
      let p = path.charCodeAt(0) === 47 ? path : `/${path}`;
      if (percentKeys && !isAscii(p)) p = encodeNonAscii(p);
      // The exact sources are looked up only when the signature filter (a few characters read,
      // letters folded) lets the path through: most other paths are never lowercased.
      let plain: Entry | undefined;
      if (exact.mayHave(p)) {
        const key = p.toLowerCase();
        plain = exact.get(key);
        // (A non-ASCII letter may lowercase to ASCII, as the Kelvin sign does: no such hit.)
        if (plain !== undefined && key !== p && !isAscii(p)) plain = undefined;
        // Fast path: an exact hit that no pattern or query rule can outrank.
        if (plain?.unbeatable && (query === "" || exactWithQuery.size === 0)) {
          const candidate = { entry: plain, caps: -1, restStart: -1 };
          const match = resolve(candidate, p, p.length, request);
          if (match) return match;
        }
      }
      let s = requestPath(p, current);
      sawNonAscii = false;
      let found = candidates(s, query, plain, true);
      if (sawNonAscii) {
        s = requestPath(encodeNonAscii(p), current);
        plain = undefined;
        found = candidates(s, query, plain, true);
      }
      if (found.length === 0) return null;
      const match = firstApplicable(found, s, request);
      if (match || walked) return match;
      // Every exact hit was a skipped self-redirect: patterns may still apply.
      return firstApplicable(candidates(s, query, plain, false), s, request);
    },
  };
}

function newEntry(rule: RoutingRule, parsed: ParsedSource): Entry {
  const target = compileTarget(rule.targetUrl, parsed, parsed.query !== null);
  const usesCaptures =
    target.appendRest >= 0 || [...target.pathParts, ...target.queryParts].some(isCaptureRef);
  const entry: Entry = {
    rule,
    key: parsed.isExact ? exactPath(parsed) : "",
    sameKey: [],
    parsed,
    target,
    constTarget: usesCaptures ? null : renderTarget(target, [], ""),
    restLead: null,
    restPath: "",
    restTail: "",
    names: parsed.captureNames,
    captureCount: parsed.captureNames.length,
    endsWithRest: parsed.segments[parsed.segments.length - 1]?.kind === "rest",
    slashSignificant: parsed.slashSignificant,
    query: parsed.query,
    isRedirect: rule.ruleType === "redirect",
    relativeTarget: rule.targetUrl.startsWith("/"),
    rank: 0,
    unbeatable: false,
  };
  entry.sameKey.push(entry);
  if (
    target.appendRest >= 0 &&
    target.pathParts.every((p) => !isCaptureRef(p)) &&
    target.queryParts.every((p) => !isCaptureRef(p))
  ) {
    const path = target.pathParts.join("");
    entry.restLead = path.endsWith("/") ? path : `${path}/`;
    entry.restPath = path;
    entry.restTail = target.queryParts.join("");
  }
  return entry;
}

const isCaptureRef = (part: string | number): boolean => typeof part === "number";

/** The lowercase path an exact source matches (without its query). */
function exactPath(parsed: ParsedSource): string {
  return `/${parsed.segments.map((s) => (s.kind === "literal" ? s.text : "")).join("/")}`;
}

function insert(root: Node, entry: Entry): void {
  let node = root;
  for (const segment of entry.parsed.segments) {
    if (segment.kind === "literal") {
      const literal = node.literal ?? new FoldedTable<Node>();
      node.literal = literal;
      let next = literal.find(segment.text);
      if (!next) {
        next = newNode(segment.text);
        literal.add(next);
      }
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

/** Set by a walk that read a non-ASCII character (and stopped: the path needs encoding). */
let sawNonAscii = false;

// Scratch space reused by every walk (matching is synchronous, so one set suffices). Arrays
// are only ever grown; live lengths are kept in counters.
let curNodes: Node[] = [];
let curCaps: number[] = [];
let nextNodes: Node[] = [];
let nextCaps: number[] = [];

/**
 * Breadth-first walk over the trie: all live branches advance together, one segment at a time,
 * so the work is bounded by (segments × live branches) and nothing ever backtracks. A segment
 * is read (found, and hashed for literal lookups) only while some branch is live.
 */
function walk(root: Node, s: RequestPath, query: string, found: Candidate[], bound: number): void {
  const { path, end, endsWithSlash } = s;
  const atRoot = end === 1;
  curNodes[0] = root;
  curCaps[0] = -1;
  capTop = 0;
  let count = 1;
  let start = 1; // offset of the next segment, just after its "/"

  while (true) {
    const more = !atRoot && start <= end;
    for (let i = 0; i < count; i++) {
      const rests = (curNodes[i] as Node).rests;
      if (rests === null) continue;
      for (const { entry, min } of rests) {
        // `:name+` needs a non-empty rest ("/a/" has an empty last segment, not one more).
        if ((min === 0 || (more && start < end)) && accepts(entry, endsWithSlash, query)) {
          found.push({ entry, caps: curCaps[i] as number, restStart: more ? start : -2 });
        }
      }
    }
    if (!more) break;
    // Before reading the segment: if every live branch wants a literal and none starts with its
    // first character, the walk ends here (a miss is rejected after one character). A non-ASCII
    // first character is read, since its encoded form starts with "%".
    const first = path.charCodeAt(start);
    const bit = headBit(first);
    let wanted = first > 127;
    let hashed = false; // some branch looks the segment up among literals
    for (let i = 0; i < count; i++) {
      const node = curNodes[i] as Node;
      if ((node.litHeads & bit) !== 0) hashed = true;
      else if (node.one !== null || node.globs !== null) wanted = true;
    }
    if (!wanted && !hashed) return;
    // One pass over the segment finds its end (and folds and hashes it for literal lookups).
    let segEnd = start;
    let hash = FOLD_SEED;
    if (hashed) {
      for (; segEnd < end; segEnd++) {
        let c = path.charCodeAt(segEnd);
        if (c === 47) break;
        if (c > 127) {
          sawNonAscii = true;
          return;
        }
        if (c - 65 < 26 && c >= 65) c += 32;
        hash = Math.imul(hash ^ c, FOLD_PRIME);
      }
    } else {
      for (; segEnd < end; segEnd++) {
        const c = path.charCodeAt(segEnd);
        if (c === 47) break;
        if (c > 127) {
          sawNonAscii = true;
          return;
        }
      }
    }
    const length = segEnd - start;
    let next = 0;
    for (let i = 0; i < count; i++) {
      const node = curNodes[i] as Node;
      const cap = curCaps[i] as number;
      if (node.litSlots !== null && length > 0 && (node.litHeads & bit) !== 0) {
        const lit = foldedLookup(node.litSlots, hash, path, start, segEnd);
        if (lit !== undefined && lit.minRank < bound) {
          nextNodes[next] = lit;
          nextCaps[next++] = cap;
        }
      }
      if (node.one !== null && node.one.minRank < bound && length > 0) {
        nextNodes[next] = node.one;
        nextCaps[next++] = pushCap(start, segEnd, cap);
      }
      if (node.globs !== null) {
        for (const g of node.globs) {
          const from = start + g.prefix.length;
          const to = segEnd - g.suffix.length;
          if (
            g.node.minRank < bound &&
            from <= to &&
            foldedEquals(path, start, from, g.prefix) &&
            foldedEquals(path, to, segEnd, g.suffix)
          ) {
            nextNodes[next] = g.node;
            nextCaps[next++] = pushCap(from, to, cap);
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
    start = segEnd + 1;
  }
  for (let i = 0; i < count; i++) {
    const endHere = (curNodes[i] as Node).ends;
    if (endHere === null) continue;
    for (const entry of endHere) {
      if (accepts(entry, endsWithSlash, query))
        found.push({ entry, caps: curCaps[i] as number, restStart: -1 });
    }
  }
}

/** Stands for "any query string" when deciding at compile time which patterns could match. */
const ANY_QUERY = "\u0000any";

function accepts(entry: Entry, endsWithSlash: boolean, query: string): boolean {
  if (entry.slashSignificant && !endsWithSlash) return false;
  return entry.query === null || entry.query === query || query === ANY_QUERY;
}

const pieces: string[] = [];

/** The match for a candidate, or `null` when it redirects to the requested URL (skipped). */
function resolve(
  candidate: Candidate,
  path: string,
  end: number,
  request: MatchRequest,
): RuleMatch | null {
  const { entry } = candidate;
  const { query } = request;
  if (entry.constTarget !== null && query === "") {
    const target = entry.constTarget;
    if (entry.isRedirect && (target === requested(request) || isSameAbsoluteUrl(target, request)))
      return null;
    return new Match(entry.rule, target, entry.names, null, captureOffsets(candidate, end), path);
  }
  if (entry.restLead !== null) return resolveRest(candidate, entry.restLead, path, end, request);
  const values = sliceCaptures(path, captureOffsets(candidate, end));
  const n = targetPieces(entry.target, values, query, pieces);
  // Compared piece by piece: the built target stays a rope until someone reads it.
  if (entry.isRedirect && piecesEqual(pieces, n, requested(request))) return null;
  const target = joinPieces(pieces, n);
  if (entry.isRedirect && !entry.relativeTarget && isSameAbsoluteUrl(target, request)) return null;
  return new Match(entry.rule, target, entry.names, values, NO_OFFSETS, path);
}

/** `resolve` for a target whose only capture is the appended rest: no pieces, one concat. */
function resolveRest(
  candidate: Candidate,
  lead: string,
  path: string,
  end: number,
  request: MatchRequest,
): RuleMatch | null {
  const { entry } = candidate;
  const t = entry.target;
  const { query } = request;
  const rs = candidate.restStart;
  // The walk never read the rest: it may hold non-ASCII characters.
  const rest = rs >= 0 && rs < end ? encodeNonAscii(path.slice(rs, end)) : "";
  let target = (rest ? lead + rest : entry.restPath) + entry.restTail;
  if (query && t.passQuery) target += (t.hasOwnQuery ? "&" : "?") + query;
  target += t.fragment;
  if (entry.isRedirect) {
    // Lengths first: a rope is only flattened when it may equal the requested URL.
    const asked = requested(request);
    if (target.length === asked.length && target === asked) return null;
    if (!entry.relativeTarget && isSameAbsoluteUrl(target, request)) return null;
  }
  const values = entry.captureCount === 1 ? [rest] : null;
  const offsets = values === null ? captureOffsets(candidate, end) : NO_OFFSETS;
  return new Match(entry.rule, target, entry.names, values, offsets, path);
}

const NO_OFFSETS: number[] = [];

/**
 * The captured spans in capture order as (start, end) pairs into the matched path, copied out
 * of the shared capture list (which the next walk reuses).
 */
function captureOffsets(candidate: Candidate, end: number): number[] {
  const { entry } = candidate;
  const n = entry.captureCount;
  if (n === 0) return NO_OFFSETS;
  const offsets: number[] = n === 1 ? [0, 0] : new Array(2 * n).fill(0);
  let i = entry.endsWithRest ? n - 2 : n - 1;
  for (let c = candidate.caps; c >= 0 && i >= 0; c = capPrev[c] as number, i--) {
    offsets[2 * i] = capStart[c] as number;
    offsets[2 * i + 1] = capEnd[c] as number;
  }
  if (entry.endsWithRest && candidate.restStart >= 0) {
    offsets[2 * n - 2] = candidate.restStart;
    offsets[2 * n - 1] = end;
  }
  return offsets;
}

/**
 * The captured values in capture order, sliced from the matched path (original case). A rest
 * capture may span characters the walk never read, so values are percent-encoded here.
 */
function sliceCaptures(path: string, offsets: number[]): string[] {
  const values: string[] = new Array(offsets.length / 2);
  for (let i = 0; i < values.length; i++)
    values[i] = encodeNonAscii(path.slice(offsets[2 * i] as number, offsets[2 * i + 1] as number));
  return values;
}

/** A match; capture values are sliced, and `captures` built, only when asked for. */
class Match implements RuleMatch {
  constructor(
    readonly rule: RoutingRule,
    readonly target: string,
    private readonly names: string[],
    private values: string[] | null,
    private readonly offsets: number[],
    private readonly path: string,
  ) {}

  get captures(): Record<string, string> {
    this.values ??= sliceCaptures(this.path, this.offsets);
    const out: Record<string, string> = {};
    this.names.forEach((name, i) => {
      out[name] = this.values?.[i] ?? "";
    });
    return out;
  }
}

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
