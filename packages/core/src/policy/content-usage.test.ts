import fc from "fast-check";
import { isInnerList, parseDictionary, serializeDictionary, Token } from "structured-headers";
import { describe, expect, it } from "vitest";
import type { ContentSignals } from "./content-signals.js";
import { contentUsageValue, mergeContentUsage } from "./content-usage.js";

const value = fc.constantFrom<"yes" | "no" | null>("yes", "no", null);
const signals = fc.record({ search: value, aiInput: value, aiTrain: value });

/** The parsed dictionary as plain `key → token` pairs (every member a bare token). */
function tokens(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, member] of parseDictionary(text)) {
    if (isInnerList(member)) throw new Error(`${key} is an inner list`);
    const [bare, params] = member;
    if (!(bare instanceof Token) || params.size > 0) throw new Error(`${key} is not a bare token`);
    out[key] = bare.toString();
  }
  return out;
}

const yn = (v: "yes" | "no") => (v === "yes" ? "y" : "n");

describe("the aipref Content-Usage value of content signals", () => {
  it("parses back as an SF dictionary of tokens y/n: train-ai from aiTrain, search from search, nothing from aiInput", () => {
    fc.assert(
      fc.property(signals, (s: ContentSignals) => {
        const text = contentUsageValue(s);
        if (s.search === null && s.aiTrain === null) {
          expect(text).toBeNull();
          return;
        }
        const expected: Record<string, string> = {};
        if (s.aiTrain !== null) expected["train-ai"] = yn(s.aiTrain);
        if (s.search !== null) expected.search = yn(s.search);
        expect(tokens(text as string)).toEqual(expected);
        // Already in the canonical serialization.
        expect(serializeDictionary(parseDictionary(text as string))).toBe(text);
      }),
    );
  });

  it("reads as the aipref examples", () => {
    expect(contentUsageValue({ search: "yes", aiInput: "no", aiTrain: "no" })).toBe(
      "train-ai=n, search=y",
    );
    expect(contentUsageValue({ search: null, aiInput: "no", aiTrain: null })).toBeNull();
    expect(contentUsageValue({ search: null, aiInput: null, aiTrain: "yes" })).toBe("train-ai=y");
  });
});

const key = fc.constantFrom("train-ai", "search", "bots", "x-own", "ai-use");
/** An origin's own Content-Usage: a dictionary of tokens, possibly with a parameter. */
const originDictionary = fc
  .uniqueArray(fc.tuple(key, fc.constantFrom("y", "n"), fc.boolean()), {
    selector: ([k]) => k,
    maxLength: 4,
  })
  .map((members) =>
    serializeDictionary(
      new Map(
        members.map(([k, v, param]) => [
          k,
          [new Token(v), new Map(param ? [["note", "owner"]] : [])],
        ]),
      ),
    ),
  );

describe("merging the policy's Content-Usage into an answer's own", () => {
  it("keeps the origin's members unless the policy sets the key, which then takes the policy's value", () => {
    fc.assert(
      fc.property(originDictionary, signals, (origin, s) => {
        const ours = contentUsageValue(s);
        if (ours === null) return;
        const merged = parseDictionary(mergeContentUsage(origin, ours));
        const own = parseDictionary(origin);
        const policy = parseDictionary(ours);
        expect([...merged.keys()].sort()).toEqual(
          [...new Set([...own.keys(), ...policy.keys()])].sort(),
        );
        for (const [k, member] of merged) {
          expect(member).toEqual(policy.get(k) ?? own.get(k));
        }
      }),
    );
  });

  it("replaces a value that is not a dictionary, and takes the policy's when the origin sent none", () => {
    fc.assert(
      fc.property(fc.string(), signals, (origin, s) => {
        const ours = contentUsageValue(s);
        if (ours === null) return;
        const merged = mergeContentUsage(origin, ours);
        // Whatever the origin sent, the result is a dictionary carrying the policy's members.
        const parsed = parseDictionary(merged);
        for (const [k, member] of parseDictionary(ours)) expect(parsed.get(k)).toEqual(member);
      }),
    );
    expect(mergeContentUsage(null, "train-ai=n")).toBe("train-ai=n");
    expect(mergeContentUsage("train-ai=(", "train-ai=n")).toBe("train-ai=n");
    expect(mergeContentUsage("search=y, x-own=n", "train-ai=n")).toBe(
      "search=y, x-own=n, train-ai=n",
    );
    expect(mergeContentUsage("train-ai=y;note=owner, search=y", "train-ai=n")).toBe(
      "train-ai=n, search=y",
    );
  });
});
