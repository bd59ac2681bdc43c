import type { RoutingRule } from "../types.js";
import { ExactPaths } from "./exact-paths.js";
import { FoldedTable, foldedLookup, headBit, type Slots } from "./folded-table.js";
import { FOLD_PRIME, FOLD_SEED, foldedEquals, foldedHash } from "./folded-text.js";
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
  constLength: number;
  /**
   * When the target's only capture is the rest it appends (`/old/*` → `/new`): its path with
   * the "/" that goes before a non-empty rest, else `null`. `restTail` is its own query.
   */
  restLead: string | null;
  restPath: string;
  restTail: string;
  /** `restTail` and the fragment; `restPath` followed by them (when no query is passed on). */
  restEnd: string;
  restPathEnd: string;
  /** Capture names (`parsed.captureNames`). */
  names: string[];
  /** `names.length`, kept on the entry (the names array is one more object to load). */
  captureCount: number;
  /** The source ends in `:name*`, `:name+` or a trailing `*`. */
  endsWithRest: boolean;
  /** How many segments that rest needs (1 for `:name+`). */
  restMin: 0 | 1;
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

/** Larger than any rank: "no candidate yet" (a small integer, unlike infinity). */
const NO_RANK = 2 ** 30;

interface Node {
  /** The literal segment leading here ("" under a wildcard). */
  key: string;
  literal: FoldedTable<Node> | null;
  /** The literal table's slots, first-character filter and mask, on the node (fewer loads). */
  litSlots: Slots<Node> | null;
  litHeads: number;
  litMask: number;
  one: Node | null;
  globs: Glob[] | null;
  /** Rules whose last segment is a rest wildcard hanging off this node, in rank order. */
  rests: Entry[] | null;
  /** Rules that end at this node, in rank order; `end0` is the first (one load fewer). */
  ends: Entry[] | null;
  end0: Entry | null;
  /** Best (smallest) rank of any rule at or below this node: branches that cannot win are cut. */
  minRank: number;
}

interface Glob {
  prefix: string;
  suffix: string;
  node: Node;
}

const newNode = (key = ""): Node => ({
  key,
  literal: null,
  litSlots: null,
  litHeads: 0,
  litMask: 0,
  one: null,
  globs: null,
  rests: null,
  ends: null,
  end0: null,
  minRank: NO_RANK,
});

/** Fills `minRank` bottom-up, and copies each literal table's lookup fields onto its node. */
function computeMinRank(node: Node): number {
  if (node.literal !== null) {
    node.litSlots = node.literal.slots;
    node.litMask = node.literal.mask;
    node.litHeads = node.literal.heads;
  }
  let min = NO_RANK;
  for (const e of node.ends ?? []) min = Math.min(min, e.rank);
  for (const r of node.rests ?? []) min = Math.min(min, r.rank);
  node.end0 = node.ends?.[0] ?? null;
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

function requestPath(path: string): RequestPath {
  const len = path.length;
  const endsWithSlash = path.charCodeAt(len - 1) === 47;
  return { path, end: endsWithSlash && len > 1 ? len - 1 : len, endsWithSlash };
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
  const search = new Search(root);

  function firstApplicable(
    found: Candidate[],
    s: RequestPath,
    request: MatchRequest,
  ): RuleMatch | null {
    if (found.length > 1) found.sort((a, b) => a.entry.rank - b.entry.rank);
    for (const candidate of found) {
      const { entry, caps, restStart } = candidate;
      const match = resolve(entry, caps, restStart, s.path, s.end, request);
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
          const match = resolve(plain, -1, -1, p, p.length, request);
          if (match) return match;
        }
      }
      // Depth-first search for the one best candidate (no candidate lists, no frontier arrays);
      // anything unusual (a query rule, a non-ASCII character, a skipped self-redirect) falls
      // back to the general walk below.
      if (query === "" || exactWithQuery.size === 0) {
        const end = p.length > 1 && p.charCodeAt(p.length - 1) === 47 ? p.length - 1 : p.length;
        if (!search.run(p, end, query, plain)) return general(p, query, plain, request, true);
        const entry = search.entry;
        if (entry === null) return null;
        const match = resolve(entry, search.caps, search.restStart, p, end, request);
        if (match) return match;
      }
      return general(p, query, plain, request, false);
    },
  };

  /**
   * The breadth-first walk collecting every candidate, resolved in the spec's order (the path
   * percent-encoded first when `encode`, or when the walk reads a non-ASCII character).
   */
  function general(
    p: string,
    query: string,
    plain: Entry | undefined,
    request: MatchRequest,
    encode: boolean,
  ): RuleMatch | null {
    let s = requestPath(encode ? encodeNonAscii(p) : p);
    if (encode) plain = undefined;
    sawNonAscii = false;
    let found = candidates(s, query, plain, true);
    if (sawNonAscii) {
      s = requestPath(encodeNonAscii(p));
      plain = undefined;
      found = candidates(s, query, plain, true);
    }
    if (found.length === 0) return null;
    const match = firstApplicable(found, s, request);
    if (match || walked) return match;
    // Every exact hit was a skipped self-redirect: patterns may still apply.
    return firstApplicable(candidates(s, query, plain, false), s, request);
  }
}

