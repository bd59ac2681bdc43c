import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import { legacyKeys } from "@crawlgate/core/adapter-kit";
import { createFetchHandler } from "@crawlgate/http-fetch";
import { describe, expect, it } from "vitest";
import { seedDemoAccounts } from "./accounts.js";
import { seedDemoCrawls } from "./crawls.js";
import { seedDemoLegacy } from "./legacy.js";
import { seedDemoReferrals } from "./referrals.js";
import type { DemoSite } from "./sites.js";

// A week after the cutover: the 180 demo days are mostly legacy days, and few raw crawls to seed.
const NOW = new Date("2026-07-15T12:00:00.000Z");

async function demoWorld() {
  const stores = createMemoryStores();
  const crawlgate = createCrawlgate({ ...stores, clock: { now: () => NOW } });
  const demo = await seedDemoAccounts(crawlgate, stores, NOW);
  const [shop, blog] = demo.domains;
  const sites: DemoSite[] = [
    { domainId: shop?.domainId as string, kind: "shop" },
    { domainId: blog?.domainId as string, kind: "blog" },
  ];
  const seed = async () => ({
    crawls: await seedDemoCrawls({ stores, sites, now: NOW, logger: silentLogger }),
    legacy: await seedDemoLegacy({ stores, sites, now: NOW, logger: silentLogger }),
    referrals: await seedDemoReferrals({
      stores,
      sites,
      now: NOW,
      logger: silentLogger,
    }),
  });
  const fetch = createFetchHandler(crawlgate);
  const call = async (path: string, body: unknown) => {
    const res = await fetch(
      new Request(`http://api.test/functions/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${demo.keys.owner}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary JSON bodies
    return (await res.json()) as any;
  };
  return { seed, call };
}

const sum = (entries: Record<string, number | string>[]) =>
  entries.reduce(
    (total, e) =>
      total + Object.values(e).reduce<number>((n, v) => n + (typeof v === "number" ? v : 0), 0),
    0,
  );

describe("the seeded demo", () => {
  it("answers both exports with realistic data, and seeds nothing twice", async () => {
    const world = await demoWorld();
    const first = await world.seed();
    // Day counts are per site: two sites.
    expect(first.legacy.days).toBe(2 * 173);
    expect(first.referrals.days).toBe(2 * 180);
    expect(first.referrals.visits).toBeGreaterThan(20_000);

    const referrals = await world.call("/export-ai-referrals", { period: "90d" });
    const shop = referrals.domains.find((d: { domain: string }) => d.domain === "shop.example.com");
    const sources = Object.keys(shop.referralTotals);
    expect(sources[0]).toBe("chatgpt");
    for (const source of ["perplexity", "claude", "gemini", "copilot", "unknown"])
      expect(sources).toContain(source);
    expect(shop.referralTotals.perplexity.surfaceType).toBe("answer");
    expect(shop.referralTotals.unknown.surfaceType).toBe("other");
    expect(shop.topLandingPaths).toHaveLength(500);
    expect(shop.landingPathCount).toBeGreaterThan(500);
    expect(shop.truncated).toBe(true);
    // Referrals grow over the window.
    const series = shop.referralSeries;
    expect(sum(series.slice(-14))).toBeGreaterThan(sum(series.slice(0, 14)));

    const analytics = await world.call("/export-user-analytics", { period: "30d" });
    const shopAnalytics = analytics.domains.find(
      (d: { domain: string }) => d.domain === "shop.example.com",
    );
    expect(shopAnalytics.summary.totalCrawls).toBeGreaterThan(1_000);
    expect(shopAnalytics.summary.cacheHitRate).toBeGreaterThan(0);
    expect(shopAnalytics.summary.cacheHitRate).toBeLessThan(100);
    const keys = legacyKeys().map((k) => k.key);
    expect(Object.keys(shopAnalytics.botTotals)).toEqual(keys);
    expect(shopAnalytics.botTotals.googlebot).toBeGreaterThan(1_000);
    expect(shopAnalytics.botTotals.gptbot).toBeGreaterThan(0);
    const legacyDay = shopAnalytics.botSeries.find(
      (e: { date: string }) => e.date === "2026-07-01",
    );
    expect(legacyDay.googlebot).toBeGreaterThan(50);
    expect(shopAnalytics.topPages).toHaveLength(20);
    expect(shopAnalytics.topPages[0].url).toBe("https://shop.example.com/");

    const again = await world.seed();
    expect(again.legacy.days).toBe(0);
    expect(again.referrals).toEqual({ days: 0, visits: 0 });
    const after = await world.call("/export-ai-referrals", { period: "90d" });
    expect(after.domains).toEqual(referrals.domains);
  });
});
