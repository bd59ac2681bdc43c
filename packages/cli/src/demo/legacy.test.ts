import { createMemoryStores } from "@crawlgate/adapter-memory";
import { silentLogger } from "@crawlgate/core";
import { LEGACY_CUTOVER } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { seedDemoLegacy } from "./legacy.js";
import type { DemoSite } from "./sites.js";

const NOW = new Date("2026-07-15T12:00:00.000Z");
const SITE: DemoSite = { domainId: "00000000-0000-4000-8000-0000000000e1", kind: "shop" };

/** Legacy counts per key over every seeded day, after seeding with `verifier` (or the demo's). */
async function seeded(verifier?: Parameters<typeof seedDemoLegacy>[0]["verifier"]) {
  const stores = createMemoryStores();
  const { days } = await seedDemoLegacy({
    stores,
    sites: [SITE],
    now: NOW,
    logger: silentLogger,
    ...(verifier ? { verifier } : {}),
  });
  const rows = await stores.crawls.legacyDayCounts(SITE.domainId, "2026-01-01", LEGACY_CUTOVER);
  const byKey: Record<string, { total: number; verified: number }> = {};
  for (const r of rows) {
    const k = byKey[r.key] ?? { total: 0, verified: 0 };
    byKey[r.key] = { total: k.total + r.total, verified: k.verified + r.verified };
  }
  return { days, byKey };
}

const share = (c?: { total: number; verified: number }) => (c ? c.verified / c.total : Number.NaN);

describe("demo legacy counts", () => {
  it("verified counts come from verifying each crawl's address, not from a seeded share", async () => {
    const { days, byKey } = await seeded();
    expect(days).toBeGreaterThan(100);
    // Published ranges (Google, OpenAI, Anthropic), the demo DNS (Bing): all but the spoofers.
    expect(share(byKey.googlebot)).toBeGreaterThan(0.9);
    expect(share(byKey.googlebot)).toBeLessThan(0.97);
    expect(share(byKey.bingbot)).toBeGreaterThan(0.95);
    expect(share(byKey.gptbot)).toBeGreaterThan(0.88);
    expect(share(byKey.claudebot)).toBeGreaterThan(0.9);
    // Crawlers from elsewhere, or without a verification method: never verified.
    expect(byKey.bytespider?.total).toBeGreaterThan(0);
    expect(byKey.bytespider?.verified).toBe(0);
    expect(byKey.twitterbot?.verified).toBe(0);
  });

  it("a verifier that confirms nothing gives the same totals and no verified crawl", async () => {
    const calls: string[] = [];
    const none = await seeded({
      verify: async (bot, ip) => {
        calls.push(`${bot.botId} ${ip}`);
        return { tier: "declared", botOperator: null, matchedRange: null, retry: false };
      },
    });
    const real = await seeded();
    expect(Object.keys(none.byKey)).toEqual(Object.keys(real.byKey));
    for (const [key, counts] of Object.entries(none.byKey)) {
      expect(counts.total).toBe(real.byKey[key]?.total);
      expect(counts.verified).toBe(0);
    }
    // Asked once per bot and address (the answers are kept).
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls.some((c) => c.startsWith("googlebot 66.249."))).toBe(true);
  });
});
