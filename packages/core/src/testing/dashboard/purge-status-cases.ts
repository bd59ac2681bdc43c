import { describe, expect, it } from "vitest";
import { type DashboardSuiteOptions, DOMAIN_HOST, useDashboardWorld } from "./world.js";

/** `GET /dashboard/api/purge-status`: the live status of a purge, for the UI. */
export function purgeStatusCases(options: DashboardSuiteOptions): void {
  describe("purge status", () => {
    const world = useDashboardWorld(options);

    it("is pending from the purge until the re-render completes, then shows the render time", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.viewer);
      const status = async (path: string) =>
        w.send(
          "GET",
          `/dashboard/api/purge-status?domain=${DOMAIN_HOST}&path=${encodeURIComponent(path)}`,
          {
            headers: { cookie },
          },
        );
      expect((await status("/p?a=1")).json()).toEqual({
        path: "/p?a=1",
        pending: false,
        attempts: null,
        enqueuedAt: null,
        renderedAt: null,
      });
      const purged = await w.send("POST", "/dashboard/api/v1/purge-cache", {
        headers: { cookie, "x-csrf-token": csrfToken },
        body: { domain: DOMAIN_HOST, path: "/p?a=1" },
      });
      expect(purged.json()).toMatchObject({ queued: true, path: "/p?a=1" });
      const queuedAt = w.clock.now().toISOString();
      expect((await status(" /p?a=1 ")).json()).toEqual({
        path: "/p?a=1",
        pending: true,
        attempts: 0,
        enqueuedAt: queuedAt,
        renderedAt: null,
      });
      const [job] = await w.stores.purgeQueue.lease(w.clock.now(), 60_000, 10);
      expect((await status("/p?a=1")).json()).toMatchObject({ pending: true, attempts: 1 });
      const renderedAt = new Date(w.clock.now().getTime() + 1000);
      await w.stores.pages.putPage({
        domainId: w.domainId,
        pageKey: "/p?a=1",
        snapshotId: crypto.randomUUID(),
        contentHash: "h",
        status: 200,
        location: null,
        renderedAt,
        expiresAt: new Date(renderedAt.getTime() + 3600_000),
      });
      await w.stores.purgeQueue.complete(job?.jobId as string);
      expect((await status("/p?a=1&utm_source=x")).json()).toMatchObject({
        pending: false,
        renderedAt: renderedAt.toISOString(),
      });
    });

    it("checks as purge-cache does: a session, the parameters, the domain (Starter allowed)", async () => {
      const w = world();
      const anonymous = await w.send(
        "GET",
        `/dashboard/api/purge-status?domain=${DOMAIN_HOST}&path=/`,
      );
      expect(anonymous.status).toBe(401);
      const starter = await w.signIn(w.users.starter);
      const get = (query: string) =>
        w.send("GET", `/dashboard/api/purge-status?${query}`, {
          headers: { cookie: starter.cookie },
        });
      expect((await get(`domain=${DOMAIN_HOST}&path=/`)).status).toBe(200);
      expect((await get(`domain=${DOMAIN_HOST}`)).json()).toEqual({
        error: "invalid_request",
        message: "path is required",
      });
      expect((await get("path=/")).status).toBe(400);
      expect((await get(`domain=${DOMAIN_HOST}&path=nope`)).status).toBe(400);
      expect((await get("domain=other.example.com&path=/")).json()).toEqual({
        error: "domain_not_authorized",
      });
      const post = await w.send(
        "POST",
        `/dashboard/api/purge-status?domain=${DOMAIN_HOST}&path=/`,
        {
          headers: { cookie: starter.cookie, "x-csrf-token": starter.csrfToken },
        },
      );
      expect(post.status).toBe(405);
    });
  });
}
