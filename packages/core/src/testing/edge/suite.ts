import { describe, expect, it } from "vitest";
import type { CrawlgateDeps } from "../../crawlgate.js";
import { createCrawlgate } from "../../crawlgate.js";
import type { MarkdownConverter, Stores } from "../../ports/index.js";
import { createFetchRenderer } from "../../render/fetch-renderer.js";
import { createFakeClock } from "../fixtures.js";
import { type Harness, useHarness } from "../harness.js";
import { markdownEdgeCases } from "./markdown-cases.js";
import { createOriginSite } from "./origin-site.js";
import { policyEdgeCases } from "./policy-cases.js";
import { purgeEdgeCases, purgePath } from "./purge-cases.js";
import { signalHeaderEdgeCases } from "./signal-header-cases.js";
import {
  BROWSER,
  CLIENT_IP,
  type EdgeBridgeFactory,
  type EdgeWorld,
  GOOGLEBOT,
  HOST,
  TEST_CLIENT_IP_HEADER,
} from "./world.js";

export type { EdgeBridgeFactory, EdgeCall, EdgeReply } from "./world.js";
export { TEST_CLIENT_IP_HEADER } from "./world.js";

/**
 * One edge world: memory-like stores from `makeStores`, a fake clock, the origin site rendered by
 * the fetch renderer, one user, key and domain, behind `bridge`; `deps` adds to the instance's
 * deps (a Web Bot Auth verifier, for one).
 */
export async function createEdgeWorld(
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: EdgeBridgeFactory,
  deps: Partial<CrawlgateDeps> = {},
): Promise<Harness<EdgeWorld>> {
  const stores = makeStores();
  const clock = createFakeClock("2026-11-20T10:00:00.000Z");
  const origin = createOriginSite();
  const crawlgate = createCrawlgate(
    {
      ...stores,
      clock,
      renderer: createFetchRenderer({ fetch: origin.fetch }),
      fetch: null,
      ...deps,
    },
    { edge: { renderBudgetMs: 150, hotCacheMs: 0, pageCacheTtlSeconds: 3600 } },
  );
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, {
    originUrl: origin.originUrl,
  });
  if (!key.ok || !domain.ok) throw new Error("setup failed");
  const client = await bridge(crawlgate, origin, CLIENT_IP);
  const worker = crawlgate.jobs.find((j) => j.name === "page_worker");
  if (!worker) throw new Error("no page_worker job");
  return {
    crawlgate,
    stores: stores as Stores,
    clock,
    origin,
    domainId: domain.value.domainId,
    apiKey: key.value.key,
    send: (call) => {
      // Each request a little later, so that crawl rows keep the order they were made in.
      clock.advance(10);
      return client.send({
        method: call.method ?? "GET",
        host: call.host ?? HOST,
        path: call.path,
        headers: {
          ...(call.headers ?? { "user-agent": GOOGLEBOT }),
          ...(call.clientIp ? { [TEST_CLIENT_IP_HEADER]: call.clientIp } : {}),
        },
      });
    },
    work: () => worker.run(clock.now()),
    async crawls() {
      await crawlgate.ingest.close();
      return stores.crawls.listCrawls(
        domain.value.domainId,
        new Date(0),
        new Date("2100-01-01T00:00:00.000Z"),
        1000,
      );
    },
    teardown: async () => {
      await client.teardown?.();
      await crawlgate.close();
    },
  };
}

/**
 * The edge data plane's shared cases, run against each bridge (Express, fetch) over memory
 * stores, a fake clock and the in-process origin site rendered by the fetch renderer; the
 * Markdown cases with `markdown` (`createMarkdownConverter()` of `@crawlgate/markdown`).
 */
