/** A pattern of a multi-pattern matcher. */
export interface PatternSpec {
  /** Lowercase ASCII text. */
  text: string;
  /** Smaller wins among patterns of equal length (and tier). */
  tieRank: number;
  /** Caller's payload index for this pattern. */
  value: number;
  /**
   * Any pattern of a higher tier beats every pattern of a lower one, whatever their lengths
   * (bots over generic automation clients). Default 0.
   */
  tier?: number;
}

/**
 * One integer per pattern, larger is better: higher tier first, then the longer text, then the
 * smaller tieRank. Both matchers compare only these numbers. Every score is at least 1.
 */
export function patternScores(patterns: readonly PatternSpec[]): Int32Array {
  const order = patterns.map((_, i) => i);
  order.sort((x, y) => {
    const a = patterns[x] as PatternSpec;
    const b = patterns[y] as PatternSpec;
    return (b.tier ?? 0) - (a.tier ?? 0) || b.text.length - a.text.length || a.tieRank - b.tieRank;
  });
  const scores = new Int32Array(patterns.length);
  order.forEach((index, position) => {
    scores[index] = patterns.length - position;
  });
  return scores;
}

/** Throws unless every pattern is non-empty lowercase ASCII. */
export function checkPatterns(patterns: readonly PatternSpec[]): void {
  for (const p of patterns) {
    if (p.text.length === 0 || !/^[\0-@[-\x7f]*$/.test(p.text))
      throw new Error(`pattern "${p.text}" must be non-empty lowercase ASCII`);
  }
}
