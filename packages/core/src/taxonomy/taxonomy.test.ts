import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import v1 from "./data/1.0.json";
import v1_1 from "./data/1.1.json";
import legacyData from "./data/legacy-keys.json";
import { referenceClassify } from "./reference-classify.js";
import { getTaxonomy, legacyKeys, listTaxonomyVersions, publicDefinitions } from "./registry.js";
import { AI_INTENTS, INTENTS, SIGNED_AGENT_BOT_ID } from "./schema.js";
import { validateLegacyKeys, validateTaxonomyFile } from "./validate.js";

const corpus: { ua: string; expectBotId: string }[] = JSON.parse(
  readFileSync(new URL("./testdata/ua-corpus.json", import.meta.url), "utf8"),
);

const broken = (edit: (file: typeof v1) => void) => {
  const file = structuredClone(v1);
  edit(file);
  return () => validateTaxonomyFile(file);
};

describe("taxonomy 1.1", () => {
  const current = getTaxonomy("1.1");
  const previous = getTaxonomy("1.0");
  if (!current || !previous) throw new Error("taxonomy 1.1 missing");

  it("adds signed agents (minor bump): the same intents, bots listing their signature agents", () => {
    expect(current.intents.map((i) => i.intent)).toEqual(previous.intents.map((i) => i.intent));
    const chatgpt = current.botBySignatureAgent("https://chatgpt.com");
    expect(chatgpt?.botId).toBe("chatgpt-agent");
    expect(chatgpt?.intent).toBe("answer-fetch");
    expect(chatgpt?.verificationMethod).toBe("http_message_signature");
    expect(chatgpt?.uaPatterns).toEqual([]);
    const google = current.botBySignatureAgent("https://agent.bot.goog");
    expect(google?.botId).toBe("google-agent");
    expect(google?.intent).toBe("answer-fetch");
    // Google keeps its address checks primary: the signature is one more proof.
    expect(google?.verificationMethod).toBe("published_ip_ranges");
    const synthetic = current.botById(SIGNED_AGENT_BOT_ID);
    expect(synthetic?.intent).toBe("other");
    expect(synthetic?.verification.signatureAgents ?? []).toEqual([]);
    expect(current.botBySignatureAgent("https://agent.example")).toBeUndefined();
    // The published 1.0 snapshot is unchanged.
    expect(previous.botById("chatgpt-agent")).toBeUndefined();
    expect(previous.botBySignatureAgent("https://chatgpt.com")).toBeUndefined();
  });

  it("refuses a signature agent listed twice, or a signed bot without one", () => {
    const file = structuredClone(v1_1) as typeof v1_1;
    const agent = file.bots.find((b) => b.botId === "chatgpt-agent");
    if (!agent) throw new Error("chatgpt-agent missing");
    const twice = structuredClone(file);
    const other = twice.bots.find((b) => b.botId === "gptbot") as { verification: object };
    other.verification = { signatureAgents: ["https://chatgpt.com"] };
    expect(() => validateTaxonomyFile(twice)).toThrow(/listed by/);
    const none = structuredClone(file);
    (none.bots.find((b) => b.botId === "chatgpt-agent") as { verification: object }).verification =
      {};
    expect(() => validateTaxonomyFile(none)).toThrow(/lists no signature agent/);
    const notOrigin = structuredClone(file);
    (
      notOrigin.bots.find((b) => b.botId === "chatgpt-agent") as { verification: object }
    ).verification = { signatureAgents: ["https://chatgpt.com/path"] };
    expect(() => validateTaxonomyFile(notOrigin)).toThrow();
  });
});

