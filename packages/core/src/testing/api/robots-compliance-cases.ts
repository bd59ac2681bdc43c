import { describe, expect, it } from "vitest";
import type { SignalKey } from "../../policy/content-signals.js";
import { DEFAULT_POLICY } from "../../policy/schema.js";
import { parseRobots } from "../../robots/parse.js";
import { referenceIsAllowed, referenceSignals } from "../../robots/reference.js";
import { referenceClassify } from "../../taxonomy/reference-classify.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import {
  expectDomainsNotFound,
  expectInvalidRequests,
  expectPlanAndKeyErrors,
} from "./export-errors.js";
import { useWorld } from "./use-world.js";
import { type ApiSuiteOptions, WORLD_ORIGIN_ROBOTS } from "./world.js";

const GPTBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** export-robots-compliance through the HTTP handlers. The world's today is 2026-11-20. */
export function robotsComplianceCases(options: ApiSuiteOptions): void {
  describe("export-robots-compliance", () => {
    const w = useWorld(options);

    it("reports what ingest judged against the robots.txt in force, per bot and day", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const { ingest } = world.crawlgate;
      await world.deps.robots.recordRobotsVersion(
        shop,
        "User-agent: *\nAllow: /\n",
        new Date("2026-11-10T00:00:00.000Z"),
      );
      const v2 = await world.deps.robots.recordRobotsVersion(
        shop,
        "User-agent: GPTBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /admin\n",
        new Date("2026-11-19T12:00:00.000Z"),
      );
      const crawl = (eventId: string, ts: string, userAgent: string, path: string) =>
        ingest.recordCrawl({
          eventId,
          domainId: shop,
          ts: new Date(ts),
          path,
          userAgent,
          ip: "198.51.100.4",
          servedFrom: "origin",
          status: 200,
          bytes: 10,
        });
      await Promise.all([
        crawl("a", "2026-11-19T08:00:00.000Z", GPTBOT, "/private/1"), // before v2: allowed
        crawl("b", "2026-11-19T13:00:00.000Z", GPTBOT, "/private/2"),
        crawl("c", "2026-11-20T09:30:00.000Z", GPTBOT, "/private/3"),
        crawl("d", "2026-11-20T09:40:00.000Z", GPTBOT, "/admin"), // its own group allows /admin
        crawl("e", "2026-11-20T09:00:00.000Z", GOOGLEBOT, "/admin/x"),
        crawl("f", "2026-11-20T09:10:00.000Z", GOOGLEBOT, "/robots.txt"),
        crawl("g", "2026-11-12T09:00:00.000Z", GOOGLEBOT, "/admin"), // outside the 7d window
      ]);
      await world.deps.robots.recordRobotsVersion(
        world.domains.blog.domainId,
        "x",
        new Date("2026-11-19T00:00:00.000Z"),
      );
      const res = await world.call("POST", "/export-robots-compliance", {
        body: { domainId: shop, period: "7d" },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "period",
        "startDate",
        "endDate",
        "userId",
        "domain",
        "domainId",
        "role",
        "summary",
        "botTotals",
        "botSeries",
        "robotsVersions",
      ]);
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        domain: "shop.example.com",
        domainId: shop,
        role: "owner",
        summary: { requests: 6, disallowedRequests: 3, signalContradictions: 0 },
      });
      expect(res.json.botTotals).toEqual({
        gptbot: {
          requests: 4,
          disallowedRequests: 2,
          signalContradictions: 0,
          lastViolationAt: "2026-11-20T09:30:00.000Z",
        },
        googlebot: {
          requests: 2,
          disallowedRequests: 1,
          signalContradictions: 0,
          lastViolationAt: "2026-11-20T09:00:00.000Z",
        },
      });
      expect(Object.keys(res.json.botTotals)).toEqual(["gptbot", "googlebot"]);
      expect(res.json.botSeries).toHaveLength(7);
      expect(res.json.botSeries[0]).toEqual({
        date: "2026-11-14",
        gptbot: { requests: 0, disallowedRequests: 0, signalContradictions: 0 },
        googlebot: { requests: 0, disallowedRequests: 0, signalContradictions: 0 },
      });
      expect(res.json.botSeries.slice(5)).toEqual([
        {
          date: "2026-11-19",
          gptbot: { requests: 2, disallowedRequests: 1, signalContradictions: 0 },
          googlebot: { requests: 0, disallowedRequests: 0, signalContradictions: 0 },
        },
        {
          date: "2026-11-20",
          gptbot: { requests: 2, disallowedRequests: 1, signalContradictions: 0 },
          googlebot: { requests: 2, disallowedRequests: 1, signalContradictions: 0 },
        },
      ]);
      expect(res.json.robotsVersions).toEqual([
        {
          effectiveFrom: "2026-11-10T00:00:00.000Z",
          contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
        { effectiveFrom: "2026-11-19T12:00:00.000Z", contentHash: v2.version.contentHash },
      ]);
      const oneDay = await world.call("POST", "/export-robots-compliance", {
        key: world.keys.viewer,
        body: { domainId: shop, startDate: "2026-11-20" },
      });
      expect(oneDay.status).toBe(200);
      expect(oneDay.json.role).toBe("viewer");
      expect(oneDay.json.period).toBeNull();
      expect(
        oneDay.json.robotsVersions.map((v: { effectiveFrom: string }) => v.effectiveFrom),
      ).toEqual(["2026-11-19T12:00:00.000Z"]);
    });

    it("counts (disallowed, signal contradictions) equal a reference over generated traffic and robots.txt versions", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      let seed = 20261120;
      const next = (n: number) => {
        seed = Math.imul(seed, 1103515245) + 12345;
        return ((seed >>> 8) & 0xffffff) % n;
      };
      // Versions carry Content-Signal lines and aipref rules (site-wide and path-scoped, in the
      // bots' own groups and in *), so the contradictions are judged per version, path and intent.
      const texts = [
        "User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nContent-Usage: /a/ train-ai=y\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /\nAllow: /a/ok$\n",
        "User-agent: Googlebot\nDisallow: /*.pdf$\n\nUser-agent: ClaudeBot\nUser-agent: CCBot\nContent-Usage: train-ai=n\nContent-Usage: /b/ train-ai=y\nDisallow: /b\n\nUser-agent: *\nContent-Signal: ai-input=yes\nContent-Usage: /*.pdf search=n\nContent-Usage: /doc search=y\n",
      ];
      const versions = [0, 1, 0].map((t, i) => ({
        at: Date.parse(`2026-11-${14 + i * 2}T06:00:00.000Z`),
        text: texts[t] as string,
      }));
      for (const v of versions)
        await world.deps.robots.recordRobotsVersion(shop, v.text, new Date(v.at));
      const uas = [
        GPTBOT,
        GOOGLEBOT,
        "ClaudeBot/1.0",
        "CCBot/2.0",
        "curl/8.5.0",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
      ];
      const paths = [
        "/",
        "/a",
        "/a/ok",
        "/a/ok/x",
        "/b/c",
        "/doc.pdf",
        "/doc.pdf?x=1",
        "/robots.txt",
      ];
      const crawls = Array.from({ length: 200 }, (_, i) => ({
        eventId: `g${i}`,
        ts: new Date(
          Date.parse("2026-11-13T00:00:00.000Z") + next(8) * 86_400_000 + next(86_400) * 1000,
        ),
        userAgent: uas[next(uas.length)] as string,
        path: paths[next(paths.length)] as string,
      }));
      await Promise.all(
        crawls.map((c) =>
          world.crawlgate.ingest.recordCrawl({
            ...c,
            domainId: shop,
            ip: "198.51.100.4",
            servedFrom: "origin",
            status: 200,
            bytes: 1,
          }),
        ),
      );
      const taxonomy = getTaxonomy() as Taxonomy;
      const expected: Record<
        string,
        {
          requests: number;
          disallowedRequests: number;
          signalContradictions: number;
          lastViolationAt: string | null;
        }
      > = {};
      const intentKey: Record<string, SignalKey> = {
        training: "aiTrain",
        "answer-fetch": "aiInput",
        "search-index": "search",
      };
      for (const c of crawls) {
        const botId = referenceClassify(taxonomy, c.userAgent);
        const inForce = versions.filter((v) => v.at <= c.ts.getTime()).at(-1);
        if (inForce === undefined) continue; // no robots.txt in force: not counted
        const definition = taxonomy.botById(botId);
        const agent = definition?.robots ?? { tokens: [] };
        const disallowed = !referenceIsAllowed(parseRobots(inForce.text), agent, c.path);
        const key = intentKey[definition?.intent ?? ""];
        const stated = referenceSignals(inForce.text, agent, c.path);
        const bot = expected[botId] ?? {
          requests: 0,
          disallowedRequests: 0,
          signalContradictions: 0,
          lastViolationAt: null,
        };
        expected[botId] = bot;
        bot.requests++;
        if (key !== undefined && stated[key] === "no") bot.signalContradictions++;
        if (disallowed) {
          bot.disallowedRequests++;
          const ts = c.ts.toISOString();
          if (bot.lastViolationAt === null || ts > bot.lastViolationAt) bot.lastViolationAt = ts;
        }
      }
      const res = await world.call("POST", "/export-robots-compliance", {
        body: { domainId: shop, period: "30d" },
      });
      expect(res.status).toBe(200);
      expect(res.json.botTotals).toEqual(expected);
      expect(Object.values(expected).some((b) => b.disallowedRequests > 0)).toBe(true);
      for (const botId of ["gptbot", "claudebot", "chatgpt-user", "oai-searchbot"])
        expect(expected[botId]?.signalContradictions).toBeGreaterThan(0);
      expect(res.json.summary.signalContradictions).toBe(
        Object.values(expected).reduce((n, b) => n + b.signalContradictions, 0),
      );
    });

    it("answers empty counts for a domain without robots.txt or crawls", async () => {
      const world = w();
      const res = await world.call("POST", "/export-robots-compliance", {
        body: { domainId: world.domains.blog.domainId },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        period: "30d",
        summary: { requests: 0, disallowedRequests: 0, signalContradictions: 0 },
        botTotals: {},
        robotsVersions: [],
      });
      expect(res.json.botSeries).toHaveLength(30);
      expect(res.json.botSeries[29]).toEqual({ date: "2026-11-20" });
    });

    it("refuses bad windows, bad IDs, unknown fields, inaccessible domains and Starter", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      const call = (body: unknown) => world.call("POST", "/export-robots-compliance", { body });
      await expectInvalidRequests(call, [
        [{}, /domainId is required/],
        [{ domainId: "nope" }, /domainId must be a UUID/],
        [{ domainId, period: "7d", startDate: "2026-11-01" }, /period cannot be combined/],
        [{ domainId, endDate: "2026-11-01" }, /endDate requires startDate/],
        [{ domainId, period: "14d" }, /period must be one of/],
        [{ domainId, startDate: "2026-11-21" }, /future/],
        [{ domainId, startDate: "2025-01-01", endDate: "2026-11-20" }, /at most 365/],
        [{ domainId, botId: "gptbot" }, /unknown field: botId/],
      ]);
      await expectDomainsNotFound(world, call);
      await expectPlanAndKeyErrors(world, "/export-robots-compliance");
    });
  });
}

