import { describe, expect, it } from "vitest";
import { compareUtf8 } from "../../text/compare-utf8.js";
import {
  expectDomainsNotFound,
  expectInvalidRequests,
  expectPlanAndKeyErrors,
} from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ua = (product: string) =>
  `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${product}; +https://example.com/bot)`;

/**
 * Crawlers of the generated traffic, with the operator whose crawls they are, written by hand
 * (`null`: not an AI bot, so not counted: classic search, automation).
 */
const CRAWLERS: readonly (readonly [string, string | null])[] = [
  [ua("GPTBot/1.2"), "OpenAI"],
  [ua("ChatGPT-User/1.0"), "OpenAI"],
  [ua("OAI-SearchBot/1.0"), "OpenAI"],
  [ua("ClaudeBot/1.0"), "Anthropic"],
  [ua("PerplexityBot/1.0"), "Perplexity"],
  [ua("Google-CloudVertexBot"), "Google"],
  [ua("CCBot/2.0"), "Common Crawl Foundation"],
  [ua("Googlebot/2.1"), null],
  [ua("bingbot/2.0"), null],
  ["curl/8.5.0", null],
];

/**
 * People's visits: Referer and query, with the operator the referral is counted for, written by
 * hand (`"none"`: an AI referral of no operator; `null`: no AI referral at all).
 */
const VISITS: readonly (readonly [string | null, string, string | null])[] = [
  ["https://chatgpt.com/", "", "OpenAI"],
  [null, "?utm_source=chatgpt.com", "OpenAI"],
  ["https://claude.ai/chat/1", "", "Anthropic"],
  ["https://www.perplexity.ai/search?q=x", "", "Perplexity"],
  ["https://gemini.google.com/app", "", "Google"],
  ["https://copilot.microsoft.com/", "", "Microsoft"],
  ["https://grok.com/", "", "none"],
  ["https://newchat.ai/", "", "none"],
  ["https://www.google.com/", "", null],
  [null, "", null],
];

interface Seen {
  ts: string;
  path: string;
  userAgent: string;
  referer?: string | null;
  query?: string;
}

/** Sends requests through the one recording rule, as the edge does, and waits until stored. */
async function traffic(world: ApiWorld, domainId: string, requests: readonly Seen[]) {
  await Promise.all(
    requests.map(
      (r) =>
        world.crawlgate.ingest.recordRequest({
          domainId,
          ts: new Date(r.ts),
          path: r.path,
          query: r.query ?? "",
          referer: r.referer ?? null,
          siteHost: "shop.example.com",
          userAgent: r.userAgent,
          ip: "198.51.100.4",
          servedFrom: "origin",
          status: 200,
          bytes: 100,
        }).result,
    ),
  );
}

const many = (n: number, seen: Seen): Seen[] => Array.from({ length: n }, () => seen);

/** crawls ÷ referrals rounded half up to 2 decimals, on big integers. */
function referenceRatio(crawls: number, referrals: number): number | null {
  if (referrals === 0) return null;
  const c = BigInt(crawls);
  const r = BigInt(referrals);
  return Number((200n * c + r) / (2n * r)) / 100;
}

