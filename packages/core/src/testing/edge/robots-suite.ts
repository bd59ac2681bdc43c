import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CrawlgateDeps } from "../../crawlgate.js";
import { createCrawlgate } from "../../crawlgate.js";
import type { FetchLike, Stores } from "../../ports/index.js";
import { createFakeClock } from "../fixtures.js";
import { useHarness } from "../harness.js";
import { createOriginSite } from "./origin-site.js";
import type { EdgeBridgeFactory } from "./suite.js";

const HOST = "shop.example.com";
const GPTBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const ORIGIN_ROBOTS = "User-agent: *\nDisallow: /admin\n\nUser-agent: GPTBot\nAllow: /\n";
const BLOCK_TRAINING = {
  rules: [
    {
      match: { type: "intent", value: "training" },
      path: null,
      action: { type: "block", status: 403, message: null },
    },
  ],
  defaultAction: { type: "allow" },
  impostorProtection: false,
} as const;

/** An origin file with its own preference lines, some of which the policy overrides. */
const ORIGIN_WITH_SIGNALS = [
  "# The shop's own robots.txt",
  "License: https://shop.example.com/old-license.xml",
  "User-agent: *",
  "Content-Signal: search=yes, ai-train=yes",
  "Content-Usage: /blog/ search=n",
  "Disallow: /admin",
  "",
  "User-agent: GPTBot",
  "Content-Signal: ai-input=no",
  "Allow: /",
  "Sitemap: https://shop.example.com/sitemap.xml",
  "",
].join("\n");
/** Every signal and a path override of each kind, and a licence. */
const SIGNALS_POLICY = {
  rules: [],
  defaultAction: { type: "allow" },
  impostorProtection: false,
  contentSignals: { search: "yes", aiInput: "yes", aiTrain: "no" },
  contentSignalPaths: [
    { path: "/blog/*", aiTrain: "yes" },
    { path: "/p/:id/reviews", search: "no", aiInput: "no" },
    { path: "/drafts/*", aiInput: "no" },
  ],
  licenseUrl: "https://shop.example.com/license.xml",
} as const;
/** One blocked crawler and two site-wide signals. */
const BLOCK_AND_SIGNAL = {
  rules: [
    {
      match: { type: "botId", value: "ccbot" },
      path: null,
      action: { type: "block", status: 403, message: null },
    },
  ],
  defaultAction: { type: "allow" },
  impostorProtection: false,
  contentSignals: { search: "yes", aiTrain: "no" },
} as const;

/** A golden robots.txt (`golden/*.robots.txt`), compared line by line. */
const golden = (name: string) =>
  readFileSync(new URL(`./golden/${name}.robots.txt`, import.meta.url), "utf8").split("\n");

/**
 * `/robots.txt` on a customer's host, through each bridge: the origin's file merged with the
 * crawler policy's groups, cached, versioned, and what the preview endpoint shows.
 */
