import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agent, pattern, requestPath, TOKENS } from "../testing/robots-arbitraries.js";
import { referenceSignals } from "./reference.js";
import { compileSignals, contradicts } from "./signal-judge.js";
import { parseRobotsSignals } from "./signal-lines.js";

const stated = (text: string, tokens: string[], path: string) =>
  compileSignals(parseRobotsSignals(text))({ tokens }, path);

describe("compileSignals", () => {
  const text = [
    "User-agent: *",
    "Content-Signal: search=yes, ai-input=yes, ai-train=no",
    "Content-Usage: train-ai=n, search=y",
    "Content-Usage: /blog/ train-ai=y",
    "Content-Usage: /blog/drafts/ train-ai=n",
    "Content-Usage: /p/*/reviews search=n",
    "Allow: /",
    "",
    "User-agent: GPTBot",
    "Content-Signal: ai-train=yes",
    "Disallow: /private",
  ].join("\n");

  it("takes the longest matching path rule per key, then the site rule, then Content-Signal", () => {
    expect(stated(text, ["ClaudeBot"], "/")).toEqual({
      search: "yes",
      aiInput: "yes",
      aiTrain: "no",
    });
    expect(stated(text, ["ClaudeBot"], "/blog/post")).toMatchObject({ aiTrain: "yes" });
    expect(stated(text, ["ClaudeBot"], "/blog/drafts/x")).toMatchObject({ aiTrain: "no" });
    expect(stated(text, ["ClaudeBot"], "/p/1/reviews")).toMatchObject({
      search: "no",
      aiTrain: "no",
    });
    expect(stated(text, ["ClaudeBot"], "/robots.txt")).toEqual({});
  });

  it("reads a crawler's own group first and the * group for the keys it leaves open", () => {
    expect(stated(text, ["GPTBot"], "/")).toEqual({
      search: "yes",
      aiInput: "yes",
      aiTrain: "yes",
    });
    const adsbot = compileSignals(parseRobotsSignals(text))(
      { tokens: ["AdsBot-Google"], ignoresWildcardGroup: true },
      "/",
    );
    expect(adsbot).toEqual({});
  });

  it("lets no win a conflict at one level", () => {
    const conflict = "User-agent: *\nContent-Signal: ai-train=yes\nContent-Signal: ai-train=no\n";
    expect(stated(conflict, [], "/")).toEqual({ aiTrain: "no" });
    const rules = "User-agent: *\nContent-Usage: /a search=y\nContent-Usage: /a search=n\n";
    expect(stated(rules, [], "/a")).toEqual({ search: "no" });
  });

  it("agrees with the slow reference over generated files, crawlers and paths", () => {
    const value = fc.constantFrom("yes", "no");
    const signal = fc
      .record({
        "search=": value,
        "ai-input=": value,
        "ai-train=": value,
      })
      .chain((all) => fc.subarray(Object.entries(all)))
      .map((entries) => `Content-Signal: ${entries.map(([k, v]) => k + v).join(", ")}`);
    const usage = fc
      .tuple(
        fc.option(pattern.map((p) => `/${p}`)),
        fc.subarray(["train-ai=y", "train-ai=n", "search=y", "search=n"], { maxLength: 2 }),
      )
      .map(([path, m]) => `Content-Usage: ${path === null ? "" : `${path} `}${m.join(", ")}`);
    const line = fc.oneof(
      fc.constantFrom(...TOKENS, "*").map((t) => `User-agent: ${t}`),
      fc.constantFrom("Disallow: /a", "Allow: /"),
      signal,
      usage,
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        agent,
        fc.array(requestPath, { minLength: 1, maxLength: 4 }),
        (lines, who, paths) => {
          const text = lines.join("\n");
          const signalsOf = compileSignals(parseRobotsSignals(text));
          for (const path of paths)
            expect(signalsOf(who, path)).toEqual(referenceSignals(text, who, path));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("contradicts", () => {
  it("judges training by ai-train, answer-fetch by ai-input, search-index by search, nothing else", () => {
    const no = { search: "no", aiInput: "no", aiTrain: "no" } as const;
    expect(contradicts(no, "training")).toBe(true);
    expect(contradicts(no, "answer-fetch")).toBe(true);
    expect(contradicts(no, "search-index")).toBe(true);
    expect(contradicts(no, "search-classic")).toBe(false);
    expect(contradicts(no, "toString")).toBe(false);
    expect(contradicts({ aiTrain: "yes", aiInput: "no" }, "training")).toBe(false);
    expect(contradicts({}, "training")).toBe(false);
  });
});
