import { type Automaton, compileAutomaton } from "./automaton.js";
import { checkPatterns, type PatternSpec, patternScores } from "./pattern-rank.js";

/**
 * The fast path of the pattern matcher: a fixed-stride sampled anchor filter (the q-gram filter
 * family of Wu-Manber) with direct verification. It reads about one character in three of a
 * User-Agent that contains no pattern, instead of every character as the Aho-Corasick DFA does.
 *
 * - Every pattern gets one anchor: a substring of `A` characters at a chosen offset, where
 *   `A = min(4, shortest pattern)`, picked so its bigrams are rare in `background` (typical text
 *   that contains no pattern, e.g. browser User-Agents).
 * - The scan looks only at the bigrams starting at 0, S, 2S, … with `S = A - 1`: any occurrence of
 *   an anchor covers `A - 1` consecutive bigram starts, so exactly one of them is sampled.
 *   `bigrams` says at which positions of which anchors a bigram occurs (both letter cases), and
 *   the best score behind them, so a hit that cannot beat the best match so far is skipped.
 * - A hit then checks the trigrams at `p` and `p - 1` against a bit set of every anchor trigram
 *   (one covers the anchor whatever its position q): most hits on ordinary text ("eb" of WebKit,
 *   "ht" of KHTML) stop there, two loads instead of a hash lookup per position.
 * - A sampled hit checks the whole candidate anchor (a small hash table), then compares the
 *   patterns carrying that anchor, best first, at their offsets. Every occurrence of every
 *   pattern is therefore considered, and the best score wins, exactly as the DFA decides.
 * - The input is first copied as UTF-8 into a reused buffer (array loads are much cheaper than
 *   `charCodeAt`). One byte per character means ASCII, where lowercasing is A–Z only. Anything
 *   else (the Kelvin sign lowercases to "k", "İ" to "i" plus a combining dot), a very long input
 *   or too many hits answers `UNDECIDED`: the caller then runs the DFA, which lowercases in full
 *   and stays linear.
 */

/** The scan could not decide; run the exact automaton. */
export const UNDECIDED = -2;
const MAX_ANCHOR = 4;
/** Longer inputs go straight to the DFA rather than growing the scan's buffer further. */
const MAX_INPUT = 1 << 16;

export interface AnchorScan {
  /** As `Automaton.longest`, or `UNDECIDED`. */
  longest(input: string): number;
}

/** Bit 5 of each character of a trigram key: folds A–Z onto a–z (the filter tolerates the rest). */
const FOLD3 = (0x20 << 14) | (0x20 << 7) | 0x20;
const TRIGRAM_BITS = 16;
const trigramSlot = (key: number) => Math.imul(key | FOLD3, 0x9e3779b1) >>> (32 - TRIGRAM_BITS);

const FOLD = new Uint8Array(128).map((_, c) => (c >= 65 && c <= 90 ? c + 32 : c));

/** Chooses each pattern's anchor offset: the rarest bigrams in `background`, then fewest sharers. */
function chooseAnchors(patterns: readonly PatternSpec[], width: number, background: string) {
  const seen = new Map<string, number>();
  const text = background.toLowerCase();
  for (let i = 0; i + 1 < text.length; i++) {
    const bigram = text.slice(i, i + 2);
    seen.set(bigram, (seen.get(bigram) ?? 0) + 1);
  }
  const uses = new Map<string, number>();
  return patterns.map((p) => {
    let best = 0;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let o = 0; o + width <= p.text.length; o++) {
      const anchor = p.text.slice(o, o + width);
      let cost = uses.get(anchor) ?? 0;
      for (let q = 0; q + 1 < width; q++) cost += 4 * (seen.get(anchor.slice(q, q + 2)) ?? 0);
      if (cost < bestCost) {
        bestCost = cost;
        best = o;
      }
    }
    const anchor = p.text.slice(best, best + width);
    uses.set(anchor, (uses.get(anchor) ?? 0) + 1);
    return best;
  });
}

const variants = (c: number): number[] => (c >= 97 && c <= 122 ? [c, c - 32] : [c]);

