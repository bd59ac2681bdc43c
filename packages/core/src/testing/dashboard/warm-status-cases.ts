import { describe, expect, it } from "vitest";
import { type DashboardSuiteOptions, useDashboardWorld } from "./world.js";

/** `GET /dashboard/api/warm-status`: renders waiting per lane and this hour's budget. */
export function warmStatusCases(options: DashboardSuiteOptions): void {
  describe("warm status", () => {
    const world = useDashboardWorld(options);

    it("counts the domain's waiting renders by lane and this hour's budget, for any role", async () => {
      const w = world();
      const { cookie } = await w.signIn(w.users.viewer);
      const now = w.clock.now();
      await w.crawlgate.admin.setWarmSettings(w.domainId, {
        rendersPerHour: 10,
        scheduled: true,
        sitemapUrls: ["https://shop.example.com/sitemap.xml"],
      });
      expect(await w.stores.warming.takeWarmBudget(w.domainId, now, 3, 10)).toBe(3);
      for (const path of ["/a", "/b", "/c"]) {
        await w.stores.purgeQueue.enqueuePurge(w.domainId, path, now, "warm");
      }
      await w.stores.purgeQueue.enqueuePurge(w.domainId, "/d", now);
      await w.stores.purgeQueue.enqueuePurge(crypto.randomUUID(), "/a", now, "warm");
      const res = await w.send("GET", `/dashboard/api/warm-status?domainId=${w.domainId}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({
        domainId: w.domainId,
        hostname: "shop.example.com",
        role: "viewer",
        pendingRenders: { purge: 1, warm: 3, refresh: 0 },
        rendersPerHour: 10,
        usedThisHour: 3,
        scheduled: true,
        sitemapUrls: ["https://shop.example.com/sitemap.xml"],
      });
    });

    it("refuses without a session, a bad domainId, another user's domain", async () => {
      const w = world();
      const url = (query: string) => `/dashboard/api/warm-status?${query}`;
      expect((await w.send("GET", url(`domainId=${w.domainId}`))).status).toBe(401);
      const { cookie } = await w.signIn(w.users.viewer);
      const get = (query: string) => w.send("GET", url(query), { headers: { cookie } });
      for (const bad of ["", "domainId=nope"]) {
        const res = await get(bad);
        expect(res.status, bad).toBe(400);
        expect(res.json(), bad).toMatchObject({ error: "invalid_request" });
      }
      const other = await get(`domainId=${crypto.randomUUID()}`);
      expect([other.status, other.json()]).toEqual([404, { error: "domain_not_found" }]);
      const post = await w.send("POST", url(`domainId=${w.domainId}`), { headers: { cookie } });
      expect(post.status).toBe(405);
    });
  });
}
