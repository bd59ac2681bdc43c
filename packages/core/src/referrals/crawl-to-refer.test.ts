import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { compareUtf8 } from "../text/compare-utf8.js";
import { OVERFLOW_PATH } from "../types.js";
import { operatorOfSource } from "./ai-sources.js";
import { aiOperatorBots, crawlReferRatio, crawlToRefer } from "./crawl-to-refer.js";

const BOTS = new Map([
  ["gptbot", "OpenAI"],
  ["chatgpt-user", "OpenAI"],
  ["claudebot", "Anthropic"],
]);
const SOURCES: Record<string, string | null> = {
  chatgpt: "OpenAI",
  claude: "Anthropic",
  grok: null,
};
const PATHS = ["/", "/a", "/b.css", "/é", "/\u{1F600}", OVERFLOW_PATH];

/** The naive reference: one operator and path at a time, straight from the rows. */
function reference(
  crawls: { path: string; botId: string; count: number }[],
  referrals: { path: string; source: string; count: number }[],
  limit: number,
) {
  const page = (path: string) => !path.endsWith(".css");
  const operators = new Set<string>();
  for (const c of crawls)
    if (BOTS.has(c.botId) && page(c.path)) operators.add(BOTS.get(c.botId) as string);
  for (const r of referrals) if (SOURCES[r.source]) operators.add(SOURCES[r.source] as string);
  const countOf = (operator: string, path: string | null) => {
    const crawled = crawls
      .filter(
        (c) => BOTS.get(c.botId) === operator && page(c.path) && (path === null || c.path === path),
      )
      .reduce((s, c) => s + c.count, 0);
    const referred = referrals
      .filter((r) => SOURCES[r.source] === operator && (path === null || r.path === path))
      .reduce((s, r) => s + r.count, 0);
    // Small counts: a half is exact in floating point, so Math.round rounds it up.
    const ratio = referred === 0 ? null : Math.round((crawled * 100) / referred) / 100;
    return { crawls: crawled, referrals: referred, ratio };
  };
  const order =
    (key: (x: { name: string }) => string) =>
    (a: { name: string; crawls: number; referrals: number }, b: typeof a) =>
      b.crawls - a.crawls || b.referrals - a.referrals || compareUtf8(key(a), key(b));
  return [...operators]
    .map((name) => {
      const paths = PATHS.filter((p) => p !== OVERFLOW_PATH)
        .map((path) => ({ name: path, ...countOf(name, path) }))
        .filter((p) => p.crawls + p.referrals > 0)
        .sort(order((x) => x.name));
      return {
        name,
        ...countOf(name, null),
        paths: paths.slice(0, limit).map(({ name: path, ...c }) => ({ path, ...c })),
        pathCount: paths.length,
      };
    })
    .sort(order((x) => x.name))
    .map(({ name, ...row }) => ({ operator: name, ...row }));
}

describe("crawl-to-refer", () => {
  it("rounds crawls ÷ referrals half up to 2 decimals, exactly, and null without referrals", () => {
    expect(crawlReferRatio(5, 3)).toBe(1.67);
    expect(crawlReferRatio(1, 8)).toBe(0.13); // 0.125 rounds up
    expect(crawlReferRatio(0, 4)).toBe(0);
    expect(crawlReferRatio(7, 0)).toBeNull();
    expect(crawlReferRatio(0, 0)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 46 }),
        fc.integer({ min: 1, max: 2 ** 46 }),
        (crawls, referrals) => {
          const c = BigInt(crawls);
          const r = BigInt(referrals);
          expect(crawlReferRatio(crawls, referrals)).toBe(Number((200n * c + r) / (2n * r)) / 100);
        },
      ),
    );
  });

  it("agrees with a naive reference on any rows", () => {
    const crawl = fc.record({
      path: fc.constantFrom(...PATHS),
      botId: fc.constantFrom("gptbot", "chatgpt-user", "claudebot", "googlebot"),
      count: fc.integer({ min: 1, max: 50 }),
    });
    const referral = fc.record({
      path: fc.constantFrom(...PATHS.filter((p) => !p.endsWith(".css"))),
      source: fc.constantFrom("chatgpt", "claude", "grok", "gone"),
      count: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(
        fc.array(crawl, { maxLength: 30 }),
        fc.array(referral, { maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        (crawls, referrals, limit) => {
          const input = {
            crawls,
            referrals,
            operatorOfBot: BOTS,
            operatorOfSource: (s: string) => SOURCES[s] ?? null,
          };
          const byPath = crawlToRefer({ ...input, pathLimit: limit });
          expect(byPath.operators).toEqual(reference(crawls, referrals, limit));
          const unattributed = referrals
            .filter((r) => !SOURCES[r.source])
            .reduce((s, r) => s + r.count, 0);
          expect(byPath.unattributedReferrals).toBe(unattributed);
          const totals = crawlToRefer({ ...input, pathLimit: null });
          expect(totals.operators).toEqual(
            byPath.operators.map(({ paths: _, pathCount: __, ...row }) => row),
          );
        },
      ),
    );
  });

  it("counts every AI-intent bot of the taxonomy for its operator, and no other", () => {
    const taxonomy = getTaxonomy() as Taxonomy;
    const bots = aiOperatorBots(taxonomy);
    expect(bots.get("gptbot")).toBe("OpenAI");
    expect(bots.get("chatgpt-user")).toBe("OpenAI");
    expect(bots.get("oai-searchbot")).toBe("OpenAI");
    expect(bots.get("claudebot")).toBe("Anthropic");
    expect(bots.get("claude-web")).toBe("Anthropic"); // retired: its past crawls still count
    expect(bots.get("perplexity-user")).toBe("Perplexity");
    expect(bots.get("google-cloudvertexbot")).toBe("Google");
    for (const botId of ["googlebot", "bingbot", "oai-adsbot", "unknown", "signed-agent"])
      expect(bots.has(botId), botId).toBe(false);
    for (const bot of taxonomy.bots)
      expect(bots.has(bot.botId), bot.botId).toBe(
        ["training", "answer-fetch", "search-index"].includes(bot.intent),
      );
    // Every AI source with an operator meets that operator's bots under one name.
    expect(operatorOfSource("chatgpt")).toBe(bots.get("gptbot"));
    expect(operatorOfSource("claude")).toBe(bots.get("claudebot"));
    expect(operatorOfSource("perplexity")).toBe(bots.get("perplexitybot"));
  });
});
