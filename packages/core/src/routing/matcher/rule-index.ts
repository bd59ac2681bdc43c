import type { RoutingRule } from "../../types.js";
import { encodeNonAscii, isAscii, parseSource } from "../rules/pattern.js";
import { compareRuleOrder } from "../rules/rule-order.js";
import { capturesInAuthority } from "../targets/safe-target.js";
import { ExactPaths } from "./exact-paths.js";
import { headBit } from "./folded-table.js";
import { ANY_QUERY, type Entry, entryFor, newEntry } from "./rule-entry.js";
import { type MatchRequest, type RuleMatch, resolve } from "./rule-match.js";
import { computeMinRank, insert, NO_RANK, type Node, newNode } from "./rule-trie.js";
import { Search } from "./trie-search.js";
import { type Candidate, type RequestPath, requestPath, walk } from "./trie-walk.js";

export type { MatchRequest, RuleMatch } from "./rule-match.js";

/**
 * A domain's active rules compiled once: exact sources in a hash table, patterns in a segment
 * trie (`rule-trie.ts`). Every matching rule is a candidate; the winner is the candidate first
 * in the spec's order, skipping redirects that would send the visitor to the URL they asked for.
 * Matching is linear in the path length whatever the patterns: no backtracking anywhere.
 *
 * - An exact hit that no pattern can outrank is one signature check, one native lowercase (a
 *   no-op on a lowercase path) and one map lookup.
 * - Otherwise a depth-first search (`trie-search.ts`) finds the best candidate alone, with the
 *   exact hit as its starting bound: where the trie does not branch it is one descent with no
 *   lists or allocations, and branches that cannot beat the best so far are never entered.
 * - A query rule, a non-ASCII character read by the search or a winner skipped as a
 *   self-redirect falls back to the breadth-first walk (`trie-walk.ts`), which collects every
 *   candidate and resolves them in order.
 *
 * Both walks read a segment only when a live branch needs it, folding letters and hashing it in
 * the same pass for literal lookups, so they need no lowercased substrings or string hashing.
 * What a match reads is kept on the entry or node itself, so a hit touches few objects (with
 * 10,000 rules most of them are out of the CPU cache).
 */

export interface RuleIndex {
  readonly size: number;
  /** The rule that applies to the request, or `null`. */
  match(request: MatchRequest): RuleMatch | null;
}

/**
 * An index's compiled rules by source path: the entry, or the target of a rule that never
 * applies. The next compile of the same domain's rules reuses those whose target is unchanged
 * (`compileRuleIndex(rules, previous)`); keyed by the source alone, no key string is built.
 */
type Compiled = Map<string, Entry | string>;
const compiledOf = new WeakMap<RuleIndex, Compiled>();

/** A rule parsed and compiled, or `null` when it can never apply. */
function compileRule(rule: RoutingRule): Entry | null {
  const result = parseSource(rule.sourcePath);
  if (!result.ok) return null;
  // A capture in a target's host could send the visitor anywhere: such a rule never applies.
  if (capturesInAuthority(rule.targetUrl, result.value.captureNames)) return null;
  return newEntry(rule, result.value);
}

/**
 * Compiles `rules`. With `previous`, an index compiled from the same domain's earlier rules,
 * rules whose source and target it already compiled are not parsed again (their parsed source
 * and target template are shared: both are immutable), so recompiling after one rule write
 * costs the trie and the tables, not the parsing of every rule.
 */