export function edgeRobotsSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: EdgeBridgeFactory,
): void {
  describe(`edge robots.txt: ${name}`, () => {
    const world = useHarness(async () => {
      const stores = makeStores();
      const clock = createFakeClock("2026-11-20T10:00:00.000Z");
      const site = createOriginSite();
      const origin = { status: 200, body: ORIGIN_ROBOTS, fetches: 0 };
      const answer: typeof site.answer = async (method, target) => {
        if (target.split("?", 1)[0] !== "/robots.txt") return site.answer(method, target);
        return {
          status: origin.status,
          headers: { "content-type": "text/plain" },
          body: origin.body,
        };
      };
      const originFetch: FetchLike = async (url, init) => {
        const target = new URL(url);
        if (target.pathname === "/robots.txt") origin.fetches++;
        if (origin.status === 0) throw new Error("connection refused");
        const reply = await answer(init.method ?? "GET", target.pathname + target.search);
        return new Response(reply.body, { status: reply.status, headers: reply.headers });
      };
      const crawlgate = createCrawlgate({
        ...stores,
        clock,
        originFetch,
        renderer: null,
        fetch: null,
      });
      const user = await crawlgate.admin.createUser("owner", "pro");
      if (!user.ok) throw new Error(user.message);
      const key = await crawlgate.admin.createKey(user.value.userId);
      const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, {
        originUrl: site.originUrl,
      });
      if (!key.ok || !domain.ok) throw new Error("setup failed");
      const client = await bridge(crawlgate, { ...site, answer, fetch: originFetch }, "192.0.2.10");
      const domainId = domain.value.domainId;
      return {
        crawlgate,
        stores: stores as Stores,
        clock,
        origin,
        domainId,
        send: (path: string, userAgent = GPTBOT, method = "GET") => {
          clock.advance(10);
          return client.send({ method, host: HOST, path, headers: { "user-agent": userAgent } });
        },
        async setPolicy(policy: unknown) {
          const res = await crawlgate.api.handle({
            method: "PUT",
            path: `/functions/v1/domains/${domainId}/crawler-policy`,
            query: {},
            headers: {
              authorization: `Bearer ${key.value.key}`,
              "content-type": "application/json",
            },
            body: new TextEncoder().encode(JSON.stringify(policy)),
          });
          if (res.status !== 200 && res.status !== 404)
            throw new Error(`policy refused: ${res.status}`);
          if (res.status === 404) {
            // Before the policy endpoint exists: save it and refresh the settings directly.
            await stores.rules.replacePolicy(domainId, policy as never, clock.now());
            await stores.settingsCache.invalidate(domainId);
          }
        },
        async preview() {
          const res = await crawlgate.api.handle({
            method: "GET",
            path: `/functions/v1/domains/${domainId}/robots-txt`,
            query: {},
            headers: { authorization: `Bearer ${key.value.key}` },
            body: null,
          });
          const text =
            typeof res.body === "string"
              ? res.body
              : new TextDecoder().decode(res.body ?? new Uint8Array());
          return { status: res.status, json: JSON.parse(text) };
        },
        teardown: async () => {
          await client.teardown?.();
          await crawlgate.close();
        },
      };
    });

    it("serves the origin's file as it is when the policy blocks nobody", async () => {
      const w = world();
      const reply = await w.send("/robots.txt");
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(reply.body).toBe(ORIGIN_ROBOTS);
      const head = await w.send("/robots.txt", GPTBOT, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body).toBe("");
      expect(w.origin.fetches).toBe(1);
    });

    it("merges the policy's blocked crawlers, applies a policy change on the next request and stores each version", async () => {
      const w = world();
      await w.send("/robots.txt");
      await w.setPolicy(BLOCK_TRAINING);
      const reply = await w.send("/robots.txt");
      expect(reply.body).toMatch(/^# crawlgate: generated from the crawler policy/);
      expect(reply.body).toContain("User-agent: GPTBot\n");
      expect(reply.body).toContain("User-agent: ClaudeBot\n");
      expect(reply.body).toContain("# crawlgate (blocked by policy): User-agent: GPTBot\n");
      expect(reply.body).toContain("User-agent: *\nDisallow: /admin\n");
      // The same text again stores nothing new.
      await w.send("/robots.txt");
      const versions = await w.stores.robots.listRobotsVersions(w.domainId);
      expect(versions.map((v) => v.text)).toEqual([ORIGIN_ROBOTS, reply.body]);
      const preview = await w.preview();
      expect(preview.status).toBe(200);
      expect(preview.json.robotsTxt).toBe(reply.body);
      expect(preview.json.servedVersion.contentHash).toBe(versions[1]?.contentHash);
      expect(preview.json.originFound).toBe(true);
      expect(preview.json.blockedBots).toContainEqual({ botId: "gptbot", tokens: ["GPTBot"] });
    });

    it("serves only the generated group when the origin has none or fails, and keeps a good copy", async () => {
      const w = world();
      await w.setPolicy(BLOCK_TRAINING);
      w.origin.status = 404;
      const missing = await w.send("/robots.txt");
      expect(missing.body).not.toContain("Disallow: /admin");
      expect(missing.body).toContain("User-agent: GPTBot\n");
      w.origin.status = 200;
      w.clock.advance(301_000);
      expect((await w.send("/robots.txt")).body).toContain("Disallow: /admin");
      w.origin.status = 0; // connection refused: the last good copy stays
      w.clock.advance(301_000);
      expect((await w.send("/robots.txt")).body).toContain("Disallow: /admin");
      expect(w.origin.fetches).toBe(3);
    });

    it("writes the policy's signals and licence into the origin's * group (golden), in the preview too", async () => {
      const w = world();
      w.origin.body = ORIGIN_WITH_SIGNALS;
      await w.setPolicy(SIGNALS_POLICY);
      const reply = await w.send("/robots.txt");
      expect(reply.status).toBe(200);
      expect(reply.body.split("\n")).toEqual(golden("signals-origin-star"));
      expect((await w.preview()).json.robotsTxt).toBe(reply.body);
    });

    it("writes a * group for an origin without one, after the blocked crawlers' group (golden)", async () => {
      const w = world();
      w.origin.body = "User-agent: GPTBot\nAllow: /\n\nUser-agent: Bingbot\nDisallow: /search\n";
      await w.setPolicy(BLOCK_AND_SIGNAL);
      const reply = await w.send("/robots.txt");
      expect(reply.body.split("\n")).toEqual(golden("signals-generated-star"));
      expect((await w.preview()).json.robotsTxt).toBe(reply.body);
    });

    it("counts requests that contradict the signal in force for their path and crawler", async () => {
      const w = world();
      w.origin.body = ORIGIN_WITH_SIGNALS;
      await w.setPolicy(SIGNALS_POLICY);
      expect((await w.send("/robots.txt")).status).toBe(200);
      // GPTBot (training): ai-train=no site-wide (from the * group: its own group leaves it
      // open), ai-train=y under /blog/.
      await w.send("/articles/1");
      await w.send("/blog/post");
      await w.crawlgate.ingest.close();
      const [counts] = await w.stores.robots.complianceDayCounts(
        w.domainId,
        "2026-11-20",
        "2026-11-20",
      );
      expect(counts).toMatchObject({ botId: "gptbot", requests: 3, signalContradictions: 1 });
    });

    it("records crawlers' robots.txt fetches and counts later disallowed requests as violations", async () => {
      const w = world();
      await w.setPolicy(BLOCK_TRAINING);
      // A blocked crawler still reads robots.txt (it says so); its page request is refused.
      expect((await w.send("/robots.txt")).status).toBe(200);
      expect((await w.send("/about")).status).toBe(403);
      await w.crawlgate.ingest.close();
      const rows = await w.stores.crawls.listCrawls(
        w.domainId,
        new Date(0),
        new Date("2100-01-01T00:00:00.000Z"),
        10,
      );
      expect(rows.map((r) => [r.path, r.botId, r.servedFrom, r.status])).toEqual([
        ["/robots.txt", "gptbot", "origin", 200],
        ["/about", "gptbot", "origin", 403],
      ]);
      expect(
        await w.stores.robots.complianceDayCounts(w.domainId, "2026-11-20", "2026-11-20"),
      ).toEqual([
        {
          day: "2026-11-20",
          botId: "gptbot",
          requests: 2,
          disallowedRequests: 1,
          signalContradictions: 0,
          lastViolationAt: rows[1]?.ts,
        },
      ]);
    });
  });
}
