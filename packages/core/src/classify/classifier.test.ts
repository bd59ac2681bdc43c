import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceClassify } from "../taxonomy/reference-classify.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { compileAutomaton } from "./automaton.js";
import { AUTOMATION_PATTERNS, compileClassifier, withCache } from "./classifier.js";
import { uaHash } from "./ua-hash.js";

const taxonomy = getTaxonomy("1.0") as Taxonomy;
const classifier = compileClassifier(taxonomy);
const corpus: { ua: string; expectBotId: string }[] = JSON.parse(
  readFileSync(new URL("../taxonomy/testdata/ua-corpus.json", import.meta.url), "utf8"),
);

describe("compiled classifier", () => {
  it("classifies every corpus User-Agent to its expected bot", () => {
    const misses = corpus
      .map((e) => ({ ...e, got: classifier.classify(e.ua).bot.botId }))
      .filter((e) => e.got !== e.expectBotId);
    expect(misses).toEqual([]);
  });

  it("agrees with the naive longest-substring reference on UAs built from pattern fragments", () => {
    const patterns = taxonomy.bots.flatMap((b) => b.uaPatterns);
    const fragment = fc.oneof(
      fc.constantFrom(...patterns),
      fc.constantFrom(...AUTOMATION_PATTERNS),
      // A pattern whose "k" is the Kelvin sign, which lowercases to "k".
      fc
        .constantFrom(...patterns.filter((p) => p.includes("k")))
        .map((p) => p.replace("k", "\u212a")),
      fc
        .constantFrom(...patterns)
        .chain((p) =>
          fc
            .tuple(fc.nat(p.length), fc.nat(p.length))
            .map(([a, b]) => p.slice(Math.min(a, b), Math.max(a, b))),
        ),
      fc.constantFrom(...patterns).map((p) => p.toUpperCase()),
      fc.constantFrom(
        "Mozilla/5.0 ",
        "(compatible; ",
        "; +http://",
        "/2.1",
        " ",
        "Chrome/120",
        "\u212a",
        "İ",
        "ü",
        "\u0000",
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 8 }), (parts) => {
        const ua = parts.join("");
        const botId = referenceClassify(taxonomy, ua);
        const lower = ua.toLowerCase();
        expect(classifier.classify(ua)).toMatchObject({
          bot: { botId },
          automation: botId === "unknown" && AUTOMATION_PATTERNS.some((p) => lower.includes(p)),
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("lowercases like the spec, Unicode included", () => {
    // The Kelvin sign lowercases to an ASCII "k".
    expect(classifier.classify("facebooKexternalhit/1.1".replace("K", "\u212a")).bot.botId).toBe(
      referenceClassify(taxonomy, "facebooKexternalhit/1.1".replace("K", "\u212a")),
    );
    expect(classifier.classify("MOZILLA/5.0 (COMPATIBLE; GOOGLEBOT/2.1)").bot.botId).toBe(
      "googlebot",
    );
  });

  it("reports generic automation only when no bot matched", () => {
    expect(classifier.classify("curl/8.5.0")).toMatchObject({
      bot: { botId: "unknown" },
      automation: true,
    });
    expect(
      classifier.classify("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0"),
    ).toMatchObject({ automation: true });
    expect(classifier.classify("python-requests/2.31")).toMatchObject({ automation: true });
    expect(
      classifier.classify("Mozilla/5.0 (Windows NT 10.0) Chrome/120 Safari/537.36"),
    ).toMatchObject({ bot: { botId: "unknown" }, automation: false });
    expect(classifier.classify("curl/8 Googlebot/2.1")).toMatchObject({
      bot: { botId: "googlebot" },
      automation: false,
    });
    expect(AUTOMATION_PATTERNS.every((p) => p === p.toLowerCase())).toBe(true);
  });

  it("answers the same through the bounded cache", () => {
    const cached = withCache(classifier, 3);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...corpus.map((e) => e.ua), "x", "curl/1"), { maxLength: 30 }),
        (uas) => {
          for (const ua of uas) expect(cached.classify(ua)).toBe(classifier.classify(ua));
        },
      ),
    );
  });
});

describe("automaton", () => {
  it("finds the longest pattern, ties to the smaller rank", () => {
    const a = compileAutomaton([
      { text: "bot", tieRank: 0, value: 0 },
      { text: "googlebot", tieRank: 1, value: 1 },
      { text: "xbot", tieRank: 3, value: 3 },
      { text: "abot", tieRank: 2, value: 2 },
    ]);
    expect(a.longest("I am Googlebot")).toBe(1);
    expect(a.longest("xbot abot")).toBe(2);
    expect(a.longest("robot")).toBe(0);
    expect(a.longest("nothing")).toBe(-1);
    expect(() => compileAutomaton([{ text: "Upper", tieRank: 0, value: 0 }])).toThrow();
  });
});

describe("uaHash", () => {
  it("is 64-bit FNV-1a over UTF-8, as 16 hex digits", () => {
    expect(uaHash("")).toBe("cbf29ce484222325");
    expect(uaHash("a")).toBe("af63dc4c8601ec8c");
    expect(uaHash("foobar")).toBe("85944171f73967e8");
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(uaHash(s)).toMatch(/^[0-9a-f]{16}$/);
        expect(uaHash(s)).toBe(uaHash(`${s}`));
      }),
    );
  });

  it("agrees with a BigInt FNV-1a over the UTF-8 bytes, ASCII fast path or not", () => {
    const reference = (s: string) => {
      let h = 0xcbf29ce484222325n;
      for (const byte of new TextEncoder().encode(s))
        h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return h.toString(16).padStart(16, "0");
    };
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" })), (s) => {
        expect(uaHash(s)).toBe(reference(s));
      }),
    );
    expect(uaHash("Bot ✓ 日本")).toBe(reference("Bot ✓ 日本"));
  });
});
