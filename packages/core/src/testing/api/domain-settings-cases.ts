import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

/** GET and PATCH /domains/{domainId}/settings through the HTTP handlers. */
export function domainSettingsCases(options: ApiSuiteOptions): void {
  describe("domain settings", () => {
    const w = useWorld(options);
    const url = (domainId: string) => `/domains/${domainId}/settings`;

    it("shows any role the settings and lets an owner or manager change them", async () => {
      const world = w();
      const shop = world.domains.shop;
      const read = await world.call("GET", url(shop.domainId), { key: world.keys.viewer });
      expect(read.status).toBe(200);
      expect(read.json).toEqual({
        domainId: shop.domainId,
        domain: shop.hostname,
        role: "viewer",
        originUrl: shop.originUrl,
        originHost: "origin",
        pageCacheTtlSeconds: null,
        renderVariants: ["desktop"],
        sitemaps: [],
        warmRendersPerHour: null,
        warmScheduled: false,
      });
      // The edge caches the domain's settings; a change drops them.
      await world.crawlgate.edge.route({ host: shop.hostname, url: "/" });
      expect(await world.deps.settingsCache.get(shop.hostname)).not.toBeNull();
      const changed = await world.call("PATCH", url(shop.domainId), {
        key: world.keys.manager,
        body: { renderVariants: ["mobile", "desktop"], pageCacheTtlSeconds: 600 },
      });
      expect(changed.status).toBe(200);
      expect(changed.json).toMatchObject({
        role: "manager",
        renderVariants: ["desktop", "mobile"],
        pageCacheTtlSeconds: 600,
        originHost: "origin",
        cacheInvalidated: true,
      });
      expect(await world.deps.settingsCache.get(shop.hostname)).toBeNull();
      const cleared = await world.call("PATCH", url(shop.domainId), {
        body: { pageCacheTtlSeconds: null, originHost: "public" },
      });
      expect(cleared.json).toMatchObject({
        role: "owner",
        renderVariants: ["desktop", "mobile"],
        pageCacheTtlSeconds: null,
        originHost: "public",
      });
      expect((await world.call("GET", url(shop.domainId))).json.originHost).toBe("public");
    });

    it("edits how the cache is warmed: listed sitemaps, the budget, hourly warming", async () => {
      const world = w();
      const shop = world.domains.shop;
      const sitemap = `https://${shop.hostname}/sitemap-pages.xml`;
      const changed = await world.call("PATCH", url(shop.domainId), {
        key: world.keys.manager,
        body: { sitemaps: [` ${sitemap} `, sitemap], warmRendersPerHour: 120, warmScheduled: true },
      });
      expect(changed.status).toBe(200);
      expect(changed.json).toMatchObject({
        sitemaps: [sitemap],
        warmRendersPerHour: 120,
        warmScheduled: true,
        renderVariants: ["desktop"],
      });
      expect(await world.deps.warming.getWarmSettings(shop.domainId)).toEqual({
        sitemapUrls: [sitemap],
        rendersPerHour: 120,
        scheduled: true,
      });
      // A field left out stays; null and [] reset.
      const reset = await world.call("PATCH", url(shop.domainId), {
        body: { sitemaps: [], warmRendersPerHour: null },
      });
      expect(reset.json).toMatchObject({
        sitemaps: [],
        warmRendersPerHour: null,
        warmScheduled: true,
      });
      // A refused body stores nothing, not even its valid fields.
      const refused = await world.call("PATCH", url(shop.domainId), {
        body: { pageCacheTtlSeconds: 60, sitemaps: ["https://elsewhere.example/sitemap.xml"] },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toMatch(/not an http\(s\) URL on/);
      expect((await world.call("GET", url(shop.domainId))).json.pageCacheTtlSeconds).toBeNull();
    });

    it("refuses viewers, bad values, the origin URL, inaccessible domains", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const patch = (body: unknown, key?: string) =>
        world.call("PATCH", url(shop), { body, ...(key ? { key } : {}) });
      const viewer = await patch({ renderVariants: ["desktop"] }, world.keys.viewer);
      expect([viewer.status, viewer.json]).toEqual([403, { error: "forbidden" }]);
      for (const body of [
        { pageCacheTtlSeconds: 0 },
        { pageCacheTtlSeconds: 1.5 },
        { pageCacheTtlSeconds: "600" },
        { pageCacheTtlSeconds: 30 * 86_400 + 1 },
        { renderVariants: ["mobile"] },
        { renderVariants: ["desktop", "desktop"] },
        { renderVariants: ["desktop", "tablet"] },
        { renderVariants: "desktop" },
        { originHost: "edge" },
        { originUrl: "http://10.0.0.1" },
        { sitemaps: "https://shop.example.com/sitemap.xml" },
        { sitemaps: ["ftp://shop.example.com/sitemap.xml"] },
        { sitemaps: [42] },
        { warmRendersPerHour: 0 },
        { warmRendersPerHour: 2.5 },
        { warmScheduled: "yes" },
      ]) {
        const res = await patch(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error, JSON.stringify(body)).toBe("invalid_request");
      }
      for (const domainId of [world.domains.other.domainId, crypto.randomUUID()]) {
        for (const method of ["GET", "PATCH"]) {
          const res = await world.call(method, url(domainId), {
            ...(method === "PATCH" ? { body: {} } : {}),
          });
          expect(res.json, method).toEqual({ error: "domain_not_found" });
        }
      }
    });
  });
}
