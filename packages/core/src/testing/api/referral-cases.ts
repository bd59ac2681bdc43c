import { describe, expect, it } from "vitest";
import type { ReferralVisit } from "../../types.js";
import { at } from "./crawl-rows.js";
import { expectWindowedExportErrors } from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

type Visit = Pick<ReferralVisit, "path" | "source"> & { day: string };

async function visits(world: ApiWorld, domainId: string, rows: Visit[], pathCap = 100_000) {
  await world.deps.referrals.appendReferrals(
    rows.map((row, i) => ({
      visitId: crypto.randomUUID(),
      domainId,
      ts: at(row.day, i % 24),
      path: row.path,
      source: row.source,
    })),
    { pathCap },
  );
}

const many = (n: number, visit: Visit): Visit[] => Array.from({ length: n }, () => visit);

/** export-ai-referrals through the HTTP handlers. The world's today is 2026-11-20. */
export function referralCases(options: ApiSuiteOptions): void {
  describe("export-ai-referrals", () => {
    const w = useWorld(options);

    it("answers totals with surface types, a zero-filled series and ranked landing paths", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      await visits(world, shop, [
        ...many(2, { day: "2026-11-18", path: "/pricing", source: "chatgpt" }),
        { day: "2026-11-19", path: "/pricing", source: "perplexity" },
        { day: "2026-11-19", path: "/docs", source: "chatgpt" },
        { day: "2026-11-20", path: "/docs", source: "claude" },
        { day: "2026-11-20", path: "/a", source: "unknown" },
        // Outside the window: before it, and another domain.
        { day: "2026-11-13", path: "/pricing", source: "gemini" },
      ]);
      await visits(world, world.domains.other.domainId, [
        { day: "2026-11-19", path: "/", source: "chatgpt" },
      ]);

      const res = await world.call("POST", "/export-ai-referrals", {
        body: { period: "7d", domainId: shop },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "period",
        "startDate",
        "endDate",
        "userId",
        "domainCount",
        "domains",
      ]);
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        userId: world.users.owner.userId,
        domainCount: 1,
      });
      const [domain] = res.json.domains;
      expect(Object.keys(domain)).toEqual([
        "domain",
        "domainId",
        "role",
        "referralTotals",
        "referralSeries",
        "topLandingPaths",
        "landingPathCount",
        "truncated",
      ]);
      expect(domain).toMatchObject({ domain: "shop.example.com", domainId: shop, role: "owner" });
      expect(domain.referralTotals).toEqual({
        chatgpt: { surfaceType: "assistant", count: 3 },
        claude: { surfaceType: "assistant", count: 1 },
        perplexity: { surfaceType: "answer", count: 1 },
        unknown: { surfaceType: "other", count: 1 },
      });
      expect(Object.keys(domain.referralTotals)).toEqual([
        "chatgpt",
        "claude",
        "perplexity",
        "unknown",
      ]);
      expect(domain.referralSeries).toHaveLength(7);
      expect(domain.referralSeries[0]).toEqual({
        date: "2026-11-14",
        chatgpt: 0,
        claude: 0,
        perplexity: 0,
        unknown: 0,
      });
      expect(domain.referralSeries[4]).toEqual({
        date: "2026-11-18",
        chatgpt: 2,
        claude: 0,
        perplexity: 0,
        unknown: 0,
      });
      expect(domain.referralSeries[6]).toMatchObject({ date: "2026-11-20", claude: 1, unknown: 1 });
      expect(domain.topLandingPaths).toEqual([
        { path: "/pricing", referralTotal: 3, bySource: { chatgpt: 2, perplexity: 1 } },
        { path: "/docs", referralTotal: 2, bySource: { chatgpt: 1, claude: 1 } },
        { path: "/a", referralTotal: 1, bySource: { unknown: 1 } },
      ]);
      expect(domain.landingPathCount).toBe(3);
      expect(domain.truncated).toBe(false);
      expect("overflow" in domain).toBe(false);
    });

    it("caps topLandingPaths at 500 and says truncated only beyond it", async () => {
      const world = w();
      const { shop, blog } = world.domains;
      const paths = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          day: "2026-11-19",
          path: `/p/${String(i).padStart(4, "0")}`,
          source: "perplexity",
        }));
      await visits(world, shop.domainId, [
        ...paths(502),
        ...many(3, { day: "2026-11-20", path: "/top", source: "chatgpt" }),
      ]);
      await visits(world, blog.domainId, paths(500));
      const res = await world.call("POST", "/export-ai-referrals", { body: { period: "7d" } });
      expect(res.status).toBe(200);
      const [blogBlock, shopBlock] = res.json.domains;
      expect(shopBlock.topLandingPaths).toHaveLength(500);
      expect(shopBlock.topLandingPaths[0]).toEqual({
        path: "/top",
        referralTotal: 3,
        bySource: { chatgpt: 3 },
      });
      expect(shopBlock.topLandingPaths[1].path).toBe("/p/0000");
      expect(shopBlock.topLandingPaths[499].path).toBe("/p/0498");
      expect(shopBlock.landingPathCount).toBe(503);
      expect(shopBlock.truncated).toBe(true);
      // Paths cut by the cap still count in the totals; they are not `overflow`.
      expect(shopBlock.referralTotals.perplexity.count).toBe(502);
      expect("overflow" in shopBlock).toBe(false);
      expect(blogBlock.topLandingPaths).toHaveLength(500);
      expect(blogBlock.landingPathCount).toBe(500);
      expect(blogBlock.truncated).toBe(false);
    });

    it("reports visits beyond the ingest path cap as overflow, counted in totals and series", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      // Two batches, so which paths fill the cap of 2 does not depend on batch internals.
      const first: Visit[] = [
        { day: "2026-11-19", path: "/one", source: "chatgpt" },
        { day: "2026-11-19", path: "/two", source: "chatgpt" },
      ];
      await visits(world, shop, first, 2);
      const beyond: Visit[] = [
        { day: "2026-11-19", path: "/three", source: "perplexity" },
        { day: "2026-11-19", path: "/four", source: "chatgpt" },
        { day: "2026-11-19", path: "/five", source: "chatgpt" },
      ];
      await visits(world, shop, beyond, 2);
      const res = await world.call("POST", "/export-ai-referrals", {
        body: { startDate: "2026-11-19", domainId: shop },
      });
      expect(res.status).toBe(200);
      expect(res.json.period).toBeNull();
      expect(res.json.endDate).toBe("2026-11-20");
      const [domain] = res.json.domains;
      expect(Object.keys(domain).at(-1)).toBe("overflow");
      expect(domain.overflow).toEqual({
        referralTotal: 3,
        bySource: { chatgpt: 2, perplexity: 1 },
      });
      expect(domain.referralTotals).toEqual({
        chatgpt: { surfaceType: "assistant", count: 4 },
        perplexity: { surfaceType: "answer", count: 1 },
      });
      expect(domain.referralSeries[0]).toEqual({ date: "2026-11-19", chatgpt: 4, perplexity: 1 });
      expect(domain.landingPathCount).toBe(2);
      expect(domain.topLandingPaths.map((p: { path: string }) => p.path)).toEqual(["/one", "/two"]);
    });

    it("covers every accessible domain when domainId is omitted, any role, empty ones too", async () => {
      const world = w();
      const res = await world.call("POST", "/export-ai-referrals", { body: {} });
      expect(res.status).toBe(200);
      expect(res.json.period).toBe("30d");
      expect(res.json.startDate).toBe("2026-10-22");
      expect(res.json.domains.map((d: { domain: string }) => d.domain)).toEqual([
        "blog.example.com",
        "shop.example.com",
      ]);
      const empty = res.json.domains[1];
      expect(empty).toEqual({
        domain: "shop.example.com",
        domainId: world.domains.shop.domainId,
        role: "owner",
        referralTotals: {},
        referralSeries: empty.referralSeries,
        topLandingPaths: [],
        landingPathCount: 0,
        truncated: false,
      });
      expect(empty.referralSeries).toHaveLength(30);
      expect(empty.referralSeries[29]).toEqual({ date: "2026-11-20" });
      const viewer = await world.call("POST", "/export-ai-referrals", {
        key: world.keys.viewer,
        body: { domainId: world.domains.shop.domainId, period: "365d" },
      });
      expect(viewer.status).toBe(200);
      expect(viewer.json.domains[0].role).toBe("viewer");
      expect(viewer.json.domains[0].referralSeries).toHaveLength(365);
    });

    it("refuses bad windows, bad IDs, unknown fields, inaccessible domains and Starter", async () => {
      await expectWindowedExportErrors(w(), "/export-ai-referrals");
    });
  });
}