/** export-crawl-to-refer through the HTTP handlers. The world's today is 2026-11-20. */
export function crawlToReferCases(options: ApiSuiteOptions): void {
  describe("export-crawl-to-refer", () => {
    const w = useWorld(options);

    it("answers page crawls of each AI operator's bots against its referrals, and its top paths", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const gptbot = (CRAWLERS[0] as readonly [string, string])[0];
      await traffic(world, shop, [
        ...many(3, { ts: "2026-11-19T08:00:00.000Z", path: "/pricing", userAgent: gptbot }),
        { ts: "2026-11-20T08:00:00.000Z", path: "/docs", userAgent: gptbot },
        // Static files are not page crawls.
        ...many(2, { ts: "2026-11-20T08:00:00.000Z", path: "/app.js", userAgent: gptbot }),
        { ts: "2026-11-20T08:00:00.000Z", path: "/pricing", userAgent: ua("ChatGPT-User/1.0") },
        ...many(2, {
          ts: "2026-11-19T09:00:00.000Z",
          path: "/docs",
          userAgent: ua("ClaudeBot/1.0"),
        }),
        // A classic search crawler is no AI operator's.
        ...many(5, {
          ts: "2026-11-19T09:00:00.000Z",
          path: "/pricing",
          userAgent: ua("Googlebot/2.1"),
        }),
        // Before the 7-day window.
        { ts: "2026-11-10T09:00:00.000Z", path: "/old", userAgent: gptbot },
        ...many(2, {
          ts: "2026-11-19T10:00:00.000Z",
          path: "/pricing",
          userAgent: BROWSER,
          referer: "https://chatgpt.com/",
        }),
        {
          ts: "2026-11-20T07:00:00.000Z",
          path: "/docs",
          userAgent: BROWSER,
          query: "?utm_source=chatgpt.com",
        },
        {
          ts: "2026-11-20T07:00:00.000Z",
          path: "/pricing",
          userAgent: BROWSER,
          referer: "https://gemini.google.com/app",
        },
        {
          ts: "2026-11-20T07:00:00.000Z",
          path: "/pricing",
          userAgent: BROWSER,
          referer: "https://grok.com/",
        },
        {
          ts: "2026-11-20T07:00:00.000Z",
          path: "/pricing",
          userAgent: BROWSER,
          referer: "https://www.google.com/",
        },
      ]);
      const res = await world.call("POST", "/export-crawl-to-refer", {
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
        "definitionsVersion",
        "groupBy",
        "operators",
        "unattributedReferrals",
      ]);
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        userId: world.users.owner.userId,
        domain: "shop.example.com",
        domainId: shop,
        role: "owner",
        definitionsVersion: "1.1",
        groupBy: "operator",
        unattributedReferrals: 1,
      });
      expect(res.json.operators).toEqual([
        { operator: "OpenAI", crawls: 5, referrals: 3, ratio: 1.67 },
        { operator: "Anthropic", crawls: 2, referrals: 0, ratio: null },
        { operator: "Google", crawls: 0, referrals: 1, ratio: 0 },
      ]);

      const byPath = await world.call("POST", "/export-crawl-to-refer", {
        key: world.keys.viewer,
        body: { domainId: shop, startDate: "2026-11-14", groupBy: "path" },
      });
      expect(byPath.status).toBe(200);
      expect(byPath.json).toMatchObject({ period: null, role: "viewer", groupBy: "path" });
      expect(byPath.json.operators).toEqual([
        {
          operator: "OpenAI",
          crawls: 5,
          referrals: 3,
          ratio: 1.67,
          paths: [
            { path: "/pricing", crawls: 4, referrals: 2, ratio: 2 },
            { path: "/docs", crawls: 1, referrals: 1, ratio: 1 },
          ],
          pathCount: 2,
        },
        {
          operator: "Anthropic",
          crawls: 2,
          referrals: 0,
          ratio: null,
          paths: [{ path: "/docs", crawls: 2, referrals: 0, ratio: null }],
          pathCount: 1,
        },
        {
          operator: "Google",
          crawls: 0,
          referrals: 1,
          ratio: 0,
          paths: [{ path: "/pricing", crawls: 0, referrals: 1, ratio: 0 }],
          pathCount: 1,
        },
      ]);
    });

    it("counts equal a reference over generated crawls and referrals, per operator and path", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      let seed = 20261127;
      const next = (n: number) => {
        seed = Math.imul(seed, 1103515245) + 12345;
        return ((seed >>> 8) & 0xffffff) % n;
      };
      // 26 pages (more than the 20 listed per operator), static files and a scanner probe.
      const pages = [...Array.from({ length: 25 }, (_, i) => `/p/${i}`), "/blog/é"];
      const paths = [...pages, "/app.js", "/logo.PNG", "/wp-login.php"];
      const requests: (Seen & { operator: string | null; crawler: boolean })[] = [];
      for (let i = 0; i < 400; i++) {
        // Days 0..34 before today: some fall before the 30-day window.
        const back = next(35);
        const hour = back === 0 ? next(10) : next(24);
        const ts = new Date(Date.parse("2026-11-20T00:00:00.000Z") - back * 86_400_000);
        ts.setUTCHours(hour, next(60));
        const path = paths[next(paths.length)] as string;
        if (next(2) === 0) {
          const [userAgent, operator] = CRAWLERS[next(CRAWLERS.length)] as (typeof CRAWLERS)[0];
          requests.push({ ts: ts.toISOString(), path, userAgent, operator, crawler: true });
        } else {
          const [referer, query, operator] = VISITS[next(VISITS.length)] as (typeof VISITS)[0];
          requests.push({
            ts: ts.toISOString(),
            path,
            userAgent: BROWSER,
            referer,
            query,
            operator,
            crawler: false,
          });
        }
      }
      await traffic(world, shop, requests);

      // The reference, from the generated requests alone.
      const inWindow = (ts: string) => ts >= "2026-10-22" && ts < "2026-11-21";
      const cells = new Map<string, Map<string, { crawls: number; referrals: number }>>();
      let unattributed = 0;
      for (const r of requests) {
        if (!inWindow(r.ts) || !pages.includes(r.path) || r.operator === null) continue;
        if (r.operator === "none") {
          unattributed++;
          continue;
        }
        const byPath = cells.get(r.operator) ?? new Map();
        cells.set(r.operator, byPath);
        const cell = byPath.get(r.path) ?? { crawls: 0, referrals: 0 };
        byPath.set(r.path, cell);
        if (r.crawler) cell.crawls++;
        else cell.referrals++;
      }
      const byCounts = (
        a: { crawls: number; referrals: number },
        b: { crawls: number; referrals: number },
      ) => b.crawls - a.crawls || b.referrals - a.referrals;
      const expected = [...cells].map(([operator, byPath]) => {
        const rows = [...byPath].map(([path, c]) => ({
          path,
          ...c,
          ratio: referenceRatio(c.crawls, c.referrals),
        }));
        const crawls = rows.reduce((s, r) => s + r.crawls, 0);
        const referrals = rows.reduce((s, r) => s + r.referrals, 0);
        rows.sort((a, b) => byCounts(a, b) || compareUtf8(a.path, b.path));
        return {
          operator,
          crawls,
          referrals,
          ratio: referenceRatio(crawls, referrals),
          paths: rows.slice(0, 20),
          pathCount: rows.length,
        };
      });
      expected.sort((a, b) => byCounts(a, b) || compareUtf8(a.operator, b.operator));

      const res = await world.call("POST", "/export-crawl-to-refer", {
        body: { domainId: shop, period: "30d", groupBy: "path" },
      });
      expect(res.status).toBe(200);
      expect(res.json.operators).toEqual(expected);
      expect(res.json.unattributedReferrals).toBe(unattributed);
      const totals = await world.call("POST", "/export-crawl-to-refer", {
        body: { domainId: shop, period: "30d" },
      });
      expect(totals.json.operators).toEqual(
        expected.map(({ paths: _, pathCount: __, ...row }) => row),
      );
      // The traffic reaches every case: truncated paths, ratios and operators without referrals.
      expect(expected.some((o) => o.pathCount > 20)).toBe(true);
      expect(expected.some((o) => o.ratio === null)).toBe(true);
      expect(expected.some((o) => o.ratio !== null && o.ratio > 0)).toBe(true);
      expect(unattributed).toBeGreaterThan(0);
    });

    it("clamps a start before the cutover and refuses a window that ends before it", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const clamped = await world.call("POST", "/export-crawl-to-refer", {
        body: { domainId: shop, startDate: "2026-07-01", endDate: "2026-07-20" },
      });
      expect(clamped.status).toBe(200);
      expect(clamped.json).toMatchObject({
        startDate: "2026-07-09",
        requestedStartDate: "2026-07-01",
        endDate: "2026-07-20",
        operators: [],
        unattributedReferrals: 0,
      });
      const plain = await world.call("POST", "/export-crawl-to-refer", {
        body: { domainId: shop },
      });
      expect("requestedStartDate" in plain.json).toBe(false);
      await expectInvalidRequests(
        (body) => world.call("POST", "/export-crawl-to-refer", { body }),
        [[{ domainId: shop, startDate: "2026-06-01", endDate: "2026-07-08" }, /before 2026-07-09/]],
      );
    });

    it("refuses bad windows, bad IDs, bad groupBy, unknown fields, inaccessible domains and Starter", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      const call = (body: unknown) => world.call("POST", "/export-crawl-to-refer", { body });
      await expectInvalidRequests(call, [
        [{}, /domainId is required/],
        [{ domainId: "nope" }, /domainId must be a UUID/],
        [{ domainId, period: "7d", startDate: "2026-11-01" }, /period cannot be combined/],
        [{ domainId, endDate: "2026-11-01" }, /endDate requires startDate/],
        [{ domainId, period: "14d" }, /period must be one of/],
        [{ domainId, startDate: "2026-11-21" }, /future/],
        [{ domainId, startDate: "2026-11-10", endDate: "2026-11-09" }, /after endDate/],
        [{ domainId, startDate: "2025-01-01", endDate: "2026-11-20" }, /at most 365/],
        [{ domainId, groupBy: "bot" }, /groupBy must be one of operator, path/],
        [{ domainId, botId: "gptbot" }, /unknown field: botId/],
      ]);
      await expectDomainsNotFound(world, call);
      await expectPlanAndKeyErrors(world, "/export-crawl-to-refer");
    });
  });
}
