import { FoldedTable, type Slots } from "./folded-table.js";
import { foldedHash } from "./folded-text.js";
import type { Entry } from "./rule-entry.js";

/**
 * The segment trie of a domain's pattern rules: literal segments in a folded hash table per
 * node, `:name`/`*` segments on one child, in-segment wildcards as globs, rest wildcards and
 * rule ends listed on the node they hang off. Each node knows the best rank below it, so walks
 * skip branches that cannot win.
 */

/** Larger than any rank: "no candidate yet" (a small integer, unlike infinity). */
export const NO_RANK = 2 ** 30;

export interface Node {
  /** The literal segment leading here ("" under a wildcard). */
  key: string;
  literal: FoldedTable<Node> | null;
  /** The literal table's slots, first-character filter and mask, on the node (fewer loads). */
  litSlots: Slots<Node> | null;
  litHeads: number;
  litMask: number;
  /** The literal child when there is exactly one (compared directly, without hashing). */
  litOnly: Node | null;
  one: Node | null;
  globs: Glob[] | null;
  /** Rules whose last segment is a rest wildcard hanging off this node, in rank order. */
  rests: Entry[] | null;
  /** The first of `rests` (one load fewer). */
  rest0: Entry | null;
  /**
   * When the `one` child is a leaf where a single rule ends (`/blog/:slug`), that rule: the
   * search then need not load the child.
   */
  oneLeaf: Entry | null;
  /** Rules that end at this node, in rank order; `end0` is the first (one load fewer). */
  ends: Entry[] | null;
  end0: Entry | null;
  /** Best (smallest) rank of any rule at or below this node: branches that cannot win are cut. */
  minRank: number;
}

export interface Glob {
  prefix: string;
  suffix: string;
  node: Node;
}

export const newNode = (key = ""): Node => ({
  key,
  literal: null,
  litSlots: null,
  litHeads: 0,
  litMask: 0,
  litOnly: null,
  one: null,
  globs: null,
  rests: null,
  rest0: null,
  oneLeaf: null,
  ends: null,
  end0: null,
  minRank: NO_RANK,
});

/** Fills `minRank` bottom-up, and copies each literal table's lookup fields onto its node. */
export function computeMinRank(node: Node): number {
  if (node.literal !== null) {
    node.litSlots = node.literal.slots;
    node.litMask = node.literal.mask;
    node.litHeads = node.literal.heads;
    node.litOnly = node.literal.size === 1 ? (node.literal.all()[0] as Node) : null;
  }
  let min = NO_RANK;
  for (const e of node.ends ?? []) min = Math.min(min, e.rank);
  for (const r of node.rests ?? []) min = Math.min(min, r.rank);
  node.end0 = node.ends?.[0] ?? null;
  node.rest0 = node.rests?.[0] ?? null;
  const one = node.one;
  if (
    one !== null &&
    one.literal === null &&
    one.one === null &&
    one.globs === null &&
    one.rests === null &&
    one.ends?.length === 1
  )
    node.oneLeaf = one.ends[0] as Entry;
  for (const child of node.literal?.all() ?? []) min = Math.min(min, computeMinRank(child));
  if (node.one) min = Math.min(min, computeMinRank(node.one));
  for (const g of node.globs ?? []) min = Math.min(min, computeMinRank(g.node));
  node.minRank = min;
  return min;
}

export function insert(root: Node, entry: Entry): void {
  let node = root;
  for (const segment of entry.parsed.segments) {
    if (segment.kind === "literal") {
      const literal = node.literal ?? new FoldedTable<Node>();
      node.literal = literal;
      const hash = foldedHash(segment.text);
      let next = literal.find(segment.text, hash);
      if (!next) {
        next = newNode(segment.text);
        literal.add(next, hash);
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
      if (node.rests === null) node.rests = [entry];
      else node.rests.push(entry);
      return;
    }
  }
  if (node.ends === null) node.ends = [entry];
  else node.ends.push(entry);
}