/** The fast path alone (null when some pattern is a single character). */
export function compileAnchorScan(
  patterns: readonly PatternSpec[],
  background: string,
): AnchorScan | null {
  const width = patterns.reduce((w, p) => Math.min(w, p.text.length), MAX_ANCHOR);
  if (patterns.length === 0 || width < 2) return null;
  const stride = width - 1;
  const scores = patternScores(patterns);
  const offsets = chooseAnchors(patterns, width, background);
  // An anchor's key: its characters, 7 bits each, with bit 5 set in every one, which folds
  // A–Z onto a–z (and a few punctuation pairs onto each other: the key only filters).
  let caseBits = 0;
  for (let i = 0; i < width; i++) caseBits |= 0x20 << (7 * i);
  const keyMask = (1 << (7 * width)) - 1;
  const keyOf = (text: string) => {
    let key = caseBits;
    for (let i = 0; i < width; i++) key |= text.charCodeAt(i) << (7 * i);
    return key;
  };

  // Per anchor key, the patterns carrying it. Per bigram: at which anchor positions q it occurs (bits 0-2), and above them the best score
  // of the patterns behind those anchors, so hits that cannot beat the best so far are skipped.
  const byAnchor = new Map<number, number[]>();
  const bigrams = new Int32Array(128 * 128);
  patterns.forEach((p, index) => {
    const anchor = p.text.slice(offsets[index], (offsets[index] as number) + width);
    const key = keyOf(anchor);
    byAnchor.set(key, [...(byAnchor.get(key) ?? []), index]);
    for (let q = 0; q + 1 < width; q++) {
      for (const x of variants(anchor.charCodeAt(q)))
        for (const y of variants(anchor.charCodeAt(q + 1))) {
          const entry = bigrams[(x << 7) | y] as number;
          const score = Math.max(entry >> 3, scores[index] as number);
          bigrams[(x << 7) | y] = (score << 3) | (entry & 7) | (1 << q);
        }
    }
  });
  // Every trigram of every anchor (hashed, a Bloom filter of one function): a sampled bigram hit
  // whose trigram at p and at p - 1 are both absent cannot start any anchor.
  const trigrams = new Int32Array(1 << (TRIGRAM_BITS - 5));
  patterns.forEach((p, index) => {
    const anchor = p.text.slice(offsets[index], (offsets[index] as number) + width);
    for (let q = 0; q + 2 < width; q++) {
      const slot = trigramSlot(
        (anchor.charCodeAt(q) << 14) | (anchor.charCodeAt(q + 1) << 7) | anchor.charCodeAt(q + 2),
      );
      trigrams[slot >>> 5] = (trigrams[slot >>> 5] as number) | (1 << (slot & 31));
    }
  });
  const chars = new Uint8Array(patterns.reduce((sum, p) => sum + p.text.length, 0));
  const start = new Int32Array(patterns.length);
  const length = new Int32Array(patterns.length);
  const valueOfScore = new Int32Array(patterns.length + 1).fill(-1);
  patterns.reduce((at, p, index) => {
    for (let i = 0; i < p.text.length; i++) chars[at + i] = p.text.charCodeAt(i);
    start[index] = at;
    length[index] = p.text.length;
    valueOfScore[scores[index] as number] = p.value;
    return at + p.text.length;
  }, 0);

  // Open-addressing table from anchor key to its slice of `candidates`, best score first.
  let bits = 4;
  while (1 << bits < 2 * byAnchor.size) bits++;
  const mask = (1 << bits) - 1;
  const slotKey = new Int32Array(1 << bits).fill(-1);
  const slotFrom = new Int32Array(1 << bits);
  const slotTo = new Int32Array(1 << bits);
  const candidates = new Int32Array(patterns.length);
  const candidateOffset = new Int32Array(patterns.length);
  const hash = (key: number) => Math.imul(key, 0x9e3779b1) >>> (32 - bits);
  let filled = 0;
  for (const [key, list] of byAnchor) {
    let slot = hash(key);
    while ((slotKey[slot] as number) >= 0) slot = (slot + 1) & mask;
    slotKey[slot] = key;
    slotFrom[slot] = filled;
    list.sort((a, b) => (scores[b] as number) - (scores[a] as number));
    for (const index of list) {
      candidates[filled] = index;
      candidateOffset[filled++] = offsets[index] as number;
    }
    slotTo[slot] = filled;
  }

  /** The best score after checking the anchors the sampled bigram at `p` may belong to. */
  function verify(bytes: Uint8Array, n: number, p: number, hit: number, best: number): number {
    for (let q = 0; hit !== 0; q++, hit >>= 1) {
      const at = p - q;
      if ((hit & 1) === 0 || at < 0 || at + width > n) continue;
      // Four bytes whatever the width (the buffer has slack past the input), masked to it.
      const key =
        (((bytes[at] as number) |
          ((bytes[at + 1] as number) << 7) |
          ((bytes[at + 2] as number) << 14) |
          ((bytes[at + 3] as number) << 21)) &
          keyMask) |
        caseBits;
      let slot = hash(key);
      while (slotKey[slot] !== key && (slotKey[slot] as number) >= 0) slot = (slot + 1) & mask;
      if (slotKey[slot] !== key) continue;
      for (let j = slotFrom[slot] as number; j < (slotTo[slot] as number); j++) {
        const index = candidates[j] as number;
        if ((scores[index] as number) <= best) break;
        const from = at - (candidateOffset[j] as number);
        const len = length[index] as number;
        if (from < 0 || from + len > n) continue;
        const text = start[index] as number;
        let i = 0;
        while (i < len && FOLD[bytes[from + i] as number] === chars[text + i]) i++;
        if (i === len) {
          best = scores[index] as number;
          break;
        }
      }
    }
    return best;
  }

  // The input is copied as UTF-8 into one reused buffer: array loads are much cheaper than
  // charCodeAt, and the copy tells at once whether the input is ASCII (one byte per character).
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(1024);
  return {
    longest(input) {
      const n = input.length;
      if (n + MAX_ANCHOR > buffer.length) {
        if (n > MAX_INPUT) return UNDECIDED;
        buffer = new Uint8Array(2 * n + MAX_ANCHOR);
      }
      const bytes = buffer;
      const copied = encoder.encodeInto(input, bytes);
      if (copied.read !== n || copied.written !== n) return UNDECIDED;
      // Each hit costs at most a bounded amount of work; past this many, the DFA is cheaper.
      let budget = 16 + (n >> 3);
      let best = 0;
      // Locals, not the closure's: the optimised loop keeps them in registers.
      const table = bigrams;
      const step = stride;
      for (let p = 0; p + 1 < n; p += step) {
        const pair = ((bytes[p] as number) << 7) | (bytes[p + 1] as number);
        const entry = table[pair] as number;
        if (entry >> 3 <= best) continue;
        // Anchors of two characters have no trigram.
        if (width > 2) {
          const after = trigramSlot((pair << 7) | (bytes[p + 2] as number));
          const before = p === 0 ? after : trigramSlot(((bytes[p - 1] as number) << 14) | pair);
          if (
            ((trigrams[after >>> 5] as number) & (1 << (after & 31))) === 0 &&
            ((trigrams[before >>> 5] as number) & (1 << (before & 31))) === 0
          )
            continue;
        }
        if (--budget < 0) return UNDECIDED;
        best = verify(bytes, n, p, entry & 7, best);
      }
      return valueOfScore[best] as number;
    },
  };
}

/**
 * The exact matcher for `patterns`: the sampled anchor scan, and the Aho-Corasick DFA when the
 * scan cannot decide (non-ASCII input, dense hits, patterns shorter than two characters).
 * `background` only steers the choice of anchors (speed, never the answer).
 */
export function compileMatcher(patterns: readonly PatternSpec[], background = ""): Automaton {
  checkPatterns(patterns);
  const exact = compileAutomaton(patterns);
  const fast = compileAnchorScan(patterns, background);
  if (!fast) return exact;
  return {
    longest(input) {
      const value = fast.longest(input);
      return value === UNDECIDED ? exact.longest(input) : value;
    },
  };
}
