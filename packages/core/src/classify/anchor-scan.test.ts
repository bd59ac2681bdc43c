import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileAnchorScan, compileMatcher, UNDECIDED } from "./anchor-scan.js";
import { compileAutomaton } from "./automaton.js";
import type { PatternSpec } from "./pattern-rank.js";

/** The rule written plainly: lowercase, every contained pattern, higher tier, longer, smaller rank. */
function reference(patterns: readonly PatternSpec[], input: string): number {
  const text = input.toLowerCase();
  let best: PatternSpec | null = null;
  for (const p of patterns) {
    if (!text.includes(p.text)) continue;
    const [bt, pt] = [best?.tier ?? 0, p.tier ?? 0];
    if (
      !best ||
      pt > bt ||
      (pt === bt && p.text.length > best.text.length) ||
      (pt === bt && p.text.length === best.text.length && p.tieRank < best.tieRank)
    )
      best = p;
  }
  return best ? best.value : -1;
}

// A small alphabet makes overlaps, shared anchors and repeated occurrences common.
const letter = fc.constantFrom("a", "b", "c", "o", "t", "-", "/", "_", "1");
const patternText = (minLength: number) =>
  fc.array(letter, { minLength, maxLength: 9 }).map((cs) => cs.join(""));
const patternSet = (minLength: number) =>
  fc
    .uniqueArray(fc.record({ text: patternText(minLength), tier: fc.nat(1), tieRank: fc.nat(5) }), {
      selector: (p) => p.text,
      minLength: 1,
      maxLength: 12,
    })
    .map((ps) => ps.map((p, value) => ({ ...p, value })));

/** Inputs built from the patterns (whole, cut, upper-cased, with the Kelvin sign) and noise. */
const inputFor = (patterns: readonly PatternSpec[], maxParts = 8) => {
  const texts = patterns.map((p) => p.text);
  const part = fc.oneof(
    fc.constantFrom(...texts),
    fc.constantFrom(...texts).map((t) => t.toUpperCase()),
    fc
      .constantFrom(...texts)
      .chain((t) => fc.nat(t.length).map((cut) => [t.slice(0, cut), t.slice(cut)].join(""))),
    fc.constantFrom(...texts).chain((t) => fc.nat(t.length).map((cut) => t.slice(cut))),
    fc.constantFrom(...texts).chain((t) => fc.nat(t.length).map((cut) => t.slice(0, cut))),
    fc
      .array(fc.oneof(letter, fc.constantFrom("A", "B", "O", "T", " ")), { maxLength: 5 })
      .map((cs) => cs.join("")),
    fc.constantFrom("\u212a", "İ", "é", "\u0000", "\ud800", "k", "K", "ok", "oK"),
  );
  return fc.array(part, { maxLength: maxParts }).map((parts) => parts.join(""));
};

describe("compileMatcher", () => {
  it("agrees with the plain rule on random pattern sets, inputs and backgrounds", () => {
    fc.assert(
      fc.property(
        patternSet(1).chain((patterns) =>
          fc.tuple(fc.constant(patterns), inputFor(patterns), fc.string({ maxLength: 40 })),
        ),
        ([patterns, input, background]) => {
          expect(compileMatcher(patterns, background).longest(input)).toBe(
            reference(patterns, input),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("decides every short ASCII input on the fast path, exactly", () => {
    // Patterns of two, three and four or more characters give strides of 1, 2 and 3.
    fc.assert(
      fc.property(
        patternSet(2).chain((patterns) =>
          fc.tuple(
            fc.constant(patterns),
            inputFor(patterns, 6).filter((s) => s.length <= 48 && /^[\0-\x7f]*$/.test(s)),
            fc.string({ maxLength: 40 }),
          ),
        ),
        ([patterns, input, background]) => {
          const scan = compileAnchorScan(patterns, background);
          expect(scan?.longest(input)).toBe(reference(patterns, input));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("matches at the very start and end, and across overlaps", () => {
    const patterns = ["abcd", "cdef", "bcdefg", "xyz"].map((text, value) => ({
      text,
      tieRank: value,
      value,
    }));
    const scan = compileAnchorScan(patterns, "");
    expect(scan?.longest("ABCD")).toBe(0);
    expect(scan?.longest("..xyz")).toBe(3);
    expect(scan?.longest("abcdefg")).toBe(2);
    expect(scan?.longest("xabcdef")).toBe(0);
    expect(scan?.longest("xy")).toBe(-1);
  });

  it("hands over to the automaton for non-ASCII, dense and very long inputs", () => {
    const patterns = ["kelvin", "bot", "googlebot"].map((text, value) => ({
      text,
      tieRank: value,
      value,
    }));
    const scan = compileAnchorScan(patterns, "");
    const matcher = compileMatcher(patterns);
    const kelvin = "\u212aelvin";
    expect(scan?.longest(kelvin)).toBe(UNDECIDED);
    expect(matcher.longest(kelvin)).toBe(0);
    // 1,024 characters whose UTF-8 overflows the first 1,024-byte buffer by one byte.
    const edge = `${"x".repeat(1020)}ébot`;
    expect(scan?.longest(edge)).toBe(UNDECIDED);
    expect(matcher.longest(edge)).toBe(1);
    // Near-misses at every few characters (an anchor, not its pattern): past the budget of hits,
    // the automaton answers.
    const dense = `${"goog".repeat(800)}lebot`;
    expect(scan?.longest(dense)).toBe(UNDECIDED);
    expect(matcher.longest(dense)).toBe(2);
    const long = `${"x".repeat(70_000)}Googlebot`;
    expect(scan?.longest(long)).toBe(UNDECIDED);
    expect(matcher.longest(long)).toBe(2);
    expect(compileAnchorScan([{ text: "a", tieRank: 0, value: 0 }], "")).toBeNull();
  });
});

describe("compileAutomaton", () => {
  it("puts a higher tier before length", () => {
    const a = compileAutomaton([
      { text: "curl/", tieRank: 0, value: 0, tier: 0 },
      { text: "bot", tieRank: 0, value: 1, tier: 1 },
    ]);
    expect(a.longest("curl/8 bot")).toBe(1);
    expect(a.longest("curl/8")).toBe(0);
  });
});
