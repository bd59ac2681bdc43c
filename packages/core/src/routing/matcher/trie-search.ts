import { captures } from "./capture-list.js";
import { foldedLookup, headBit } from "./folded-table.js";
import { foldedEquals, foldedHash, scanned, scanSegment } from "./folded-text.js";
import { accepts, type Entry } from "./rule-entry.js";
import { type Glob, NO_RANK, type Node } from "./rule-trie.js";

/**
 * Depth-first search for the candidate first in rank order (one instance per index, reused by
 * every request: matching is synchronous). A branch is entered only if some rule below it
 * outranks the best so far, so where the trie does not branch this is a single descent with no
 * lists; where it does, every node is still visited at most once and every segment scanned
 * once (segment ends and hashes are kept per depth), so the work is bounded like the
 * breadth-first walk's: linear in the path length, no backtracking.
 */
export class Search {
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
   * Searches `path` (`end`: its length without the one ignored trailing slash) with `plain`,
   * the exact hit, as the best so far; returns false when the path must be encoded first.
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
    captures.top = 0;
    // The root path "/": only the root's own rules can match.
    if (end === 1) this.visitEnd(query, root, -1, 1);
    else this.descend(path, query, root, 1, 0, -1);
    return !this.nonAscii;
  }

  /** Offers the rules ending at `node`, and its rest rules (with an empty rest). */
  private visitEnd(query: string, node: Node, cap: number, start: number): void {
    if (node.rest0 !== null) this.offerRests(query, node, cap, start, false);
    const first = node.end0;
    if (first === null || first.rank >= this.rank) return;
    if (accepts(first, this.endsWithSlash, query)) this.offer(first, cap, -1);
    else this.offerOtherEnds(query, node, cap);
  }

  /**
   * `visitEnd` when the node's first rule did not take the request (apart: `descend` inlines
   * `visitEnd`, and V8's inlining budget is better spent on the literal lookup).
   */
  private offerOtherEnds(query: string, node: Node, cap: number): void {
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

  /** Offers the first rest rule of `node` that takes the rest starting at `start`. */
  private offerRests(query: string, node: Node, cap: number, start: number, more: boolean): void {
    // The first rule is read off the node: the list is loaded only when it does not apply.
    const first = node.rest0 as Entry;
    if (first.rank >= this.rank) return;
    if (this.takesRest(first, start, more, query)) {
      this.offer(first, cap, more ? start : -2);
      return;
    }
    const rests = node.rests as Entry[];
    for (let i = 1; i < rests.length; i++) {
      const entry = rests[i] as Entry;
      if (entry.rank >= this.rank) return;
      if (this.takesRest(entry, start, more, query)) {
        this.offer(entry, cap, more ? start : -2);
        return;
      }
    }
  }

  /** Whether a rest rule takes the rest starting at `start` (`more`: the path goes on). */
  private takesRest(entry: Entry, start: number, more: boolean, query: string): boolean {
    // `:name+` needs a non-empty rest ("/a/" has an empty last segment, not one more).
    return (
      (entry.restMin === 0 || (more && start < this.end)) &&
      accepts(entry, this.endsWithSlash, query)
    );
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
      if (node.rest0 !== null) this.offerRests(query, node, cap, start, true);
      const slots = node.litSlots;
      const one = node.one;
      const globs = node.globs;
      const first = path.charCodeAt(start);
      const wantsLiteral = slots !== null && (node.litHeads & headBit(first)) !== 0;
      // Before reading the segment: a miss on every literal (by first character) with no other
      // branch ends the search here. A non-ASCII first character is read (its encoded form
      // starts with "%").
      if (!wantsLiteral && one === null && globs === null && first <= 127) return;
      // A single literal child is compared directly: no hash needed.
      const only = node.litOnly;
      const hashed = wantsLiteral && only === null;
      let segEnd: number;
      let hash = 0;
      if (
        this.nested > 0 &&
        depth < this.segStamps.length &&
        this.segStamps[depth] === this.stamp
      ) {
        segEnd = this.segEnds[depth] as number;
        if (hashed) hash = this.hashAt(path, depth, start, segEnd);
      } else if (!wantsLiteral && globs === null && first <= 127 && this.nested === 0) {
        // Only the `one` child takes this segment, and no other branch will read it: its
        // characters are never compared, so only its end is needed. A non-ASCII character in
        // it changes nothing (the capture is made safe, i.e. encoded, when sliced; the first
        // character, ASCII here, stays the same when the path is encoded).
        segEnd = path.indexOf("/", start);
        if (segEnd < 0 || segEnd > end) segEnd = end;
      } else {
        // One pass finds the segment's end (and folds and hashes it for a literal lookup).
        segEnd = scanSegment(path, start, end, hashed);
        if (segEnd < 0) {
          this.nonAscii = true;
          return;
        }
        if (hashed) hash = scanned.hash;
        if (this.nested > 0) this.keep(depth, segEnd, hash, hashed);
      }
      const length = segEnd - start;
      let lit: Node | undefined;
      if (wantsLiteral && length > 0) {
        if (only === null) lit = foldedLookup(slots, node.litMask, hash, path, start, segEnd);
        else if (foldedEquals(path, start, segEnd, only.key)) lit = only;
        if (lit !== undefined && lit.minRank >= this.rank) lit = undefined;
      }
      const next = segEnd + 1;
      if (globs === null && node.oneLeaf !== null) {
        // The `one` child is a leaf: its rule matches if this is the last segment.
        const leaf = node.oneLeaf;
        if (
          next > end &&
          length > 0 &&
          leaf.rank < this.rank &&
          accepts(leaf, this.endsWithSlash, query)
        )
          this.offer(leaf, captures.push(start, segEnd, cap), -1);
        if (lit === undefined || lit.minRank >= this.rank) return;
        node = lit;
        start = next;
        depth++;
        continue;
      }
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
        cap = captures.push(start, segEnd, cap);
        start = next;
        depth++;
        continue;
      }
      this.nested++;
      if (lit !== undefined) this.descend(path, query, lit, next, depth + 1, cap);
      if (one !== null && length > 0 && one.minRank < this.rank)
        this.descend(path, query, one, next, depth + 1, captures.push(start, segEnd, cap));
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
          this.descend(path, query, g.node, next, depth + 1, captures.push(from, to, cap));
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
