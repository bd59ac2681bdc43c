import { describe, expect, it } from "vitest";
import { legacyKeys } from "../../taxonomy/registry.js";
import { at, recordCrawls as record } from "./crawl-rows.js";
import { expectPlanAndKeyErrors } from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

const KEYS = legacyKeys().map((k) => k.key);
const GPTBOT_UA = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)";

/** Passes every check of the SEO audit (score 100). */
const GOOD_HTML = `<!doctype html><html lang="en"><head>
<title>Running shoes for every trail</title>
<meta name="description" content="Trail and road running shoes, tested by runners, shipped in two days.">
<link rel="canonical" href="https://shop.example.com/">
<script type="application/ld+json">{"@type":"WebSite"}</script>
</head><body><h1>Running shoes</h1><img src="a.png" alt="shoe"></body></html>`;
/** No title (20), description (15), h1 (10), canonical (10), lang (5), JSON-LD (5): 35. */
const POOR_HTML = "<html><body><p>Only text</p></body></html>";

/** export-user-analytics through the HTTP handlers. The world's today is 2026-11-20. */
export function userAnalyticsCases(options: ApiSuiteOptions): void {
  describe("export-user-analytics", () => {
    const w = useWorld(options);

    it("answers the cache summary, every legacy key per day, top pages and SEO buckets", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      await record(world, shop, [
        { ts: at("2026-11-18"), path: "/", botId: "googlebot", verdict: "verified" },
        { ts: at("2026-11-19"), path: "/", botId: "googlebot", verdict: "verified" },
        { ts: at("2026-11-20"), path: "/", botId: "googlebot" },
        {
          ts: at("2026-11-19"),
          path: "/",
          botId: "gptbot",
          userAgent: GPTBOT_UA,
          servedFrom: "render",
        },
        {
          ts: at("2026-11-20"),
          path: "/pricing",
          botId: "gptbot",
          userAgent: GPTBOT_UA,
          servedFrom: "origin",
        },
        {
          ts: at("2026-11-20"),
          path: "/docs",
          botId: "unknown",
          verdict: "unknown",
          userAgent: "curl/8.5.0",
        },
        { ts: at("2026-11-20"), path: "/blank" },
        // Before the window.
        { ts: at("2026-11-01"), path: "/old", botId: "googlebot" },
      ]);
      const snap = (path: string, html: string) =>
        world.crawlgate.snapshots.record({ domainId: shop, path, html, renderStatus: 200 });
      await snap("/", GOOD_HTML);
      await snap("/pricing", POOR_HTML);
      await snap("/blank", "");
      await snap("/old", GOOD_HTML);

      const res = await world.call("POST", "/export-user-analytics", { body: { period: "7d" } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "period",
        "userId",
        "domainCount",
        "domains",
      ]);
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        period: "7d",
        userId: world.users.owner.userId,
        domainCount: 2,
      });
      const domain = res.json.domains[1];
      expect(Object.keys(domain)).toEqual([
        "domain",
        "domainId",
        "role",
        "summary",
        "botTotals",
        "botSeries",
        "topPages",
        "seo",
      ]);
      expect(domain).toMatchObject({ domain: "shop.example.com", domainId: shop, role: "owner" });
      expect(domain.summary).toEqual({
        totalCrawls: 7,
        prerenders: 1,
        cachedViews: 5,
        cacheMisses: 2,
        cacheHitRate: 71.4,
      });
      expect(Object.keys(domain.botTotals)).toEqual(KEYS);
      expect(KEYS).toHaveLength(25);
      expect(domain.botTotals.googlebot).toBe(4);
      expect(domain.botTotals.gptbot).toBe(2);
      const others = KEYS.filter((k) => k !== "googlebot" && k !== "gptbot");
      for (const key of others) expect(domain.botTotals[key], key).toBe(0);
      expect(domain.botSeries).toHaveLength(7);
      for (const entry of domain.botSeries) expect(Object.keys(entry)).toEqual(["date", ...KEYS]);
      expect(domain.botSeries[5]).toMatchObject({ date: "2026-11-19", googlebot: 1, gptbot: 1 });
      expect(domain.botSeries[6]).toMatchObject({ date: "2026-11-20", googlebot: 2, gptbot: 1 });
      expect(domain.botSeries[0]).toMatchObject({ date: "2026-11-14", googlebot: 0 });
      expect(domain.topPages).toEqual([
        { url: "https://shop.example.com/", seoScore: 100, seoIssuesCount: 0, botTotal: 4 },
        { url: "https://shop.example.com/blank", seoScore: null, seoIssuesCount: 0, botTotal: 1 },
        { url: "https://shop.example.com/docs", seoScore: null, seoIssuesCount: null, botTotal: 1 },
        { url: "https://shop.example.com/pricing", seoScore: 35, seoIssuesCount: 6, botTotal: 1 },
      ]);
      // Every snapshotted page of the domain, crawled in the window or not.
      expect(domain.seo).toEqual({
        good: 2,
        needsWork: 0,
        poor: 1,
        unknown: 1,
        totalPages: 4,
        totalIssues: 6,
      });
    });

    it("reads legacy per-key counts imported for days before the cutover", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      await world.deps.crawls.addLegacyCounts(shop, "2026-07-01", [
        { key: "googlebot", total: 40, verified: 30 },
        { key: "social_other", total: 5, verified: 0 },
      ]);
      const year = await world.call("POST", "/export-user-analytics", { body: { period: "365d" } });
      const domain = year.json.domains[1];
      expect(domain.botTotals).toMatchObject({ googlebot: 40, social_other: 5, bingbot: 0 });
      expect(domain.botSeries).toHaveLength(365);
      const day = domain.botSeries.find((e: { date: string }) => e.date === "2026-07-01");
      expect(day).toMatchObject({ googlebot: 40, social_other: 5 });
      // Imported days carry no servedFrom: the cache summary counts recorded crawls only.
      expect(domain.summary.totalCrawls).toBe(0);
      const month = await world.call("POST", "/export-user-analytics", { body: {} });
      expect(month.json.period).toBe("30d");
      expect(month.json.domains[1].botTotals.googlebot).toBe(0);
      expect(month.json.domains[1].botSeries).toHaveLength(30);
    });

    it("covers every accessible domain with its role; an empty domain is all zeros", async () => {
      const world = w();
      const res = await world.call("POST", "/export-user-analytics", { body: { period: null } });
      expect(res.status).toBe(200);
      expect(res.json.period).toBe("30d");
      expect(res.json.domains.map((d: { domain: string }) => d.domain)).toEqual([
        "blog.example.com",
        "shop.example.com",
      ]);
      const [blog] = res.json.domains;
      expect(blog.summary).toEqual({
        totalCrawls: 0,
        prerenders: 0,
        cachedViews: 0,
        cacheMisses: 0,
        cacheHitRate: 0,
      });
      expect(blog.topPages).toEqual([]);
      expect(blog.seo).toEqual({
        good: 0,
        needsWork: 0,
        poor: 0,
        unknown: 0,
        totalPages: 0,
        totalIssues: 0,
      });
      expect(Object.values(blog.botTotals).every((n) => n === 0)).toBe(true);
      const viewer = await world.call("POST", "/export-user-analytics", {
        key: world.keys.viewer,
        body: { period: "1d" },
      });
      expect(viewer.json.domainCount).toBe(1);
      expect(viewer.json.domains[0]).toMatchObject({ domain: "shop.example.com", role: "viewer" });
      expect(viewer.json.domains[0].botSeries).toEqual([
        { date: "2026-11-20", ...Object.fromEntries(KEYS.map((k) => [k, 0])) },
      ]);
    });

    it("refuses an invalid period, any other field, Starter and a missing key", async () => {
      const world = w();
      const bad = [
        [{ period: "14d" }, /period must be one of/],
        [{ period: 7 }, /period must be one of/],
        [{ period: "" }, /period must be one of/],
        [{ startDate: "2026-11-01" }, /unknown field: startDate/],
        [{ domainId: world.domains.shop.domainId }, /unknown field: domainId/],
      ] as const;
      for (const [body, message] of bad) {
        const res = await world.call("POST", "/export-user-analytics", { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toBe("invalid_request");
        expect(res.json.message).toMatch(message);
      }
      await expectPlanAndKeyErrors(world, "/export-user-analytics");
    });
  });
}