/** GET /domains/{domainId}/robots-txt through the HTTP handlers. */
export function robotsTxtPreviewCases(options: ApiSuiteOptions): void {
  describe("get-robots-txt", () => {
    const w = useWorld(options);
    const path = (domainId: string) => `/domains/${domainId}/robots-txt`;

    it("previews the origin's file merged with the policy's blocked crawlers, for any role", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const plain = await world.call("GET", path(shop), { key: world.keys.viewer });
      expect(plain.status).toBe(200);
      expect(plain.json).toEqual({
        domainId: shop,
        domain: "shop.example.com",
        role: "viewer",
        robotsTxt: WORLD_ORIGIN_ROBOTS,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        originFound: true,
        blockedBots: [],
        servedVersion: null,
      });
      await world.deps.rules.replacePolicy(
        shop,
        {
          ...DEFAULT_POLICY,
          rules: [
            {
              match: { type: "botId", value: "gptbot" },
              path: null,
              action: { type: "block", status: 402, message: null },
            },
          ],
        },
        world.clock.now(),
      );
      const merged = await world.call("GET", path(shop));
      expect(merged.json.robotsTxt).toBe(
        `# crawlgate: generated from the crawler policy (blocked crawlers)\nUser-agent: GPTBot\nDisallow: /\n\n# crawlgate: the origin's robots.txt follows\n${WORLD_ORIGIN_ROBOTS}`,
      );
      expect(merged.json.blockedBots).toEqual([{ botId: "gptbot", tokens: ["GPTBot"] }]);
      expect(merged.json.contentHash).not.toBe(plain.json.contentHash);
      // A preview stores no version.
      expect(await world.deps.robots.listRobotsVersions(shop)).toEqual([]);
      await world.deps.robots.recordRobotsVersion(shop, merged.json.robotsTxt, world.clock.now());
      const served = await world.call("GET", path(shop));
      expect(served.json.servedVersion).toEqual({
        effectiveFrom: "2026-11-20T10:00:00.000Z",
        contentHash: merged.json.contentHash,
      });
    });

    it("answers a domain without origin with the generated groups only", async () => {
      const world = w();
      const res = await world.call("GET", path(world.domains.blog.domainId));
      expect(res.status).toBe(200);
      expect(res.json.originFound).toBe(false);
      expect(res.json.robotsTxt).toBe("");
    });

    it("refuses bad IDs, inaccessible domains, Starter and missing keys", async () => {
      const world = w();
      const bad = await world.call("GET", path("nope"));
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe("invalid_request");
      for (const domainId of [world.domains.other.domainId, crypto.randomUUID()]) {
        const res = await world.call("GET", path(domainId));
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: "domain_not_found" });
      }
      const starter = await world.call("GET", path(world.domains.starterSite.domainId), {
        key: world.keys.starter,
      });
      expect(starter.status).toBe(403);
      expect(starter.json).toEqual({ error: "plan_upgrade_required" });
      const anonymous = await world.call("GET", path(world.domains.shop.domainId), { key: null });
      expect(anonymous.status).toBe(401);
    });
  });
}
