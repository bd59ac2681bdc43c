import fc from "fast-check";
import { describe, expect, it } from "vitest";
import data from "../taxonomy/data/ai-sources.json";
import { getTaxonomy, listTaxonomyVersions } from "../taxonomy/registry.js";
import { AI_SOURCES, detectAiSource, operatorOfSource } from "./ai-sources.js";

describe("AI referral sources", () => {
  it("recognises AI surfaces by Referer host and subdomain", () => {
    expect(detectAiSource({ referer: "https://chatgpt.com/" })).toEqual({
      source: "chatgpt",
      surfaceType: "assistant",
    });
    expect(detectAiSource({ referer: "https://www.perplexity.ai/search?q=x" })).toEqual({
      source: "perplexity",
      surfaceType: "answer",
    });
    expect(detectAiSource({ referer: "https://claude.ai/chat/1" })?.source).toBe("claude");
    expect(detectAiSource({ referer: "https://m365.cloud.microsoft/chat" })?.source).toBe(
      "copilot",
    );
    expect(detectAiSource({ referer: "https://eu.gemini.google.com/app" })?.source).toBe("gemini");
    expect(detectAiSource({ referer: "https://you.com/search" })).toEqual({
      source: "you",
      surfaceType: "search",
    });
  });

  it("uses utm_source when the Referer is stripped", () => {
    expect(detectAiSource({ url: "/pricing?utm_source=chatgpt.com" })?.source).toBe("chatgpt");
    expect(detectAiSource({ url: "https://shop.example.com/?utm_source=Perplexity" })?.source).toBe(
      "perplexity",
    );
    expect(detectAiSource({ url: "/pricing?utm_source=newsletter" })).toBeNull();
  });

  it("excludes bare search and social hosts, even with an AI-looking utm", () => {
    for (const referer of [
      "https://www.google.com/",
      "https://www.google.de/",
      "https://www.bing.com/search",
      "https://duckduckgo.com/",
      "https://search.brave.com/",
      "https://x.com/i/grok",
      "https://openai.com/",
      "https://search.yahoo.co.jp/",
    ]) {
      expect(detectAiSource({ referer, url: "/?utm_source=chatgpt.com" }), referer).toBeNull();
    }
  });

  it("buckets unrecognised AI-looking hosts as unknown, ignores everything else", () => {
    expect(detectAiSource({ referer: "https://newchat.ai/" })).toEqual({
      source: "unknown",
      surfaceType: "other",
    });
    expect(detectAiSource({ referer: "https://mygpt-tools.example.com/" })?.source).toBe("unknown");
    expect(detectAiSource({ referer: "https://news.example.com/" })).toBeNull();
    expect(
      detectAiSource({ referer: "https://shop.example.com/x", siteHost: "shop.example.com" }),
    ).toBeNull();
    expect(detectAiSource({})).toBeNull();
  });

  it("lists every source once, unknown included, and never throws", () => {
    const keys = AI_SOURCES.map((s) => s.source);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain("unknown");
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (referer, url) => {
        detectAiSource({ referer, url });
      }),
    );
  });

  it("maps every source to an operator of the bot taxonomy, or explicitly to none", () => {
    // Explicit: the key is written for every source (`null` = no operator the taxonomy lists).
    for (const source of data.sources)
      expect(Object.hasOwn(source, "operator"), source.source).toBe(true);
    for (const version of listTaxonomyVersions()) {
      const operators = new Set(getTaxonomy(version)?.bots.map((bot) => bot.operator));
      for (const { source } of AI_SOURCES) {
        const operator = operatorOfSource(source);
        if (operator !== null)
          expect(operators.has(operator), `${source} in ${version}`).toBe(true);
      }
    }
    expect(operatorOfSource("chatgpt")).toBe("OpenAI");
    expect(operatorOfSource("claude")).toBe("Anthropic");
    expect(operatorOfSource("gemini")).toBe("Google");
    expect(operatorOfSource("copilot")).toBe("Microsoft");
    expect(operatorOfSource("perplexity")).toBe("Perplexity");
    expect(operatorOfSource("unknown")).toBeNull();
    expect(operatorOfSource("grok")).toBeNull();
    expect(operatorOfSource("no-such-source")).toBeNull();
  });
});
