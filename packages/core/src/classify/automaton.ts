import { checkPatterns, type PatternSpec, patternScores } from "./pattern-rank.js";

/**
 * A multi-pattern matcher over ASCII: Aho-Corasick compiled into a full DFA (a transition table of
 * 128 entries per state, failure links folded in), with the best output of every state
 * precomputed. Scanning is one table load per input character; the input is lowercased on the fly
 * (A–Z); an input with non-ASCII characters is lowercased in full first, and those characters are
 * then a symbol no pattern contains.
 */

export interface Automaton {
  /**
   * The best pattern contained anywhere in `input` (higher tier, then longer, then smaller
   * `tieRank`; see `patternScores`), as its `value`, or -1 when none.
   */
  longest(input: string): number;
}

const ALPHABET = 128;

export function compileAutomaton(patterns: readonly PatternSpec[]): Automaton {
  checkPatterns(patterns);
  const scores = patternScores(patterns);
  // Character classes: one per character that occurs in a pattern, A–Z folded onto a–z, and
  // class 0 for everything else. A narrow table keeps the DFA inside the CPU caches.
  const classOf = new Uint8Array(ALPHABET);
  let classes = 1;
  for (const p of patterns) {
    for (let i = 0; i < p.text.length; i++) {
      const c = p.text.charCodeAt(i);
      if (classOf[c] === 0) classOf[c] = classes++;
    }
  }
  if (classes > 255) throw new Error("too many distinct pattern characters");
  for (let c = 65; c <= 90; c++) classOf[c] = classOf[c + 32] as number;

  // 1. Trie over classes.
  const goto: Map<number, number>[] = [new Map()];
  const own: number[] = [-1]; // pattern index ending exactly here
  patterns.forEach((p, index) => {
    let state = 0;
    for (let i = 0; i < p.text.length; i++) {
      const k = classOf[p.text.charCodeAt(i)] as number;
      let next = goto[state]?.get(k);
      if (next === undefined) {
        next = goto.length;
        goto.push(new Map());
        own.push(-1);
        goto[state]?.set(k, next);
      }
      state = next;
    }
    const previous = own[state] as number;
    if (previous < 0 || (scores[previous] as number) < (scores[index] as number))
      own[state] = index;
  });

  // 2. Failure links, breadth-first; the DFA table folds failures in; each state keeps the best
  //    pattern ending there or on its failure chain.
  const states = goto.length;
  if (states * classes >= 2 ** 30) throw new Error("automaton too large");
  const table = new Int32Array(states * classes);
  const fail = new Int32Array(states);
  const best = new Int32Array(states).fill(-1);
  const better = (a: number, b: number): number => {
    if (a < 0) return b;
    if (b < 0) return a;
    return (scores[a] as number) >= (scores[b] as number) ? a : b;
  };
  const queue: number[] = [];
  for (let k = 0; k < classes; k++) {
    const next = goto[0]?.get(k);
    table[k] = next ?? 0;
    if (next !== undefined) {
      fail[next] = 0;
      queue.push(next);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    best[state] = better(own[state] as number, best[fail[state] as number] as number);
    for (let k = 0; k < classes; k++) {
      const next = goto[state]?.get(k);
      if (next === undefined) {
        table[state * classes + k] = table[(fail[state] as number) * classes + k] as number;
      } else {
        table[state * classes + k] = next;
        fail[next] = table[(fail[state] as number) * classes + k] as number;
        queue.push(next);
      }
    }
  }
  // The score of the best pattern ending in each state (0: none).
  const score = new Int32Array(states);
  const value = new Int32Array(states).fill(-1);
  for (let s = 0; s < states; s++) {
    const b = best[s] as number;
    if (b < 0) continue;
    score[s] = scores[b] as number;
    value[s] = (patterns[b] as PatternSpec).value;
  }

  // Transitions carry the target's row offset and, in the lowest bit, whether a pattern ends
  // there: the scan does one table load per character and looks at scores only on hits.
  const packed = new Int32Array(states * classes);
  for (let i = 0; i < packed.length; i++) {
    const next = table[i] as number;
    packed[i] = ((next * classes) << 1) | ((value[next] as number) >= 0 ? 1 : 0);
  }

  function scan(input: string, fast: boolean): number {
    let row = 0;
    let bestScore = 0;
    let bestRow = 0;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (c >= ALPHABET) {
        // Full Unicode lowercasing can turn a non-ASCII letter into ASCII (the Kelvin sign
        // becomes "k"): lowercase the whole input properly and scan it again.
        if (fast) return scan(input.toLowerCase(), false);
        row = 0;
        continue;
      }
      const entry = packed[row + (classOf[c] as number)] as number;
      row = entry >> 1;
      if ((entry & 1) !== 0) {
        const sc = score[row / classes] as number;
        if (sc > bestScore) {
          bestScore = sc;
          bestRow = row;
        }
      }
    }
    return bestScore > 0 ? (value[bestRow / classes] as number) : -1;
  }

  return { longest: (input) => scan(input, true) };
}