function newEntry(rule: RoutingRule, parsed: ParsedSource): Entry {
  const target = compileTarget(rule.targetUrl, parsed, parsed.query !== null);
  const usesCaptures =
    target.appendRest >= 0 || [...target.pathParts, ...target.queryParts].some(isCaptureRef);
  const last = parsed.segments[parsed.segments.length - 1];
  const entry: Entry = {
    rule,
    key: parsed.isExact ? exactPath(parsed) : "",
    sameKey: [],
    parsed,
    target,
    constTarget: usesCaptures ? null : renderTarget(target, [], ""),
    constLength: 0,
    restLead: null,
    restPath: "",
    restTail: "",
    restEnd: "",
    restPathEnd: "",
    names: parsed.captureNames,
    captureCount: parsed.captureNames.length,
    endsWithRest: last?.kind === "rest",
    restMin: last?.kind === "rest" ? last.min : 0,
    slashSignificant: parsed.slashSignificant,
    query: parsed.query,
    isRedirect: rule.ruleType === "redirect",
    relativeTarget: rule.targetUrl.startsWith("/"),
    rank: 0,
    unbeatable: false,
  };
  entry.sameKey.push(entry);
  entry.constLength = entry.constTarget?.length ?? -1;
  if (
    target.appendRest >= 0 &&
    target.pathParts.every((p) => !isCaptureRef(p)) &&
    target.queryParts.every((p) => !isCaptureRef(p))
  ) {
    const path = target.pathParts.join("");
    entry.restLead = path.endsWith("/") ? path : `${path}/`;
    entry.restPath = path;
    entry.restTail = target.queryParts.join("");
    entry.restEnd = entry.restTail + target.fragment;
    entry.restPathEnd = path + entry.restEnd;
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
      node.rests = [...(node.rests ?? []), entry];
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
      for (const entry of rests) {
        // `:name+` needs a non-empty rest ("/a/" has an empty last segment, not one more).
        if (
          (entry.restMin === 0 || (more && start < end)) &&
          accepts(entry, endsWithSlash, query)
        ) {
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
        const lit = foldedLookup(node.litSlots, node.litMask, hash, path, start, segEnd);
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

/**
 * Depth-first search for the candidate first in rank order (one instance per index, reused by
 * every request: matching is synchronous). A branch is entered only if some rule below it
 * outranks the best so far, so where the trie does not branch this is a single descent with no
 * lists; where it does, every node is still visited at most once and every segment scanned
 * once (segment ends and hashes are kept per depth), so the work is bounded like the
 * breadth-first walk's: linear in the path length, no backtracking.
 */
class Search {
  // (The path and query are passed down as arguments, never stored: a fresh string stored into
  // this long-lived object would cost a generational write barrier on every request.)
  end = 0;
  endsWithSlash = false;
  /** The best candidate so far: its entry, rank, last capture and rest start. */
  entry: Entry | null = null;
  rank = NO_RANK;
  caps = -1;
  restStart = -1;
  /** Set when the search read a non-ASCII character (and stopped: the path needs encoding). */
  nonAscii = false;
  /**
   * Recursion depth: while positive, another branch may visit the depths below, so each segment
   * scanned is kept (its end, and its folded hash once hashed) for them, marked with `stamp`.
   */
  private nested = 0;
  private stamp = 0;
  private segStamps = new Int32Array(32);
  private segEnds = new Int32Array(32);
  private segHashes = new Int32Array(32);
  private segHashed = new Uint8Array(32);

  constructor(private readonly root: Node) {}

  /**
   * Searches `s` (with `plain`, the exact hit, as the best so far); returns false when the path
   * must be encoded first.
   */
  run(path: string, end: number, query: string, plain: Entry | undefined): boolean {
    this.end = end;
    this.endsWithSlash = path.charCodeAt(path.length - 1) === 47;
    this.entry = plain ?? null;
    this.rank = plain ? plain.rank : NO_RANK;
    this.caps = -1;
    this.restStart = -1;
    this.nonAscii = false;
    const root = this.root;
    if (root.minRank >= this.rank) return true;
    this.nested = 0;
    if (this.stamp === 0x7fffffff) {
      this.stamp = 0;
      this.segStamps.fill(0);
    }
    this.stamp++;
    capTop = 0;
    // The root path "/": only the root's own rules can match.
    if (end === 1) this.visitEnd(query, root, -1, 1);
    else this.descend(path, query, root, 1, 0, -1);
    return !this.nonAscii;
  }

  /** Offers the rules ending at `node`, and its rest rules (with an empty rest). */
  private visitEnd(query: string, node: Node, cap: number, start: number): void {
    if (node.rests !== null) this.offerRests(query, node.rests, cap, start, false);
    const first = node.end0;
    if (first === null || first.rank >= this.rank) return;
    if (accepts(first, this.endsWithSlash, query)) {
      this.offer(first, cap, -1);
      return;
    }
    // (Lists are in rank order: the first rule accepted is the best.)
    const ends = node.ends as Entry[];
    for (let i = 1; i < ends.length; i++) {
      const entry = ends[i] as Entry;
      if (entry.rank >= this.rank) return;
      if (accepts(entry, this.endsWithSlash, query)) {
        this.offer(entry, cap, -1);
        return;
      }
    }
  }

  private offerRests(
    query: string,
    rests: Entry[],
    cap: number,
    start: number,
    more: boolean,
  ): void {
    for (let i = 0; i < rests.length; i++) {
      const entry = rests[i] as Entry;
      if (entry.rank >= this.rank) return;
      // `:name+` needs a non-empty rest ("/a/" has an empty last segment, not one more).
      if (
        (entry.restMin === 0 || (more && start < this.end)) &&
        accepts(entry, this.endsWithSlash, query)
      ) {
        this.offer(entry, cap, more ? start : -2);
        return;
      }
    }
  }

  private offer(entry: Entry, cap: number, restStart: number): void {
    this.entry = entry;
    this.rank = entry.rank;
    this.caps = cap;
    this.restStart = restStart;
  }

  /**
   * Descends from `node`, whose segment starts at `start` (just after its "/") at `depth`, with
   * `cap` the last capture so far. Loops while only one child is live; recurses where several
   * are.
   */
  private descend(
    path: string,
    query: string,
    node: Node,
    start: number,
    depth: number,
    cap: number,
  ): void {
    const end = this.end;
    while (true) {
      if (start > end) {
        this.visitEnd(query, node, cap, start);
        return;
      }
      if (node.rests !== null) this.offerRests(query, node.rests, cap, start, true);
      const slots = node.litSlots;
      const one = node.one;
      const globs = node.globs;
      const first = path.charCodeAt(start);
      const wantsLiteral = slots !== null && (node.litHeads & headBit(first)) !== 0;
      // Before reading the segment: a miss on every literal (by first character) with no other
      // branch ends the search here. A non-ASCII first character is read (its encoded form
      // starts with "%").
      if (!wantsLiteral && one === null && globs === null && first <= 127) return;
      let segEnd: number;
      let hash = 0;
      if (
        this.nested > 0 &&
        depth < this.segStamps.length &&
        this.segStamps[depth] === this.stamp
      ) {
        segEnd = this.segEnds[depth] as number;
        if (wantsLiteral) hash = this.hashAt(path, depth, start, segEnd);
      } else {
        // One pass finds the segment's end (and folds and hashes it for a literal lookup).
        segEnd = start;
        if (wantsLiteral) {
          hash = FOLD_SEED;
          for (; segEnd < end; segEnd++) {
            let c = path.charCodeAt(segEnd);
            if (c === 47) break;
            if (c > 127) {
              this.nonAscii = true;
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
              this.nonAscii = true;
              return;
            }
          }
        }
        if (this.nested > 0) this.keep(depth, segEnd, hash, wantsLiteral);
      }
      const length = segEnd - start;
      let lit: Node | undefined;
      if (wantsLiteral && length > 0) {
        lit = foldedLookup(slots, node.litMask, hash, path, start, segEnd);
        if (lit !== undefined && lit.minRank >= this.rank) lit = undefined;
      }
      const next = segEnd + 1;
      if (globs === null) {
        // At most two branches: loop into the one left after the other.
        const oneLive = one !== null && length > 0 && one.minRank < this.rank;
        if (lit !== undefined) {
          if (!oneLive) {
            node = lit;
            start = next;
            depth++;
            continue;
          }
          this.nested++;
          this.descend(path, query, lit, next, depth + 1, cap);
          this.nested--;
          if ((one as Node).minRank >= this.rank) return;
        } else if (!oneLive) return;
        node = one as Node;
        cap = pushCap(start, segEnd, cap);
        start = next;
        depth++;
        continue;
      }
      this.nested++;
      if (lit !== undefined) this.descend(path, query, lit, next, depth + 1, cap);
      if (one !== null && length > 0 && one.minRank < this.rank)
        this.descend(path, query, one, next, depth + 1, pushCap(start, segEnd, cap));
      for (let i = 0; i < globs.length; i++) {
        const g = globs[i] as Glob;
        const from = start + g.prefix.length;
        const to = segEnd - g.suffix.length;
        if (
          g.node.minRank < this.rank &&
          from <= to &&
          foldedEquals(path, start, from, g.prefix) &&
          foldedEquals(path, to, segEnd, g.suffix)
        )
          this.descend(path, query, g.node, next, depth + 1, pushCap(from, to, cap));
      }
      this.nested--;
      return;
    }
  }

  /** The folded hash of the segment at `depth` (already scanned), computed once. */
  private hashAt(path: string, depth: number, start: number, segEnd: number): number {
    if (this.segHashed[depth] === 0) {
      this.segHashes[depth] = foldedHash(path, start, segEnd);
      this.segHashed[depth] = 1;
    }
    return this.segHashes[depth] as number;
  }

  private keep(depth: number, segEnd: number, hash: number, hashed: boolean): void {
    if (depth >= this.segEnds.length) {
      const n = Math.max(depth + 1, this.segEnds.length * 2);
      const stamps = new Int32Array(n);
      stamps.set(this.segStamps);
      this.segStamps = stamps;
      const ends = new Int32Array(n);
      ends.set(this.segEnds);
      this.segEnds = ends;
      const hashes = new Int32Array(n);
      hashes.set(this.segHashes);
      this.segHashes = hashes;
      const flags = new Uint8Array(n);
      flags.set(this.segHashed);
      this.segHashed = flags;
    }
    this.segStamps[depth] = this.stamp;
    this.segEnds[depth] = segEnd;
    this.segHashes[depth] = hash;
    this.segHashed[depth] = hashed ? 1 : 0;
  }
}

/** Stands for "any query string" when deciding at compile time which patterns could match. */
const ANY_QUERY = "\u0000any";

function accepts(entry: Entry, endsWithSlash: boolean, query: string): boolean {
  if (entry.slashSignificant && !endsWithSlash) return false;
  return entry.query === null || entry.query === query || query === ANY_QUERY;
}

const pieces: string[] = [];

/**
 * The match for a candidate (its entry, last capture and rest start), or `null` when it
 * redirects to the requested URL (skipped).
 */
function resolve(
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
  const target = joinPieces(pieces, n);
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
  // The walk never read the rest: it may hold non-ASCII characters.
  const rest = rs >= 0 && rs < end ? encodeNonAscii(path.slice(rs, end)) : "";
  let target: string;
  if (query === "" || !entry.target.passQuery)
    target = rest ? lead + rest + entry.restEnd : entry.restPathEnd;
  else {
    const t = entry.target;
    target = `${rest ? lead + rest : entry.restPath}${entry.restTail}${t.hasOwnQuery ? "&" : "?"}${query}${t.fragment}`;
  }
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
    from = capStart[caps] as number;
    to = capEnd[caps] as number;
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
  for (let c = caps; c >= 0 && i >= 0; c = capPrev[c] as number, i--) {
    offsets[2 * i] = capStart[c] as number;
    offsets[2 * i + 1] = capEnd[c] as number;
  }
  if (entry.endsWithRest && restStart >= 0) {
    offsets[2 * n - 2] = restStart;
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
