import { describe, expect, it } from "vitest";
import { type DashboardSuiteOptions, useDashboardWorld } from "./world.js";

/** `GET /dashboard/api/page-freshness`: several pages' cache status at once, for top pages. */
export function pageFreshnessCases(options: DashboardSuiteOptions): void {
  describe("page freshness", () => {
    const world = useDashboardWorld(options);

    it("answers each page's cache status per variant, in the order asked, for any role", async () => {
      const w = world();
      const { cookie } = await w.signIn(w.users.viewer);
      const now = w.clock.now();
      await w.stores.pages.putPage({
        domainId: w.domainId,
        pageKey: "/a",
        snapshotId: crypto.randomUUID(),
        contentHash: "h",
        status: 200,
        location: null,
        renderedAt: now,
        expiresAt: new Date(now.getTime() + 1000),
      });
      const paths = encodeURIComponent("/b\n/a");
      const res = await w.send(
        "GET",
        `/dashboard/api/page-freshness?domainId=${w.domainId}&paths=${paths}`,
        { headers: { cookie } },
      );
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({
        pages: [
          {
            path: "/b",
            variants: [
              {
                variant: "desktop",
                cached: false,
                renderedAt: null,
                expiresAt: null,
                fresh: false,
                contentHash: null,
                pendingRender: false,
              },
            ],
          },
          {
            path: "/a",
            variants: [
              {
                variant: "desktop",
                cached: true,
                renderedAt: now.toISOString(),
                expiresAt: new Date(now.getTime() + 1000).toISOString(),
                fresh: true,
                contentHash: "h",
                pendingRender: false,
              },
            ],
          },
        ],
      });
    });

    it("refuses without a session, bad parameters, too many paths, other domains", async () => {
      const w = world();
      const url = (query: string) => `/dashboard/api/page-freshness?${query}`;
      expect((await w.send("GET", url(`domainId=${w.domainId}&paths=/`))).status).toBe(401);
      const { cookie } = await w.signIn(w.users.viewer);
      const get = (query: string) => w.send("GET", url(query), { headers: { cookie } });
      for (const bad of [
        "paths=/",
        "domainId=nope&paths=/",
        `domainId=${w.domainId}`,
        `domainId=${w.domainId}&paths=nope`,
        `domainId=${w.domainId}&paths=${encodeURIComponent(Array(101).fill("/").join("\n"))}`,
      ]) {
        const res = await get(bad);
        expect(res.status, bad).toBe(400);
        expect(res.json(), bad).toMatchObject({ error: "invalid_request" });
      }
      expect((await get(`domainId=${crypto.randomUUID()}&paths=/`)).json()).toEqual({
        error: "domain_not_found",
      });
    });
  });
}
