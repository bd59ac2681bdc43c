import { captures } from "./capture-list.js";
import { foldedLookup, headBit } from "./folded-table.js";
import { foldedEquals, scanned, scanSegment } from "./folded-text.js";
import { accepts, type Entry } from "./rule-entry.js";
import type { Node } from "./rule-trie.js";

/** A request path ready for the walk. */
export interface RequestPath {
  /** "/" first, non-ASCII percent-encoded, original case (captures are sliced from it). */
  path: string;
  /** Length of `path` without its one ignored trailing slash. */
  end: number;
  endsWithSlash: boolean;
}

export function requestPath(path: string): RequestPath {
  const len = path.length;
  const endsWithSlash = path.charCodeAt(len - 1) === 47;
  return { path, end: endsWithSlash && len > 1 ? len - 1 : len, endsWithSlash };
}

export interface Candidate {
  entry: Entry;
  /** Last capture in the shared list (-1: none); valid until the next walk. */
  caps: number;
  /** Start offset of the rest captured by a rest wildcard, or -1. */
  restStart: number;
}

// Scratch space reused by every walk (matching is synchronous, so one set suffices). Arrays
// are only ever grown; live lengths are kept in counters.
let curNodes: Node[] = [];
let curCaps: number[] = [];
let nextNodes: Node[] = [];
let nextCaps: number[] = [];

/**
 * Breadth-first walk over the trie: all live branches advance together, one segment at a time,
 * so the work is bounded by (segments × live branches) and nothing ever backtracks. A segment
 * is read (found, and hashed for literal lookups) only while some branch is live. Returns
 * false if it read a non-ASCII character (and stopped there: the path needs encoding).
 */
export function walk(
  root: Node,
  s: RequestPath,
  query: string,
  found: Candidate[],
  bound: number,
): boolean {
  const { path, end, endsWithSlash } = s;
  const atRoot = end === 1;
  curNodes[0] = root;
  curCaps[0] = -1;
  captures.top = 0;
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
    if (!wanted && !hashed) return true;
    // One pass over the segment finds its end (and folds and hashes it for literal lookups).
    const segEnd = scanSegment(path, start, end, hashed);
    if (segEnd < 0) return false;
    const hash = scanned.hash;
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
        nextCaps[next++] = captures.push(start, segEnd, cap);
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
            nextCaps[next++] = captures.push(from, to, cap);
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
    if (count === 0) return true;
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
  return true;
}
