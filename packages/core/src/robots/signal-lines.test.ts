import fc from "fast-check";
import { parseDictionary } from "structured-headers";
import { describe, expect, it } from "vitest";
import type { ContentSignals } from "../policy/content-signals.js";
import { contentSignalValue, contentUsageValue } from "../policy/content-usage.js";
import { pattern, TOKENS } from "../testing/robots-arbitraries.js";
import {
  parseContentSignal,
  parseContentUsage,
  parseRobotsSignals,
  statedOf,
  withoutMembers,
} from "./signal-lines.js";

const value = fc.constantFrom("yes", "no", null);
const signals: fc.Arbitrary<ContentSignals> = fc.record({
  search: value,
  aiInput: value,
  aiTrain: value,
});

describe("contentSignalValue and contentUsageValue", () => {
  it("write only the keys that are set, in the vocabularies' order", () => {
    const all: ContentSignals = { search: "yes", aiInput: "yes", aiTrain: "no" };
    expect(contentSignalValue(all)).toBe("search=yes, ai-input=yes, ai-train=no");
    expect(contentUsageValue(all)).toBe("train-ai=n, search=y");
    expect(contentSignalValue({ search: null, aiInput: "no", aiTrain: null })).toBe("ai-input=no");
    // aipref has no ai-input category: nothing to say.
    expect(contentUsageValue({ search: null, aiInput: "no", aiTrain: null })).toBeNull();
    expect(contentSignalValue({ search: null, aiInput: null, aiTrain: null })).toBeNull();
  });
});

describe("parseContentSignal", () => {
  it("reads an SF dictionary of yes/no tokens, case-insensitively, ignoring what it does not know", () => {
    expect(parseContentSignal("search=yes, ai-input=no, ai-train=no")).toEqual({
      search: "yes",
      aiInput: "no",
      aiTrain: "no",
    });
    expect(parseContentSignal("search=yes,ai-train=no")).toEqual({ search: "yes", aiTrain: "no" });
    expect(parseContentSignal("Search=YES")).toEqual({ search: "yes" });
    expect(parseContentSignal("search=yes;v=1, use=reference, ai-train=maybe, ai-input")).toEqual({
      search: "yes",
    });
    expect(parseContentSignal("")).toEqual({});
  });

  it("refuses what is not a dictionary", () => {
    for (const bad of ["=yes", "search=yes,,", "search = yes", "search=yes ai-train=no", '"x"'])
      expect(parseContentSignal(bad)).toBeNull();
  });
});

describe("parseContentUsage", () => {
  it("reads an optional path then the aipref dictionary (train-ai, search; y/n)", () => {
    expect(parseContentUsage("train-ai=n, search=y")).toEqual({
      path: null,
      signals: { aiTrain: "no", search: "yes" },
    });
    expect(parseContentUsage("/blog/ train-ai=y")).toEqual({
      path: "/blog/",
      signals: { aiTrain: "yes" },
    });
    expect(parseContentUsage("/p/*/reviews\tsearch=n, ai-input=n, x=y")).toEqual({
      path: "/p/*/reviews",
      signals: { search: "no" },
    });
    expect(parseContentUsage("/blog/")).toEqual({ path: "/blog/", signals: {} });
    // Tokens are case-sensitive in aipref (SF tokens): Y is not y.
    expect(parseContentUsage("train-ai=Y")).toEqual({ path: null, signals: {} });
  });

  it("refuses preferences that are not a dictionary", () => {
    for (const bad of ["train-ai=?", "/x train-ai=y,", "Train-AI=n", "train-ai=n search=y"])
      expect(parseContentUsage(bad)).toBeNull();
  });
});

describe("parseRobotsSignals", () => {
  it("groups the lines as RFC 9309 groups, reads License anywhere, ignores orphans and bad values", () => {
    const text = [
      "License: https://example.com/license.xml#terms # RSL",
      "Content-Signal: ai-train=no",
      "User-agent: GPTBot",
      "User-agent: *",
      "content-signal: search=yes",
      "Content-Usage: /blog/ train-ai=y # ok",
      "Content-Usage: train-ai=maybe?",
      "Disallow: /admin",
      "Content-Signal: ai-input=no",
      "",
      "User-agent: CCBot",
      "Allow: /",
      "license:",
      "LICENSE: https://example.com/other.xml",
    ].join("\r\n");
    expect(parseRobotsSignals(text)).toEqual({
      groups: [
        {
          userAgents: ["GPTBot", "*"],
          contentSignals: [{ search: "yes" }, { aiInput: "no" }],
          contentUsage: [{ path: "/blog/", signals: { aiTrain: "yes" } }],
        },
        { userAgents: ["CCBot"], contentSignals: [], contentUsage: [] },
      ],
      licenses: ["https://example.com/license.xml#terms", "https://example.com/other.xml"],
    });
  });

  it("never throws, whatever the text", () => {
    const line = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom("Content-Signal", "Content-Usage", "License", "User-agent", "Allow"),
          fc.string(),
        )
        .map(([k, v]) => `${k}: ${v}`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const parsed = parseRobotsSignals(lines.join("\n"));
        expect(Array.isArray(parsed.groups)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("reads back what the serializers write (serialize → parse round trip)", () => {
    const rule = fc.record({ path: pattern.map((p) => `/${p.replace(/\s/g, "")}`), signals });
    fc.assert(
      fc.property(
        fc.constantFrom(...TOKENS, "*"),
        signals,
        fc.array(rule, { maxLength: 4 }),
        (token, site, rules) => {
          const lines = [`User-agent: ${token}`];
          const signal = contentSignalValue(site);
          if (signal !== null) lines.push(`Content-Signal: ${signal}`);
          const usage = contentUsageValue(site);
          if (usage !== null) lines.push(`Content-Usage: ${usage}`);
          const written = rules.filter((r) => contentUsageValue(r.signals) !== null);
          for (const r of written)
            lines.push(`Content-Usage: ${r.path} ${contentUsageValue(r.signals)}`);
          const [group] = parseRobotsSignals(lines.join("\n")).groups;
          const usageOf = (s: ContentSignals) => statedOf({ ...s, aiInput: null });
          expect(group?.contentSignals).toEqual(signal === null ? [] : [statedOf(site)]);
          expect(group?.contentUsage).toEqual([
            ...(usage === null ? [] : [{ path: null, signals: usageOf(site) }]),
            ...written.map((r) => ({ path: r.path, signals: usageOf(r.signals) })),
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("withoutMembers", () => {
  it("drops the named members and keeps the rest (parameters and unknown members too)", () => {
    expect(withoutMembers("search=yes, ai-train=no;x=1, use=full", ["search"])).toBe(
      "ai-train=no;x=1, use=full",
    );
    expect(withoutMembers("train-ai=n", ["train-ai", "search"])).toBe("");
    expect(withoutMembers("search=y", ["train-ai"])).toBeNull();
    expect(withoutMembers("not a dictionary", ["search"])).toBeNull();
  });

  it("never throws and never keeps a dropped name", () => {
    const names = ["search", "ai-input", "ai-train", "train-ai"];
    fc.assert(
      fc.property(
        fc.string(),
        fc.subarray(names),
        fc.array(fc.tuple(fc.constantFrom(...names, "use"), fc.constantFrom("yes", "n", "?1"))),
        (noise, drop, members) => {
          for (const text of [noise, members.map(([k, v]) => `${k}=${v}`).join(", ")]) {
            const rest = withoutMembers(text, drop);
            if (rest === null) continue;
            // What is left is a dictionary again, without any dropped name.
            const left = parseDictionary(rest);
            for (const name of drop) expect(left.has(name)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