describe("taxonomy 1.0", () => {
  const taxonomy = getTaxonomy("1.0");
  if (!taxonomy) throw new Error("taxonomy 1.0 missing");

  it("has the eight intents in display order with computed counts", () => {
    expect(taxonomy.intents.map((i) => i.intent)).toEqual([...INTENTS]);
    for (const intent of taxonomy.intents) {
      expect(intent.isAiIntent).toBe(
        AI_INTENTS.includes(intent.intent as (typeof INTENTS)[number]),
      );
    }
    const sum = taxonomy.intents.reduce((n, i) => n + i.botCount, 0);
    expect(sum).toBe(taxonomy.bots.length);
  });

  it("has about a hundred bots sorted by botId, including unknown", () => {
    expect(taxonomy.bots.length).toBeGreaterThanOrEqual(90);
    expect(taxonomy.bots.length).toBeLessThanOrEqual(100);
    const ids = taxonomy.bots.map((b) => b.botId);
    expect(ids).toEqual([...ids].sort());
    expect(taxonomy.botById("unknown")?.uaPatterns).toEqual([]);
    expect(taxonomy.effectiveFrom).toBe("2026-07-09T00:00:00.000Z");
  });

  it("is immutable", () => {
    expect(Object.isFrozen(taxonomy.bots)).toBe(true);
    expect(Object.isFrozen(taxonomy.bots[0]?.uaPatterns)).toBe(true);
    const published = publicDefinitions(taxonomy);
    published.bots[0]?.uaPatterns.push("x");
    expect(publicDefinitions(taxonomy).bots[0]?.uaPatterns).not.toContain("x");
  });

  it("looks versions up and refuses unknown or malformed ones", () => {
    expect(getTaxonomy()?.version).toBe("1.1");
    expect(listTaxonomyVersions()).toEqual(["1.0", "1.1"]);
    for (const v of ["9.9", "1", "", "1.0.0", "v1.0", "01.0"]) expect(getTaxonomy(v)).toBeNull();
  });

  it("classifies every corpus User-Agent to its expected bot (reference rule)", () => {
    const misses = corpus
      .map((entry) => ({ ...entry, got: referenceClassify(taxonomy, entry.ua) }))
      .filter((entry) => entry.got !== entry.expectBotId);
    expect(misses).toEqual([]);
    expect(corpus.length).toBeGreaterThan(50);
  });

  it("names each bot's robots.txt product tokens (bots.md), usage-only tokens apart", () => {
    const tokens = (botId: string) => taxonomy.botById(botId)?.robots;
    expect(tokens("gptbot")?.tokens).toEqual(["GPTBot"]);
    expect(tokens("claudebot")?.tokens).toEqual(["ClaudeBot"]);
    expect(tokens("googlebot")).toEqual({
      tokens: ["Googlebot"],
      usageTokens: ["Google-Extended"],
    });
    expect(tokens("applebot")?.usageTokens).toEqual(["Applebot-Extended"]);
    expect(tokens("googlebot-image")?.tokens).toEqual(["Googlebot-Image", "Googlebot"]);
    expect(tokens("adsbot-google")?.ignoresWildcardGroup).toBe(true);
    expect(tokens("unknown")?.tokens).toEqual([]);
    const named = taxonomy.bots.filter((b) => b.isActive && b.robots.tokens.length > 0);
    expect(named.length).toBeGreaterThan(80);
    // No bot obeys a usage-only token: it is never sent in a request.
    const usage = taxonomy.bots.flatMap((b) => b.robots.usageTokens ?? []);
    for (const bot of taxonomy.bots)
      for (const t of usage) expect(bot.robots.tokens).not.toContain(t);
  });

  it("has the 25 legacy keys in three groups", () => {
    const keys = legacyKeys();
    expect(keys).toHaveLength(25);
    expect(keys.filter((k) => k.group === "named")).toHaveLength(9);
    expect(keys.filter((k) => k.group === "other-social")).toHaveLength(10);
    expect(keys.filter((k) => k.group === "other")).toHaveLength(6);
    expect(keys.find((k) => k.key === "social_other")?.representativeBotId).toBeNull();
  });
});

describe("taxonomy validation refuses", () => {
  it.each([
    [
      "a duplicate botId",
      broken((f) =>
        f.bots.push({ ...(f.bots[1] as (typeof f.bots)[number]), uaPatterns: ["zzz-new"] }),
      ),
    ],
    ["an unknown intent", broken((f) => ((f.bots[1] as { intent: string }).intent = "gaming"))],
    [
      "a shared pattern",
      broken((f) =>
        (f.bots[2] as { uaPatterns: string[] }).uaPatterns.push(...(f.bots[1]?.uaPatterns ?? [])),
      ),
    ],
    [
      "an uppercase pattern",
      broken((f) => ((f.bots[1] as { uaPatterns: string[] }).uaPatterns = ["GPTBot"])),
    ],
    [
      "an empty pattern",
      broken((f) => ((f.bots[1] as { uaPatterns: string[] }).uaPatterns = [""])),
    ],
    [
      "a missing unknown bot",
      broken((f) => (f.bots = f.bots.filter((b) => b.botId !== "unknown"))),
    ],
    [
      "a robots.txt token with a space",
      broken((f) => ((f.bots[1] as { robots: { tokens: string[] } }).robots.tokens = ["A B"])),
    ],
    [
      "a robots.txt token listed twice",
      broken((f) => ((f.bots[1] as { robots: { tokens: string[] } }).robots.tokens = ["X", "x"])),
    ],
    [
      "a usage token some bot obeys",
      broken((f) =>
        Object.assign((f.bots[1] as { robots: object }).robots, { usageTokens: ["GPTBot"] }),
      ),
    ],
    [
      "an unknown bot with a robots.txt token",
      broken((f) =>
        Object.assign(f.bots.find((b) => b.botId === "unknown")?.robots ?? {}, { tokens: ["x"] }),
      ),
    ],
    ["seven intents", broken((f) => f.intents.pop())],
    ["intents out of order", broken((f) => f.intents.reverse())],
    [
      "a wrong isAiIntent",
      broken((f) => ((f.intents[3] as { isAiIntent: boolean }).isAiIntent = true)),
    ],
    ["a malformed version", broken((f) => (f.version = "1"))],
    ["an unknown field", broken((f) => Object.assign(f.bots[0] as object, { extra: 1 }))],
  ])("%s", (_name, load) => {
    expect(load).toThrow();
  });

  it("legacy keys naming unknown bots or wrong group sizes", () => {
    const file = structuredClone(legacyData);
    (file.keys[0] as { botIds: string[] }).botIds.push("nobody");
    expect(() => validateLegacyKeys(file, v1)).toThrow(/unknown bot nobody/);
    const short = structuredClone(legacyData);
    short.keys.pop();
    expect(() => validateLegacyKeys(short, v1)).toThrow(/group/);
  });
});
