import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

/**
 * `crawlgate.ingest` end to end: what it records is what the exports answer, over every store.
 * The world's today is 2026-11-20.
 */
export function ingestCases(options: ApiSuiteOptions): void {
  describe("crawlgate.ingest", () => {
    const w = useWorld(options);

    it("records crawls and AI referrals that the exports then report", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const { ingest } = world.crawlgate;
      const ts = new Date("2026-11-20T08:00:00.000Z");
      const crawl = {
        domainId: shop,
        ts,
        path: "/pricing",
        servedFrom: "cache" as const,
        status: 200,
        bytes: 512,
      };
      const recorded = await Promise.all([
        // Inside the Google range that ships with core: verified without any network.
        ingest.recordCrawl({
          ...crawl,
          eventId: "e1",
          userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          ip: "66.249.64.7",
        }),
        ingest.recordCrawl({
          ...crawl,
          eventId: "e2",
          userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          ip: "198.51.100.4",
        }),
        ingest.recordCrawl({ ...crawl, eventId: "e3", userAgent: "curl/8.5.0", ip: "192.0.2.1" }),
        // A replay records nothing new.
        ingest.recordCrawl({
          ...crawl,
          eventId: "e1",
          userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          ip: "66.249.64.7",
        }),
      ]);
      expect(recorded.map((r) => r.verdict)).toEqual([
        "verified",
        "declared",
        "automation",
        "verified",
      ]);
      const referral = await ingest.recordReferral({
        visitId: "v1",
        domainId: shop,
        ts,
        path: "/pricing?utm_source=chatgpt.com",
        referer: "https://chatgpt.com/",
      });
      expect(referral).toMatchObject({ recorded: true, source: "chatgpt", path: "/pricing" });
      expect(
        await ingest.recordReferral({
          domainId: shop,
          ts,
          path: "/",
          referer: "https://www.google.com/",
        }),
      ).toEqual({ recorded: false, reason: "not_ai" });
      await ingest.close();

      const crawls = await world.call("POST", "/export-crawl-analytics", {
        body: { domainId: shop, period: "1d" },
      });
      expect(crawls.json.domains[0].summary).toEqual({
        totalCrawls: 3,
        namedCrawls: 2,
        verifiedCrawls: 1,
      });
      expect(crawls.json.domains[0].botTotals.googlebot).toEqual({
        intent: "search-classic",
        verified: 1,
        declared: 1,
        unknown: 0,
        total: 2,
      });
      const referrals = await world.call("POST", "/export-ai-referrals", {
        body: { domainId: shop, period: "1d" },
      });
      expect(referrals.json.domains[0].referralTotals).toEqual({
        chatgpt: { surfaceType: "assistant", count: 1 },
      });
    });
  });
}