export function compileRuleIndex(rules: readonly RoutingRule[], previous?: RuleIndex): RuleIndex {
  let parsed: Entry[] = [];
  const reusable = previous ? compiledOf.get(previous) : undefined;
  const compiled: Compiled = new Map();
  // Reused entries go where the previous index ranked them, the others after: the sort below
  // then meets long ordered runs (a rule write moves a few entries, not the whole order).
  const reused: (Entry | undefined)[] = reusable ? new Array(previous?.size ?? 0) : [];
  for (const rule of rules) {
    if (!rule.isActive) continue;
    const known = reusable?.get(rule.sourcePath);
    if (typeof known === "string" && known === rule.targetUrl) {
      compiled.set(rule.sourcePath, known);
      continue;
    }
    if (typeof known === "object" && known.rule.targetUrl === rule.targetUrl) {
      const entry = entryFor(rule, known);
      compiled.set(rule.sourcePath, entry);
      if (reused[known.rank] === undefined) reused[known.rank] = entry;
      else parsed.push(entry);
      continue;
    }
    const entry = compileRule(rule);
    compiled.set(rule.sourcePath, entry ?? rule.targetUrl);
    if (entry !== null) parsed.push(entry);
  }
  if (reusable) {
    const ordered: Entry[] = [];
    for (let i = 0; i < reused.length; i++)
      if (reused[i] !== undefined) ordered.push(reused[i] as Entry);
    for (let i = 0; i < parsed.length; i++) ordered.push(parsed[i] as Entry);
    parsed = ordered;
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
  /**
   * The first-character filter of everything a path's first segment can hit (exact sources and
   * the root's literals, letters folded), or -1 when some rule can match whatever the first
   * segment (a root pattern, the exact path "/", a query rule): most paths no rule can match
   * (most of a site's traffic) are then turned away after reading one character.
   */
  let firstHeads = root.litHeads;
  if (root.one || root.globs || root.rests || root.ends || exactWithQuery.size > 0) firstHeads = -1;
  for (const entry of parsed) {
    if (!entry.parsed.isExact) continue;
    if (entry.key === "/") firstHeads = -1;
    else if (firstHeads !== -1) firstHeads |= headBit(entry.key.charCodeAt(1));
  }
  /** Some exact source contains a percent-escape: a non-ASCII request path may hit it encoded. */
  const percentKeys = parsed.some((e) => e.parsed.isExact && e.key.includes("%"));
  const rootOwnMin = ownMinRank(root);
  for (const entry of parsed) {
    if (!entry.parsed.isExact) continue;
    // Every pattern that could match the path hangs off the root itself or off the literal
    // child for its first segment: when neither holds a rule ranked before this one, no walk.
    if (rootOwnMin > entry.rank && firstChildMinRank(root, entry.key) > entry.rank) {
      entry.unbeatable = true;
      continue;
    }
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
    if (patternCount > 0 && root.minRank < bound && !walk(root, s, query, found, bound))
      readNonAscii = true;
    return found;
  }
  let walked = false;
  /** Set when `candidates` walked into a non-ASCII character (the path needs encoding). */
  let readNonAscii = false;
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

  const index: RuleIndex = {
    size: parsed.length,
    match(request) {
      const { path, query } = request;
      // The trie is walked on the path as sent: only if the walk reads a non-ASCII character is
      // the path percent-encoded and walked again. A character the walk never reads cannot
      // change its outcome (a rest capture is encoded when sliced), and an exact source can
      // only be hit by an encoded path if it contains a percent-escape (then it is encoded now).
      let p = path.charCodeAt(0) === 47 ? path : `/${path}`;
      const c1 = p.charCodeAt(1);
      if (firstHeads !== -1 && c1 <= 127 && (firstHeads & headBit(c1)) === 0) return null;
      if (percentKeys && !isAscii(p)) p = encodeNonAscii(p);
      // The exact sources are looked up only when the signature filter (a few characters read,
      // letters folded) lets the path through: most other paths are never hashed.
      let plain: Entry | undefined;
      if (exact.mayHave(p)) {
        plain = exact.get(p);
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
  compiledOf.set(index, compiled);
  return index;

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
    readNonAscii = false;
    let found = candidates(s, query, plain, true);
    if (readNonAscii) {
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

/** The best rank among a node's rules and branches other than its literal children. */
function ownMinRank(node: Node): number {
  let min = NO_RANK;
  for (const e of node.ends ?? []) min = Math.min(min, e.rank);
  for (const e of node.rests ?? []) min = Math.min(min, e.rank);
  if (node.one) min = Math.min(min, node.one.minRank);
  for (const g of node.globs ?? []) min = Math.min(min, g.node.minRank);
  return min;
}

/** The best rank below the root's literal child for the first segment of `key` (lowercase). */
function firstChildMinRank(root: Node, key: string): number {
  const slash = key.indexOf("/", 1);
  const child = root.literal?.find(key.slice(1, slash < 0 ? key.length : slash));
  return child === undefined ? NO_RANK : child.minRank;
}
