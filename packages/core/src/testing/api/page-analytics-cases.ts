import { describe, expect, it } from "vitest";
import { encodeCursor } from "../../cursor/cursor.js";
import type { CrawlRecord } from "../../types.js";
import { at, recordCrawls } from "./crawl-rows.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

/** `n` crawls of a path on a day (googlebot, declared unless given). */
function crawls(n: number, day: string, row: Partial<CrawlRecord>): Partial<CrawlRecord>[] {
  return Array.from({ length: n }, () => ({ ts: at(day), ...row }));
}

const record = (world: ApiWorld, rows: Partial<CrawlRecord>[], pathCap = 1000) =>
  recordCrawls(world, world.domains.shop.domainId, rows, pathCap);

const RESPONSE_FIELDS = [
  "generatedAt",
  "period",
  "startDate",
  "endDate",
  "granularity",
  "userId",
  "legacyCutover",
  "domain",
  "domainId",
  "role",
  "pageCount",
  "pages",
  "nextCursor",
];

/** The response fields with an optional one in its place, before `before`. */
function fieldsWith(field: string, before: string): string[] {
  const fields = [...RESPONSE_FIELDS];
  fields.splice(fields.indexOf(before), 0, field);
  return fields;
}

/** export-page-analytics through the HTTP handlers. The world's today is 2026-11-20. */
export function pageAnalyticsCases(options: ApiSuiteOptions): void {
  describe("export-page-analytics", () => {
    const w = useWorld(options);
    const call = (body: Record<string, unknown>, key?: string) =>
      w().call("POST", "/export-page-analytics", { body, ...(key ? { key } : {}) });
    const shop = () => w().domains.shop.domainId;

    it("ranks pages with tiers, bots, a daily series and the overflow apart", async () => {
      const world = w();
      await record(world, [
        ...crawls(2, "2026-11-18", { path: "/a", botId: "googlebot", verdict: "verified" }),
        ...crawls(1, "2026-11-20", { path: "/a", botId: "gptbot", verdict: "declared" }),
        ...crawls(1, "2026-11-19", { path: "/a", botId: "unknown", verdict: "automation" }),
        ...crawls(3, "2026-11-19", { path: "/b", botId: "gptbot", verdict: "declared" }),
        ...crawls(9, "2026-11-13", { path: "/old" }),
      ]);
      await record(world, crawls(2, "2026-11-19", { path: "/c", verdict: "unknown" }), 2);
      const res = await call({ domainId: shop(), period: "7d" });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(fieldsWith("overflow", "nextCursor"));
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        granularity: "day",
        userId: world.users.owner.userId,
        legacyCutover: "2026-07-09",
        domain: "shop.example.com",
        domainId: shop(),
        role: "owner",
        pageCount: 2,
        overflow: { verified: 0, declared: 0, unknown: 2, total: 2 },
        nextCursor: null,
      });
      const [a, b] = res.json.pages;
      expect(res.json.pages).toHaveLength(2);
      expect(Object.keys(a)).toEqual(["path", "total", "tiers", "bots", "series"]);
      expect(a).toMatchObject({
        path: "/a",
        total: 4,
        tiers: { verified: 2, declared: 1, unknown: 1 },
        bots: {
          googlebot: { verified: 2, declared: 0, unknown: 0, total: 2 },
          gptbot: { verified: 0, declared: 1, unknown: 0, total: 1 },
          unknown: { verified: 0, declared: 0, unknown: 1, total: 1 },
        },
      });
      expect(Object.keys(a.bots)).toEqual(["googlebot", "gptbot", "unknown"]);
      expect(a.series).toHaveLength(7);
      expect(a.series[0]).toEqual({
        bucketStart: "2026-11-14",
        bucketEnd: "2026-11-14",
        verified: 0,
        declared: 0,
        unknown: 0,
        total: 0,
      });
      expect(a.series[4]).toEqual({
        bucketStart: "2026-11-18",
        bucketEnd: "2026-11-18",
        verified: 2,
        declared: 0,
        unknown: 0,
        total: 2,
      });
      expect(b).toMatchObject({
        path: "/b",
        total: 3,
        tiers: { verified: 0, declared: 3, unknown: 0 },
      });
      expect(res.json.pages.map((p: { path: string }) => p.path)).not.toContain("__overflow__");
    });

    it("omits overflow when there is none, series when series is false; empty domain gives no pages", async () => {
      await record(w(), crawls(1, "2026-11-19", { path: "/x" }));
      const res = await call({ domainId: shop(), series: false });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(RESPONSE_FIELDS);
      expect(Object.keys(res.json.pages[0])).toEqual(["path", "total", "tiers", "bots"]);
      expect(res.json).toMatchObject({ period: "30d", startDate: "2026-10-22", pageCount: 1 });
      const empty = await call({ domainId: w().domains.blog.domainId });
      expect(empty.json).toMatchObject({
        pageCount: 0,
        pages: [],
        nextCursor: null,
        role: "owner",
      });
    });

    it("clamps a start before the cutover and reports requestedStartDate; auto is week over 90 days", async () => {
      await record(w(), [
        ...crawls(2, "2026-07-09", { path: "/p" }),
        ...crawls(1, "2026-07-15", { path: "/p" }),
        ...crawls(4, "2026-11-20", { path: "/p", verdict: "verified" }),
      ]);
      const res = await call({ domainId: shop(), period: "365d" });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(fieldsWith("requestedStartDate", "granularity"));
      expect(res.json).toMatchObject({
        period: "365d",
        startDate: "2026-07-09",
        endDate: "2026-11-20",
        requestedStartDate: "2025-11-21",
        granularity: "week",
      });
      const [page] = res.json.pages;
      expect(page.total).toBe(7);
      // 135 days from 2026-07-09: 19 full weeks and a 2-day last bucket.
      expect(page.series).toHaveLength(20);
      expect(page.series[0]).toMatchObject({
        bucketStart: "2026-07-09",
        bucketEnd: "2026-07-15",
        declared: 3,
        total: 3,
      });
      expect(page.series[19]).toMatchObject({
        bucketStart: "2026-11-19",
        bucketEnd: "2026-11-20",
        verified: 4,
        total: 4,
      });
      const explicit = await call({
        domainId: shop(),
        startDate: "2026-07-01",
        endDate: "2026-07-10",
      });
      expect(explicit.json).toMatchObject({
        period: null,
        startDate: "2026-07-09",
        endDate: "2026-07-10",
        requestedStartDate: "2026-07-01",
        granularity: "day",
      });
      expect(explicit.json.pages[0].series).toHaveLength(2);
    });

    it("anchors week buckets at the start, the last one partial, with exact window sums", async () => {
      await record(w(), [
        ...crawls(1, "2026-11-01", { path: "/w" }),
        ...crawls(2, "2026-11-08", { path: "/w" }),
        ...crawls(3, "2026-11-14", { path: "/w" }),
        ...crawls(4, "2026-11-20", { path: "/w" }),
      ]);
      const res = await call({ domainId: shop(), startDate: "2026-11-01", granularity: "week" });
      expect(res.json.granularity).toBe("week");
      const [page] = res.json.pages;
      expect(page.total).toBe(10);
      expect(
        page.series.map((s: { bucketStart: string; bucketEnd: string; total: number }) => [
          s.bucketStart,
          s.bucketEnd,
          s.total,
        ]),
      ).toEqual([
        ["2026-11-01", "2026-11-07", 1],
        ["2026-11-08", "2026-11-14", 5],
        ["2026-11-15", "2026-11-20", 4],
      ]);
    });

    it("path reads exactly one page, however many pages out-rank it", async () => {
      // 501 deeper paths crawled more than /docs itself: /docs is past the largest page (500).
      const deeper = Array.from({ length: 501 }, (_, i) => `/docs/${String(i).padStart(3, "0")}`);
      await record(w(), [
        ...deeper.flatMap((path) => crawls(3, "2026-11-19", { path })),
        ...crawls(1, "2026-11-18", { path: "/docs", botId: "gptbot", verdict: "declared" }),
        ...crawls(1, "2026-11-20", { path: "/docs", botId: "googlebot", verdict: "verified" }),
        ...crawls(4, "2026-11-20", { path: "/Docs" }),
      ]);
      const ranked = await call({
        domainId: shop(),
        period: "7d",
        pathPrefix: "/docs",
        pageSize: 500,
      });
      expect(ranked.json.pageCount).toBe(502);
      expect(ranked.json.pages.map((p: { path: string }) => p.path)).not.toContain("/docs");

      const exact = await call({ domainId: shop(), period: "7d", path: "/docs" });
      expect(exact.status).toBe(200);
      expect(Object.keys(exact.json)).toEqual(RESPONSE_FIELDS);
      expect(exact.json).toMatchObject({ pageCount: 1, nextCursor: null });
      expect(exact.json.pages).toHaveLength(1);
      expect(exact.json.pages[0]).toMatchObject({
        path: "/docs",
        total: 2,
        tiers: { verified: 1, declared: 1, unknown: 0 },
        bots: {
          googlebot: { verified: 1, declared: 0, unknown: 0, total: 1 },
          gptbot: { verified: 0, declared: 1, unknown: 0, total: 1 },
        },
      });
      expect(exact.json.pages[0].series).toHaveLength(7);
      // The same row as the ranking gives a page it lists (here /docs/000, with its series).
      const listed = ranked.json.pages.find((p: { path: string }) => p.path === "/docs/000");
      const one = await call({ domainId: shop(), period: "7d", path: "/docs/000" });
      expect(one.json.pages).toEqual([listed]);

      // Exact: no other letter case, no prefix; the filters still apply; nothing is no page.
      const none = { pageCount: 0, pages: [], nextCursor: null };
      expect((await call({ domainId: shop(), period: "7d", path: "/DOCS" })).json).toMatchObject(
        none,
      );
      expect((await call({ domainId: shop(), period: "7d", path: "/doc" })).json).toMatchObject(
        none,
      );
      const verified = await call({
        domainId: shop(),
        period: "7d",
        path: "/docs",
        tier: "verified",
      });
      expect(verified.json.pages[0]).toMatchObject({ total: 1, tiers: { verified: 1 } });
      const elsewhere = { domainId: shop(), period: "7d", path: "/docs", pathPrefix: "/blog" };
      expect((await call(elsewhere)).json).toMatchObject(none);
      const earlier = await call({ domainId: shop(), period: "1d", path: "/docs" });
      expect(earlier.json.pages[0]).toMatchObject({ total: 1, tiers: { verified: 1 } });
    });

    it("filters by bots (series per bot), tiers and a literal prefix; sorts by verified", async () => {
      await record(w(), [
        ...crawls(5, "2026-11-19", { path: "/50%_off", botId: "gptbot", verdict: "declared" }),
        ...crawls(1, "2026-11-19", { path: "/50%_off", botId: "googlebot", verdict: "verified" }),
        ...crawls(2, "2026-11-20", { path: "/500_off", botId: "googlebot", verdict: "verified" }),
        ...crawls(3, "2026-11-20", { path: "/blog", botId: "bingbot", verdict: "declared" }),
      ]);
      const byVerified = await call({ domainId: shop(), period: "7d", sortBy: "verified" });
      expect(byVerified.json.pages.map((p: { path: string }) => p.path)).toEqual([
        "/500_off",
        "/50%_off",
        "/blog",
      ]);
      const literal = await call({ domainId: shop(), pathPrefix: "/50%_", period: "1d" });
      expect(literal.json).toMatchObject({ pageCount: 0, pages: [] });
      const prefixed = await call({ domainId: shop(), pathPrefix: "/50%_", period: "7d" });
      expect(prefixed.json.pages.map((p: { path: string }) => p.path)).toEqual(["/50%_off"]);

      const bots = await call({
        domainId: shop(),
        period: "7d",
        botId: ["googlebot", "gptbot", "googlebot"],
        tier: "verified",
      });
      expect(bots.json.pageCount).toBe(2);
      const [first, second] = bots.json.pages;
      expect(first).toMatchObject({ path: "/500_off", total: 2 });
      expect(second).toMatchObject({
        path: "/50%_off",
        total: 1,
        tiers: { verified: 1, declared: 0, unknown: 0 },
        bots: { googlebot: { verified: 1, declared: 0, unknown: 0, total: 1 } },
      });
      expect(second.series[5]).toEqual({
        bucketStart: "2026-11-19",
        bucketEnd: "2026-11-19",
        googlebot: { verified: 1, declared: 0, unknown: 0 },
        gptbot: { verified: 0, declared: 0, unknown: 0 },
      });
    });

    it("walks every matching path exactly once, in order, with a cursor pinning all but series", async () => {
      const world = w();
      const counts = [5, 3, 3, 3, 2, 1, 1];
      const rows: Partial<CrawlRecord>[] = [];
      counts.forEach((n, i) => {
        rows.push(...crawls(n, "2026-11-18", { path: `/p${6 - i}` }));
      });
      await record(world, rows);
      const first = await call({ domainId: shop(), period: "7d", pageSize: 3 });
      expect(first.json.pages.map((p: { path: string }) => p.path)).toEqual(["/p6", "/p3", "/p4"]);
      const seen: string[] = first.json.pages.map((p: { path: string }) => p.path);
      let cursor = first.json.nextCursor as string | null;
      // Past midnight: the pinned window does not move.
      world.clock.advance(15 * 3_600_000);
      let n = 0;
      while (cursor) {
        const next = await call({
          cursor,
          series: n !== 0,
          pageSize: 100,
          period: "1d",
        });
        expect(next.status).toBe(200);
        expect(next.json).toMatchObject({
          period: null,
          startDate: "2026-11-14",
          endDate: "2026-11-20",
          granularity: "day",
          pageCount: 7,
        });
        expect(next.json.pages.length).toBeLessThanOrEqual(3);
        expect("series" in next.json.pages[0]).toBe(n !== 0);
        seen.push(...next.json.pages.map((p: { path: string }) => p.path));
        cursor = next.json.nextCursor;
        n++;
      }
      expect(seen).toEqual(["/p6", "/p3", "/p4", "/p5", "/p2", "/p0", "/p1"]);
    });

    it("gives no next cursor when the last page is exactly full", async () => {
      await record(w(), [
        ...crawls(2, "2026-11-19", { path: "/a" }),
        ...crawls(1, "2026-11-19", { path: "/b" }),
      ]);
      const res = await call({ domainId: shop(), pageSize: 2 });
      expect(res.json.pages).toHaveLength(2);
      expect(res.json.nextCursor).toBeNull();
    });

    it("refuses tampered cursors and cursors of another caller or endpoint", async () => {
      const world = w();
      await record(world, [
        ...crawls(2, "2026-11-19", { path: "/a" }),
        ...crawls(1, "2026-11-19", { path: "/b" }),
      ]);
      const first = await call({ domainId: shop(), pageSize: 1 });
      const cursor = first.json.nextCursor as string;
      const parts = cursor.split(".");
      const body = parts[2] as string;
      parts[2] = `${body.slice(0, -2)}${body.endsWith("A") ? "B" : "A"}${body.slice(-1)}`;
      const signedElsewhere = (endpoint: string, payload: Record<string, unknown>) =>
        encodeCursor(world.crawlgate.signing, {
          endpoint,
          userId: world.users.owner.userId,
          payload,
          issuedAt: world.clock.now(),
        });
      const valid = JSON.parse(
        new TextDecoder().decode(
          Uint8Array.from(atob(body.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
        ),
      ).p;
      for (const [token, key] of [
        [parts.join("."), world.keys.owner],
        ["garbage", world.keys.owner],
        [cursor, world.keys.manager],
        [await signedElsewhere("export-page-snapshots", valid), world.keys.owner],
        [await signedElsewhere("export-page-analytics", { ...valid, n: 9999 }), world.keys.owner],
      ] as const) {
        const res = await call({ cursor: token }, key);
        expect(res.status, token).toBe(400);
        expect(res.json.error).toBe("invalid_cursor");
        expect(typeof res.json.message).toBe("string");
      }
      expect(
        (await call({ cursor: await signedElsewhere("export-page-analytics", valid) })).status,
      ).toBe(200);
    });

    it("answers 400 invalid_request naming each invalid field", async () => {
      const d = shop();
      const cases: [Record<string, unknown>, RegExp][] = [
        [{}, /domainId/],
        [{ domainId: "not-a-uuid" }, /domainId/],
        [{ domainId: d, period: "14d" }, /period/],
        [{ domainId: d, period: "7d", startDate: "2026-11-01" }, /period/],
        [{ domainId: d, endDate: "2026-11-01" }, /endDate/],
        [{ domainId: d, startDate: "2026-11-31" }, /startDate/],
        [{ domainId: d, startDate: "2026-11-21" }, /future/],
        [{ domainId: d, startDate: "2026-06-01", endDate: "2026-07-08" }, /2026-07-09/],
        [{ domainId: d, startDate: "2026-07-09", granularity: "day" }, /granularity/],
        [{ domainId: d, granularity: "month" }, /granularity/],
        [{ domainId: d, sortBy: "bytes" }, /sortBy/],
        [{ domainId: d, pageSize: 0 }, /pageSize/],
        [{ domainId: d, pageSize: 501 }, /pageSize/],
        [{ domainId: d, pageSize: 1.5 }, /pageSize/],
        [{ domainId: d, pageSize: "10" }, /pageSize/],
        [{ domainId: d, botId: "nosuchbot" }, /botId/],
        [{ domainId: d, botId: [] }, /botId/],
        [{ domainId: d, botId: 5 }, /botId/],
        [{ domainId: d, tier: "automation" }, /tier/],
        [{ domainId: d, tier: ["verified", 1] }, /tier/],
        [{ domainId: d, pathPrefix: "blog" }, /pathPrefix/],
        [{ domainId: d, pathPrefix: "" }, /pathPrefix/],
        [{ domainId: d, pathPrefix: "/a\nb" }, /pathPrefix/],
        [{ domainId: d, pathPrefix: `/${"a".repeat(2048)}` }, /pathPrefix/],
        [{ domainId: d, path: "docs" }, /^path must be a path starting with "\/"/],
        [{ domainId: d, path: "" }, /^path must/],
        [{ domainId: d, path: "/a\tb" }, /^path must/],
        [{ domainId: d, path: ["/a"] }, /^path must/],
        [{ domainId: d, series: "yes" }, /series/],
        [{ domainId: d, domain_id: d }, /domain_id/],
        [{ cursor: "x", extra: 1 }, /extra/],
      ];
      for (const [body, message] of cases) {
        const res = await call(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error, JSON.stringify(body)).toBe("invalid_request");
        expect(res.json.message, JSON.stringify(body)).toMatch(message);
      }
      // 90 days is still day granularity.
      const ninety = await call({ domainId: d, period: "90d", granularity: "day" });
      expect(ninety.json.granularity).toBe("day");
    });

    it("answers 404 for an inaccessible domain, 403 on Starter, 401 without a key", async () => {
      const other = await call({ domainId: w().domains.other.domainId });
      expect(other.status).toBe(404);
      expect(other.json.error).toBe("domain_not_found");
      const viewer = await call({ domainId: shop() }, w().keys.viewer);
      expect(viewer.json).toMatchObject({ role: "viewer" });
      const starter = await call({ domainId: w().domains.starterSite.domainId }, w().keys.starter);
      expect(starter.status).toBe(403);
      expect(starter.json.error).toBe("plan_upgrade_required");
      const anonymous = await w().call("POST", "/export-page-analytics", { key: null, body: {} });
      expect(anonymous.status).toBe(401);
    });
  });
}
