import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, getTaxonomy, silentLogger, type Taxonomy } from "@crawlgate/core";
import { compileClassifier, LEGACY_CUTOVER } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { seedDemoCrawls } from "./crawls.js";
import { startDemoOrigin } from "./origin-site.js";
import { DEMO_DAYS } from "./sites.js";
import { crawlsOfDay, DEMO_MIX, demoResolver, sitePaths } from "./traffic.js";

const taxonomy = getTaxonomy() as Taxonomy;
const classifier = compileClassifier(taxonomy);

describe("demo traffic", () => {
  it("uses User-Agents that classify to the bot each entry names", () => {
    for (const entry of DEMO_MIX) {
      for (const ua of entry.userAgents) {
        expect(classifier.classify(ua).bot.botId, ua).toBe(entry.botId);
      }
    }
    const automation = DEMO_MIX.flatMap((e) => e.userAgents).filter(
      (ua) => classifier.classify(ua).automation,
    );
    expect(automation).toContain("curl/8.5.0");
  });

  it("verifies through the shipped ranges and the demo's DNS, and not from elsewhere", async () => {
    const { verifier } = createCrawlgate(
      { ...createMemoryStores(), resolver: demoResolver },
      { ingest: { verifyTimeoutMs: 1_000 } },
    ).ingest;
    const bot = (id: string) =>
      taxonomy.botById(id) as NonNullable<ReturnType<Taxonomy["botById"]>>;
    expect((await verifier.verify(bot("bingbot"), "157.55.39.7")).tier).toBe("verified");
    expect((await verifier.verify(bot("yandexbot"), "5.255.253.12")).tier).toBe("verified");
    expect((await verifier.verify(bot("gptbot"), "132.196.86.4")).tier).toBe("verified");
    // An address in OpenAI's ChatGPT-User file does not verify GPTBot (one file per bot).
    expect((await verifier.verify(bot("gptbot"), "9.129.3.4")).tier).toBe("declared");
    expect((await verifier.verify(bot("googlebot"), "198.51.100.7")).tier).toBe("declared");
  });

  it("verified shares come from verifying each generated address, per the bot's own check", async () => {
    const { verifier } = createCrawlgate(
      { ...createMemoryStores(), resolver: demoResolver },
      { ingest: { verifyTimeoutMs: 1_000 } },
    ).ingest;
    const events = crawlsOfDay({
      domainId: "d1",
      day: "2026-10-01",
      progress: 0.5,
      crawls: 4_000,
      paths: sitePaths("shop", 500),
      seed: 7,
    });
    const share = new Map<string, { verified: number; total: number }>();
    for (const e of events) {
      const bot = classifier.classify(e.userAgent).bot;
      const tier = (await verifier.verify(bot, e.ip as string)).tier;
      const s = share.get(bot.botId) ?? { verified: 0, total: 0 };
      share.set(bot.botId, {
        verified: s.verified + (tier === "verified" ? 1 : 0),
        total: s.total + 1,
      });
    }
    const ratio = (id: string) => {
      const s = share.get(id);
      return s ? s.verified / s.total : Number.NaN;
    };
    // Operators that publish ranges or reverse DNS: mostly verified (spoofers are not).
    for (const id of ["googlebot", "bingbot", "gptbot", "claudebot", "perplexitybot", "ahrefsbot"])
      expect(ratio(id), id).toBeGreaterThan(0.85);
    // No documented check, or ASN without a lookup: never verified.
    for (const id of ["bytespider", "semrushbot", "twitterbot", "facebookexternalhit"])
      expect(ratio(id), id).toBe(0);
  });

  it("plans a day deterministically, inside that day, over a long tail of paths", () => {
    const plan = {
      domainId: "d1",
      day: "2026-10-01",
      progress: 0.5,
      crawls: 3_000,
      paths: sitePaths("shop", 3_000),
      seed: 42,
    };
    const events = crawlsOfDay(plan);
    expect(crawlsOfDay(plan)).toEqual(events);
    expect(events).toHaveLength(3_000);
    for (const e of events) expect(e.ts.toISOString().slice(0, 10)).toBe("2026-10-01");
    const perPath = new Map<string, number>();
    for (const e of events) perPath.set(e.path, (perPath.get(e.path) ?? 0) + 1);
    const counts = [...perPath.values()].sort((a, b) => b - a);
    expect(perPath.size).toBeGreaterThan(500);
    expect(counts[0]).toBeGreaterThan(20 * (counts[Math.floor(counts.length / 2)] as number));
  });

  it("seeds every day from the cutover to today once, with every tier present", async () => {
    const stores = createMemoryStores();
    const { crawls } = stores;
    const now = new Date("2026-11-22T12:00:00.000Z");
    const domainId = "00000000-0000-4000-8000-000000000001";
    const sites = [{ domainId, kind: "blog" as const }];
    const first = await seedDemoCrawls({ stores, sites, now, logger: silentLogger });
    const expectedDays = 137; // 2026-07-09 … 2026-11-22
    expect(DEMO_DAYS).toBeGreaterThan(expectedDays);
    expect(first.days).toBe(expectedDays);
    const counts = await crawls.botDayCounts(domainId, "2026-01-01", "2026-11-22");
    expect(new Set(counts.map((c) => c.day)).size).toBe(expectedDays);
    expect(counts.every((c) => c.day >= LEGACY_CUTOVER)).toBe(true);
    const byTier = { verified: 0, declared: 0, unknown: 0 };
    for (const c of counts) byTier[c.tier] += c.count;
    expect(byTier.verified).toBeGreaterThan(0.3 * first.crawls);
    expect(byTier.declared).toBeGreaterThan(0.1 * first.crawls);
    expect(byTier.unknown).toBeGreaterThan(0.02 * first.crawls);
    const raw = await crawls.listCrawls(domainId, new Date(LEGACY_CUTOVER), now, 100_000);
    expect(raw).toHaveLength(first.crawls);
    expect(raw.at(-1)?.ts.toISOString().slice(0, 10)).toBe("2026-11-22");
    expect(raw.filter((c) => c.verdict === "automation").length).toBeGreaterThan(0);
    expect(new Set(raw.map((c) => c.path)).size).toBeGreaterThan(400);
    // A restart seeds nothing new.
    expect(await seedDemoCrawls({ stores, sites, now, logger: silentLogger })).toEqual({
      days: 0,
      crawls: 0,
    });
  });

  it("signs a share of the agent traffic, judged by the real verifier: all three outcomes", async () => {
    const stores = createMemoryStores();
    const origin = await startDemoOrigin();
    try {
      const now = new Date("2026-08-09T12:00:00.000Z");
      const domainId = "00000000-0000-4000-8000-000000000002";
      const sites = [{ domainId, kind: "shop" as const }];
      const signing = { agent: origin.agent, origin: origin.url };
      const seeded = await seedDemoCrawls({ stores, sites, now, logger: silentLogger, signing });
      const signed = seeded.signed as NonNullable<typeof seeded.signed>;
      expect(signed.verified).toBeGreaterThan(100);
      expect(signed.invalid).toBeGreaterThan(5);
      expect(signed.unverified).toBeGreaterThan(2);
      expect(signed.replayed).toBeGreaterThan(2);
      const raw = await stores.crawls.listCrawls(domainId, new Date(LEGACY_CUTOVER), now, 100_000);
      const rows = raw.filter((c) => c.signature !== null);
      expect(rows).toHaveLength(signed.verified + signed.invalid + signed.unverified);
      // Every row names the demo origin; verified ones are the signed-agent bot, verified.
      expect(new Set(rows.map((c) => c.signatureAgent))).toEqual(new Set([origin.url]));
      for (const c of rows) {
        expect(c.botId).toBe("signed-agent");
        expect(c.verdict).toBe(c.signature === "verified" ? "verified" : "declared");
      }
      // A replay (the same signature a second later) is invalid; its original verified.
      const replays = rows.filter((c) => c.eventId.endsWith("-replay"));
      expect(replays).toHaveLength(signed.replayed);
      for (const replay of replays) {
        expect(replay.signature).toBe("invalid");
        const original = rows.find((c) => `${c.eventId}-replay` === replay.eventId);
        expect(original?.signature).toBe("verified");
      }
      const counts = await stores.crawls.signedAgentDayCounts(
        domainId,
        LEGACY_CUTOVER,
        "2026-08-09",
      );
      const outcomes = new Set(counts.map((c) => c.signature));
      expect(outcomes).toEqual(new Set(["verified", "invalid", "unverified"]));
    } finally {
      await origin.close();
    }
  });
});