export function edgeSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: EdgeBridgeFactory,
  markdown: MarkdownConverter,
): void {
  describe(`edge data plane: ${name}`, () => {
    const world = useHarness<EdgeWorld>(() => createEdgeWorld(makeStores, bridge));

    policyEdgeCases(world);
    purgeEdgeCases(world);
    signalHeaderEdgeCases(world);

    it("renders a crawler's miss, then serves it from the cache", async () => {
      const w = world();
      const first = await w.send({ path: "/about?utm_source=x" });
      expect(first.status).toBe(200);
      expect(first.headers["x-crawlgate-served-from"]).toBe("render");
      expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(first.body).toContain("<h1>Page /about</h1>");
      const second = await w.send({ path: "/about" });
      expect(second.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(second.body).toBe(first.body);
      // The tracking parameter was not part of the page: one render for both requests.
      expect(w.origin.hits).toEqual(["GET /about"]);
    });

    it("serves a stale page and queues its re-render; the worker refreshes it", async () => {
      const w = world();
      const first = await w.send({ path: "/live" });
      expect(first.body).toContain("Live version 1");
      w.clock.advance(3601_000);
      const stale = await w.send({ path: "/live" });
      expect(stale.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(stale.body).toContain("Live version 1");
      await expect.poll(() => w.stores.purgeQueue.pendingCount()).toBe(1);
      await w.work();
      const fresh = await w.send({ path: "/live" });
      expect(fresh.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(fresh.body).toContain("Live version 2");
    });

    it("passes humans to the origin and records AI referrals, not crawls", async () => {
      const w = world();
      const reply = await w.send({
        path: "/about",
        headers: { "user-agent": BROWSER, referer: "https://chatgpt.com/" },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(reply.body).toContain("Page /about");
      expect(await w.stores.pages.getPage(w.domainId, "/about")).toBeNull();
      expect(await w.crawls()).toEqual([]);
      const referrals = await w.stores.referrals.referralDayCounts(
        w.domainId,
        "2026-11-20",
        "2026-11-20",
      );
      expect(referrals).toEqual([{ day: "2026-11-20", source: "chatgpt", count: 1 }]);
    });

    it("records by ingest's rule: no crawler's probe, no person's asset, a person's tagged page", async () => {
      const w = world();
      const probe = await w.send({ path: "/wp-login.php" });
      expect(probe.headers["x-crawlgate-served-from"]).toBe("origin");
      await w.send({
        path: "/app.js",
        headers: { "user-agent": BROWSER, referer: "https://chatgpt.com/" },
      });
      await w.send({ path: "/about?utm_source=perplexity", headers: { "user-agent": BROWSER } });
      // A scanner probe is never rendered, even for a taxonomy bot.
      expect(w.origin.hits).toEqual([
        "GET /wp-login.php",
        "GET /app.js",
        "GET /about?utm_source=perplexity",
      ]);
      expect(await w.crawls()).toEqual([]);
      const referrals = await w.stores.referrals.referralDayCounts(
        w.domainId,
        "2026-11-20",
        "2026-11-20",
      );
      expect(referrals).toEqual([{ day: "2026-11-20", source: "perplexity", count: 1 }]);
    });

    it("sends static assets and non-GET methods to the origin, recorded as origin", async () => {
      const w = world();
      const asset = await w.send({ path: "/app.js" });
      expect(asset.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(asset.body).toBe("var x=1;");
      const post = await w.send({ method: "POST", path: "/about" });
      expect(post.headers["x-crawlgate-served-from"]).toBe("origin");
      const rows = await w.crawls();
      expect(rows.map((r) => [r.path, r.servedFrom, r.status, r.bytes, r.contentHash])).toEqual([
        ["/app.js", "origin", 200, 8, null],
        ["/about", "origin", 200, post.body.length, null],
      ]);
    });

    it("answers HEAD from the cache with no body", async () => {
      const w = world();
      await w.send({ path: "/about" });
      const head = await w.send({ method: "HEAD", path: "/about" });
      expect(head.status).toBe(200);
      expect(head.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(head.body).toBe("");
      const rows = await w.crawls();
      expect(rows.map((r) => r.bytes)[1]).toBe(0);
    });

    it("lets a matching rule win over the page cache", async () => {
      const w = world();
      await w.send({ path: "/about" });
      const created = await w.crawlgate.api.handle({
        method: "POST",
        path: `/functions/v1/domains/${w.domainId}/routing-rules`,
        query: {},
        headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
        body: new TextEncoder().encode(
          JSON.stringify({ sourcePath: "/about", targetUrl: "/company", ruleType: "redirect" }),
        ),
      });
      expect(created.status).toBe(201);
      const reply = await w.send({ path: "/about" });
      expect(reply.status).toBe(301);
      expect(reply.headers.location).toBe("/company");
    });

    it("serves the status a page declares, also from the cache", async () => {
      const w = world();
      const first = await w.send({ path: "/missing" });
      expect([first.status, first.headers["x-crawlgate-served-from"]]).toEqual([404, "render"]);
      const second = await w.send({ path: "/missing" });
      expect([second.status, second.headers["x-crawlgate-served-from"]]).toEqual([404, "cache"]);
      expect(second.body).toContain("Gone");
    });

    it("never caches an origin 5xx, and a 5xx never replaces a good page", async () => {
      const w = world();
      const broken = await w.send({ path: "/broken" });
      expect([broken.status, broken.headers["x-crawlgate-served-from"]]).toEqual([500, "origin"]);
      expect(await w.stores.pages.getPage(w.domainId, "/broken")).toBeNull();

      const good = await w.send({ path: "/flaky" });
      expect(good.headers["x-crawlgate-served-from"]).toBe("render");
      const cached = await w.stores.pages.getPage(w.domainId, "/flaky");
      w.origin.breakFlaky();
      await purgePath(w, "/flaky");
      await w.work();
      expect(await w.stores.pages.getPage(w.domainId, "/flaky")).toEqual(cached);
      const after = await w.send({ path: "/flaky" });
      expect([after.status, after.headers["x-crawlgate-served-from"]]).toEqual([200, "cache"]);
      expect(after.body).toContain("Flaky but fine");
    });

    it("falls back to the origin when a render runs out of its budget", async () => {
      const w = world();
      const reply = await w.send({ path: "/slow" });
      expect(reply.status).toBe(200);
      expect(reply.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(reply.body).toContain("Slow");
      const rows = await w.crawls();
      expect(rows.map((r) => r.servedFrom)).toEqual(["origin"]);
    });

    it("leaves unknown hosts alone", async () => {
      const w = world();
      const reply = await w.send({ path: "/about", host: "unknown.example.net" });
      expect(reply.status).toBe(404);
      expect(reply.headers["x-crawlgate-served-from"]).toBeUndefined();
      expect(await w.crawls()).toEqual([]);
    });

    it("counts render, cache and origin outcomes in export-user-analytics", async () => {
      const w = world();
      await w.send({ path: "/about" }); // render
      await w.send({ path: "/about" }); // cache
      await w.send({ path: "/about" }); // cache
      await w.send({ path: "/app.js" }); // origin
      await w.crawlgate.close();
      const response = await w.crawlgate.api.handle({
        method: "POST",
        path: "/functions/v1/export-user-analytics",
        query: {},
        headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
        body: new TextEncoder().encode(JSON.stringify({ period: "1d" })),
      });
      expect(response.status).toBe(200);
      const body = JSON.parse(String(response.body));
      expect(body.domains[0].summary).toEqual({
        totalCrawls: 4,
        prerenders: 1,
        cachedViews: 2,
        cacheMisses: 2,
        cacheHitRate: 50,
      });
    });

    it("records each crawl with what was served, its snapshot and no address", async () => {
      const w = world();
      const render = await w.send({ path: "/about" });
      await w.send({
        path: "/about",
        headers: { "user-agent": GOOGLEBOT, "accept-encoding": "gzip" },
      });
      const page = await w.stores.pages.getPage(w.domainId, "/about");
      const rows = await w.crawls();
      expect(rows.map((r) => [r.servedFrom, r.status, r.contentHash, r.snapshotId])).toEqual([
        ["render", 200, page?.contentHash, page?.snapshotId],
        ["cache", 200, page?.contentHash, page?.snapshotId],
      ]);
      expect(rows[0]?.bytes).toBe(new TextEncoder().encode(render.body).byteLength);
      expect(rows[0]).toMatchObject({ botId: "googlebot", path: "/about" });
      expect(JSON.stringify(rows)).not.toContain(CLIENT_IP);
      const snapshot = await w.stores.snapshots.getSnapshot(page?.snapshotId ?? "");
      expect(snapshot).toMatchObject({ path: "/about", renderStatus: 200 });
    });
  });
  // Its own worlds (a converter in the deps), outside the describe whose world it would not use.
  describe(`edge data plane: ${name}`, () => {
    markdownEdgeCases((deps) => createEdgeWorld(makeStores, bridge, deps), markdown);
  });
}
