import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

/** GET /domains/{domainId}/cache-status, and purge-cache's `variant`, through the HTTP handlers. */
export function cacheStatusCases(options: ApiSuiteOptions): void {
  describe("get-cache-status", () => {
    const w = useWorld(options);
    const url = (domainId: string, path?: string) =>
      `/domains/${domainId}/cache-status${path === undefined ? "" : `?path=${encodeURIComponent(path)}`}`;
    const empty = (variant: string) => ({
      variant,
      cached: false,
      renderedAt: null,
      expiresAt: null,
      fresh: false,
      contentHash: null,
      pendingRender: false,
    });

    it("tells each variant's render of a page: cached, fresh, pending; for any role", async () => {
      const world = w();
      const shop = world.domains.shop;
      const nothing = await world.call("GET", url(shop.domainId, "/p?b=2&utm_source=x&a=1"), {
        key: world.keys.viewer,
      });
      expect(nothing.status).toBe(200);
      expect(nothing.json).toEqual({
        path: "/p?b=2&utm_source=x&a=1",
        variants: [empty("desktop")],
      });
      const set = await world.crawlgate.admin.setDomainSettings(shop.domainId, {
        renderVariants: ["desktop", "mobile"],
      });
      expect(set.ok).toBe(true);
      const now = world.clock.now();
      const hash = "cd".repeat(32);
      await world.deps.pages.putPage({
        domainId: shop.domainId,
        pageKey: "/p?a=1&b=2",
        snapshotId: crypto.randomUUID(),
        contentHash: hash,
        status: 200,
        location: null,
        renderedAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
      });
      const purged = await world.call("POST", "/purge-cache", {
        body: { domain: shop.hostname, path: "/p?b=2&a=1", variant: "mobile" },
      });
      expect(purged.json).toMatchObject({ queued: true });
      const status = await world.call("GET", url(shop.domainId, "/p?b=2&utm_source=x&a=1"), {
        key: world.keys.viewer,
      });
      expect(status.json).toEqual({
        path: "/p?b=2&utm_source=x&a=1",
        variants: [
          {
            variant: "desktop",
            cached: true,
            renderedAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + 60_000).toISOString(),
            fresh: true,
            contentHash: hash,
            pendingRender: false,
          },
          { ...empty("mobile"), pendingRender: true },
        ],
      });
      world.clock.advance(60_000);
      const stale = await world.call("GET", url(shop.domainId, "/p?a=1&b=2"));
      expect(stale.json.variants[0]).toMatchObject({ cached: true, fresh: false });
    });

    it("purges every variant of a domain by default, one when named, none it does not keep", async () => {
      const world = w();
      const shop = world.domains.shop;
      const purge = (body: Record<string, unknown>) =>
        world.call("POST", "/purge-cache", { body: { domain: shop.hostname, ...body } });
      const refused = await purge({ path: "/q", variant: "mobile" });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: "invalid_request" });
      expect((await purge({ path: "/q", variant: "tablet" })).status).toBe(400);
      await world.crawlgate.admin.setDomainSettings(shop.domainId, {
        renderVariants: ["desktop", "mobile"],
      });
      expect((await purge({ path: "/q" })).json).toMatchObject({ queued: true });
      expect((await purge({ path: "/q", variant: "desktop" })).json).toMatchObject({
        queued: false,
      });
      const status = await world.call("GET", url(shop.domainId, "/q"));
      expect(status.json.variants.map((v: { pendingRender: boolean }) => v.pendingRender)).toEqual([
        true,
        true,
      ]);
    });

    it("refuses missing and malformed paths, unknown parameters, inaccessible domains", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      for (const bad of [
        url(shop),
        url(shop, "nope"),
        url(shop, "//evil.example/x"),
        url(shop, "/a b"),
        url(shop, `/${"a".repeat(2048)}`),
        `${url(shop, "/a")}&extra=1`,
        url("nope", "/a"),
      ]) {
        const res = await world.call("GET", bad);
        expect(res.status, bad).toBe(400);
        expect(res.json.error, bad).toBe("invalid_request");
      }
      for (const domainId of [world.domains.other.domainId, crypto.randomUUID()]) {
        const res = await world.call("GET", url(domainId, "/a"));
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: "domain_not_found" });
      }
      const starter = await world.call("GET", url(world.domains.starterSite.domainId, "/a"), {
        key: world.keys.starter,
      });
      expect(starter.json).toEqual({ error: "plan_upgrade_required" });
    });
  });
}
