/**
 * A multi-pattern matcher over ASCII: Aho-Corasick compiled into a full DFA (a transition table of
 * 128 entries per state, failure links folded in), with the best output of every state
 * precomputed. Scanning is one table load per input character; the input is lowercased on the fly
 * (A–Z); an input with non-ASCII characters is lowercased in full first, and those characters are
 * then a symbol no pattern contains.
 */

export interface PatternSpec {
  /** Lowercase ASCII text. */
  text: string;
  /** Smaller wins among patterns of equal length. */
  tieRank: number;
  /** Caller's payload index for this pattern. */
  value: number;
}

export interface Automaton {
  /**
   * The longest pattern contained anywhere in `input` (ties: smallest `tieRank`), as its
   * `value`, or -1 when none.
   */
  longest(input: string): number;
}

const ALPHABET = 128;

export function compileAutomaton(patterns: readonly PatternSpec[]): Automaton {
  // 1. Trie.
  const goto: Map<number, number>[] = [new Map()];
  const own: number[] = [-1]; // pattern index ending exactly here
  patterns.forEach((p, index) => {
    let state = 0;
    for (let i = 0; i < p.text.length; i++) {
      const c = p.text.charCodeAt(i);
      if (c >= ALPHABET || (c >= 65 && c <= 90))
        throw new Error(`pattern "${p.text}" must be lowercase ASCII`);
      let next = goto[state]?.get(c);
      if (next === undefined) {
        next = goto.length;
        goto.push(new Map());
        own.push(-1);
        goto[state]?.set(c, next);
      }
      state = next;
    }
    own[state] = index;
  });

  // 2. Failure links and best outputs, breadth-first; the DFA table folds failures in.
  const states = goto.length;
  const table = new Int32Array(states * ALPHABET);
  const fail = new Int32Array(states);
  const best = new Int32Array(states).fill(-1);
  const better = (a: number, b: number): number => {
    if (a < 0) return b;
    if (b < 0) return a;
    const pa = patterns[a] as PatternSpec;
    const pb = patterns[b] as PatternSpec;
    if (pa.text.length !== pb.text.length) return pa.text.length > pb.text.length ? a : b;
    return pa.tieRank <= pb.tieRank ? a : b;
  };
  const queue: number[] = [];
  for (let c = 0; c < ALPHABET; c++) {
    const next = goto[0]?.get(c);
    table[c] = next ?? 0;
    if (next !== undefined) {
      fail[next] = 0;
      queue.push(next);
    }
  }
  best[0] = own[0] as number;
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    best[state] = better(own[state] as number, best[fail[state] as number] as number);
    for (let c = 0; c < ALPHABET; c++) {
      const next = goto[state]?.get(c);
      if (next === undefined) {
        table[state * ALPHABET + c] = table[(fail[state] as number) * ALPHABET + c] as number;
      } else {
        table[state * ALPHABET + c] = next;
        fail[next] = table[(fail[state] as number) * ALPHABET + c] as number;
        queue.push(next);
      }
    }
  }
  const bestLength = new Int32Array(states);
  const bestRank = new Int32Array(states);
  const bestValue = new Int32Array(states).fill(-1);
  for (let s = 0; s < states; s++) {
    const b = best[s] as number;
    if (b >= 0) {
      const p = patterns[b] as PatternSpec;
      bestLength[s] = p.text.length;
      bestRank[s] = p.tieRank;
      bestValue[s] = p.value;
    }
  }

  return {
    longest(input) {
      return scan(input, true);
    },
  };

  function scan(input: string, fast: boolean): number {
    {
      let state = 0;
      let length = 0;
      let rank = 0;
      let value = -1;
      for (let i = 0; i < input.length; i++) {
        let c = input.charCodeAt(i);
        if (c >= ALPHABET) {
          // Full Unicode lowercasing can turn a non-ASCII letter into ASCII (the Kelvin sign
          // becomes "k"): lowercase the whole input properly and scan it again.
          if (fast) return scan(input.toLowerCase(), false);
          c = 0;
        } else if (c >= 65 && c <= 90) c += 32;
        state = table[state * ALPHABET + c] as number;
        const l = bestLength[state] as number;
        if (l > length || (l === length && l > 0 && (bestRank[state] as number) < rank)) {
          length = l;
          rank = bestRank[state] as number;
          value = bestValue[state] as number;
        }
      }
      return value;
    }
  }
}
