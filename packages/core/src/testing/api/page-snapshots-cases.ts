import { describe, expect, it } from "vitest";
import { encodeCursor } from "../../cursor/cursor.js";
import { gunzipText } from "../../snapshots/content.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import type { CrawlRecord, RenderVariant, Snapshot } from "../../types.js";
import { at, recordCrawls } from "./crawl-rows.js";
import {
  expectDomainsNotFound,
  expectInvalidRequests,
  expectPlanAndKeyErrors,
} from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

const DAY = 24 * 60 * 60 * 1000;
const PAGE = "/products/widget";
const html = (title: string) =>
  `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

const record = (world: ApiWorld, rows: Partial<CrawlRecord>[], domainId?: string) =>
  recordCrawls(
    world,
    domainId ?? world.domains.shop.domainId,
    rows.map((row) => ({ path: PAGE, ...row })),
  );

async function snapshotOf(
  world: ApiWorld,
  title: string,
  path = PAGE,
  variant: RenderVariant = "desktop",
): Promise<Snapshot> {
  const { snapshot } = await world.crawlgate.snapshots.record({
    domainId: world.domains.shop.domainId,
    path,
    html: html(title),
    renderStatus: 200,
    variant,
  });
  return snapshot;
}

const T = (verified: number, declared: number, unknown: number) => ({
  verified,
  declared,
  unknown,
});

/** export-page-snapshots through the HTTP handlers. The world's today is 2026-11-20. */
export function pageSnapshotsCases(options: ApiSuiteOptions): void {
  describe("export-page-snapshots", () => {
    const w = useWorld(options);
    const call = (body: unknown, key?: string) =>
      w().call("POST", "/export-page-snapshots", { body, ...(key ? { key } : {}) });

    it("answers one row per date with bots, served entries and the snapshots they name", async () => {
      const world = w();
      const a = await snapshotOf(world, "Widget v1");
      // The mobile render of the page (a domain with device variants).
      const b = await snapshotOf(world, "Widget v2", PAGE, "mobile");
      await record(world, [
        { ts: at("2026-11-18", 9), verdict: "verified", snapshotId: a.snapshotId },
        { ts: at("2026-11-18", 11), verdict: "verified", snapshotId: a.snapshotId },
        { ts: at("2026-11-18", 12), verdict: "declared", snapshotId: a.snapshotId },
        { ts: at("2026-11-18", 8), servedFrom: "render", snapshotId: a.snapshotId },
        { ts: at("2026-11-18", 7), servedFrom: "origin", verdict: "verified" },
        { ts: at("2026-11-18", 13), botId: "gptbot", snapshotId: b.snapshotId },
        // Stored with a trailing slash: the same page.
        { ts: at("2026-11-18", 14), path: `${PAGE}/`, botId: "gptbot", snapshotId: b.snapshotId },
        {
          ts: at("2026-11-20", 6),
          botId: "unknown",
          verdict: "automation",
          snapshotId: b.snapshotId,
        },
        // Not this page, outside the window, another domain.
        { ts: at("2026-11-18"), path: "/products" },
        { ts: at("2026-11-10"), snapshotId: a.snapshotId },
      ]);
      await record(world, [{ ts: at("2026-11-18") }], world.domains.other.domainId);

      const url = "https://shop.example.com/products/widget/?utm=x#reviews";
      const res = await call({ domainId: world.domains.shop.domainId, url, period: "7d" });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "userId",
        "legacyCutover",
        "definitionsVersion",
        "domain",
        "domainId",
        "role",
        "period",
        "startDate",
        "endDate",
        "url",
        "path",
        "rows",
        "snapshots",
        "htmlUrlExpiresAt",
        "dayCount",
        "nextCursor",
      ]);
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        userId: world.users.owner.userId,
        legacyCutover: "2026-07-09",
        domain: "shop.example.com",
        domainId: world.domains.shop.domainId,
        role: "owner",
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        url,
        path: PAGE,
        htmlUrlExpiresAt: "2026-11-21T10:00:00.000Z",
        dayCount: 2,
        nextCursor: null,
      });
      const [first, second] = res.json.rows;
      expect(res.json.rows).toHaveLength(2);
      expect(Object.keys(first)).toEqual(["day", "total", "tiers", "bots"]);
      expect(first).toMatchObject({ day: "2026-11-18", total: 7, tiers: T(3, 4, 0) });
      expect(Object.keys(first.bots)).toEqual(["googlebot", "gptbot"]);
      expect(first.bots.googlebot).toEqual({
        total: 5,
        tiers: T(3, 2, 0),
        served: [
          {
            servedFrom: "cache",
            snapshotId: a.snapshotId,
            variant: "desktop",
            tiers: T(2, 1, 0),
            total: 3,
            lastSeenAt: "2026-11-18T12:00:00.000Z",
          },
          {
            servedFrom: "origin",
            snapshotId: null,
            variant: null,
            tiers: T(1, 0, 0),
            total: 1,
            lastSeenAt: "2026-11-18T07:00:00.000Z",
          },
          {
            servedFrom: "render",
            snapshotId: a.snapshotId,
            variant: "desktop",
            tiers: T(0, 1, 0),
            total: 1,
            lastSeenAt: "2026-11-18T08:00:00.000Z",
          },
        ],
      });
      expect(first.bots.gptbot.served).toEqual([
        {
          servedFrom: "cache",
          snapshotId: b.snapshotId,
          variant: "mobile",
          tiers: T(0, 2, 0),
          total: 2,
          lastSeenAt: "2026-11-18T14:00:00.000Z",
        },
      ]);
      expect(second).toMatchObject({ day: "2026-11-20", total: 1, tiers: T(0, 0, 1) });
      expect(Object.keys(res.json.snapshots).sort()).toEqual([a.snapshotId, b.snapshotId].sort());
      const meta = res.json.snapshots[a.snapshotId];
      expect(Object.keys(meta)).toEqual([
        "contentHash",
        "renderStatus",
        "contentSizeBytes",
        "htmlUrl",
      ]);
      expect(meta).toMatchObject({
        contentHash: a.contentHash,
        renderStatus: 200,
        contentSizeBytes: a.contentSizeBytes,
      });
      // Absolute, on the request's own origin (no base URL configured).
      expect(meta.htmlUrl).toMatch(
        /^http:\/\/[^/]+\/functions\/v1\/files\/snapshots\/[0-9a-f-]{36}\?expires=/,
      );

      // Any role reads it; a bare path with a query resolves to the same page.
      const viewer = await call(
        { domainId: world.domains.shop.domainId, url: "/products/widget?x=1", period: "7d" },
        world.keys.viewer,
      );
      expect(viewer.json).toMatchObject({
        role: "viewer",
        path: PAGE,
        url: "/products/widget?x=1",
      });
      expect(viewer.json.rows).toEqual(res.json.rows);
    });

    it("answers 200 with empty rows and the resolved path for an uncrawled page", async () => {
      const world = w();
      const res = await call({ domainId: world.domains.shop.domainId, url: "/never//crawled/" });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        period: "30d",
        url: "/never//crawled/",
        path: "/never//crawled",
        rows: [],
        snapshots: {},
        dayCount: 0,
        nextCursor: null,
      });
      const root = await call({ domainId: world.domains.shop.domainId, url: "https://x.test" });
      expect(root.json.path).toBe("/");
    });

    it("clamps a window starting before the cutover and refuses one ending before it", async () => {
      const world = w();
      await record(world, [{ ts: at("2026-07-09") }]);
      const domainId = world.domains.shop.domainId;
      const res = await call({
        domainId,
        url: PAGE,
        startDate: "2026-06-01",
        endDate: "2026-07-10",
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        period: null,
        startDate: "2026-07-09",
        endDate: "2026-07-10",
        requestedStartDate: "2026-06-01",
        dayCount: 1,
      });
      expect(Object.keys(res.json).indexOf("requestedStartDate")).toBe(
        Object.keys(res.json).indexOf("endDate") + 1,
      );
      const before = await call({
        domainId,
        url: PAGE,
        startDate: "2026-06-01",
        endDate: "2026-07-08",
      });
      expect(before.status).toBe(400);
      expect(before.json.error).toBe("invalid_request");
      expect(before.json.message).toMatch(/before 2026-07-09/);
    });

    it("filters by botId and tier", async () => {
      const world = w();
      await record(world, [
        { ts: at("2026-11-19"), verdict: "verified" },
        { ts: at("2026-11-19"), verdict: "declared" },
        { ts: at("2026-11-19"), botId: "gptbot", verdict: "verified" },
        { ts: at("2026-11-20"), botId: "bingbot", verdict: "verified" },
      ]);
      const domainId = world.domains.shop.domainId;
      const res = await call({
        domainId,
        url: PAGE,
        botId: ["googlebot", "gptbot", "googlebot"],
        tier: "verified",
      });
      expect(res.json.rows).toHaveLength(1);
      expect(res.json.rows[0]).toMatchObject({ day: "2026-11-19", total: 2, tiers: T(2, 0, 0) });
      expect(Object.keys(res.json.rows[0].bots)).toEqual(["googlebot", "gptbot"]);
      const single = await call({ domainId, url: PAGE, botId: "bingbot" });
      expect(single.json.rows.map((r: { day: string }) => r.day)).toEqual(["2026-11-20"]);
    });

    it("pages by dates with data, never splitting one, with cursors that pin the query", async () => {
      const world = w();
      const days = ["2026-11-12", "2026-11-14", "2026-11-15", "2026-11-17", "2026-11-20"];
      await record(
        world,
        days.flatMap((day) => [
          { ts: at(day, 1) },
          { ts: at(day, 2), botId: "gptbot" },
          { ts: at(day, 3), servedFrom: "render" as const },
        ]),
      );
      const domainId = world.domains.shop.domainId;
      const first = await call({
        domainId,
        url: `https://shop.example.com${PAGE}`,
        startDate: "2026-11-10",
        pageSize: 2,
        botId: "googlebot",
      });
      expect(first.json.dayCount).toBe(2);
      expect(first.json.period).toBeNull();
      const seen = [...first.json.rows];
      let cursor = first.json.nextCursor;
      const pages = [first.json];
      while (cursor) {
        // Everything else sent next to a cursor is ignored: the cursor pins the query.
        const next = await call({ cursor, pageSize: 400, botId: "gptbot", url: "/other" });
        expect(next.status).toBe(200);
        pages.push(next.json);
        seen.push(...next.json.rows);
        cursor = next.json.nextCursor;
      }
      expect(pages.map((p) => p.dayCount)).toEqual([2, 2, 1]);
      for (const page of pages.slice(1)) {
        expect(page).toMatchObject({
          period: null,
          startDate: "2026-11-10",
          endDate: "2026-11-20",
          url: `https://shop.example.com${PAGE}`,
          path: PAGE,
        });
      }
      expect(seen.map((r) => r.day)).toEqual(days);
      for (const row of seen) {
        expect(Object.keys(row.bots)).toEqual(["googlebot"]);
        expect(row.total).toBe(2);
      }
      const exact = await call({ domainId, url: PAGE, startDate: "2026-11-10", pageSize: 5 });
      expect(exact.json).toMatchObject({ dayCount: 5, nextCursor: null });
    });

    it("refuses tampered, foreign and other endpoints' cursors as invalid_cursor", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      await record(world, [{ ts: at("2026-11-18") }, { ts: at("2026-11-19") }]);
      const res = await call({ domainId, url: PAGE, pageSize: 1 });
      const cursor: string = res.json.nextCursor;
      expect(cursor).toEqual(expect.any(String));
      const flipped = `${cursor.slice(0, 20)}${cursor[20] === "A" ? "B" : "A"}${cursor.slice(21)}`;
      const foreign = await encodeCursor(world.crawlgate.signing, {
        endpoint: "export-page-analytics",
        userId: world.users.owner.userId,
        payload: {},
        issuedAt: world.clock.now(),
      });
      const cases: [unknown, string | undefined][] = [
        ["garbage", undefined],
        [flipped, undefined],
        [cursor, world.keys.manager],
        [foreign, undefined],
        [7, undefined],
      ];
      for (const [token, key] of cases) {
        const bad = await call({ cursor: token }, key);
        expect(bad.status, String(token)).toBe(400);
        expect(bad.json.error).toBe("invalid_cursor");
        expect(bad.json.message).toEqual(expect.any(String));
      }
      world.clock.advance(DAY + 1000);
      expect((await call({ cursor })).json.error).toBe("invalid_cursor");
    });

    it("keeps a cursor for the longest url and every bot under the cursor cap", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      const url = `/${"é".repeat(511)}a`; // 1024 bytes, the most allowed
      await record(world, [
        { ts: at("2026-11-18"), path: new URL(`http://x${url}`).pathname },
        { ts: at("2026-11-19"), path: new URL(`http://x${url}`).pathname },
      ]);
      const botId = (getTaxonomy() as Taxonomy).bots.map((b) => b.botId);
      const res = await call({ domainId, url, pageSize: 1, botId });
      expect(res.status).toBe(200);
      expect(res.json.rows).toHaveLength(1);
      const next = await call({ cursor: res.json.nextCursor });
      expect(next.json).toMatchObject({ url, dayCount: 1, nextCursor: null });
      const tooLong = await call({ domainId, url: `${url}x` });
      expect(tooLong.json.message).toMatch(/at most 1024 bytes/);
    });

    it("hands out htmlUrls that download the gzip HTML, and null once the HTML is dropped", async () => {
      const world = w();
      const old = await snapshotOf(world, "Widget, summer edition");
      world.clock.advance(40 * DAY);
      const fresh = await snapshotOf(world, "Widget, autumn edition");
      await world.crawlgate.snapshots.dropExpiredHtml(
        new Date(world.clock.now().getTime() - 30 * DAY),
      );
      await record(world, [
        { ts: new Date(world.clock.now().getTime() - 2 * DAY), snapshotId: old.snapshotId },
        { ts: new Date(world.clock.now().getTime() - DAY), snapshotId: fresh.snapshotId },
      ]);
      const res = await call({ domainId: world.domains.shop.domainId, url: PAGE });
      expect(res.status).toBe(200);
      expect(res.json.snapshots[old.snapshotId]).toEqual({
        contentHash: old.contentHash,
        renderStatus: 200,
        contentSizeBytes: old.contentSizeBytes,
        htmlUrl: null,
      });
      const link: string = res.json.snapshots[fresh.snapshotId].htmlUrl;
      const download = await world.call("GET", link, { key: null });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await gunzipText(download.bytes)).toBe(html("Widget, autumn edition"));
    });

    it("builds links on the request's origin, never on X-Forwarded-* the bridge does not trust", async () => {
      const world = w();
      const a = await snapshotOf(world, "Widget v1");
      await record(world, [{ ts: at("2026-11-19"), snapshotId: a.snapshotId }]);
      const res = await world.call("POST", "/export-page-snapshots", {
        body: { domainId: world.domains.shop.domainId, url: PAGE },
        headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      });
      const link = new URL(res.json.snapshots[a.snapshotId].htmlUrl);
      expect(link.protocol).toBe("http:");
      expect(link.host).not.toBe("evil.example");
      const download = await world.call("GET", link.href, { key: null });
      expect(await gunzipText(download.bytes)).toBe(html("Widget v1"));
    });

    it("describes only the domain's own snapshots", async () => {
      const world = w();
      const { snapshot: theirs } = await world.crawlgate.snapshots.record({
        domainId: world.domains.other.domainId,
        path: PAGE,
        html: html("theirs"),
        renderStatus: 200,
      });
      await record(world, [{ ts: at("2026-11-19"), snapshotId: theirs.snapshotId }]);
      const res = await call({ domainId: world.domains.shop.domainId, url: PAGE });
      expect(res.json.rows[0].bots.googlebot.served[0].snapshotId).toBe(theirs.snapshotId);
      expect(res.json.snapshots).toEqual({});
    });

    it("refuses missing and invalid parameters, and inaccessible domains", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      const bad = [
        [{ url: PAGE }, /domainId is required/],
        [{ domainId }, /url is required/],
        [{ domainId: "nope", url: PAGE }, /domainId must be a UUID/],
        [{ domainId, url: "products/widget" }, /url must be/],
        [{ domainId, url: "ftp://shop.example.com/a" }, /url must be/],
        [{ domainId, url: "https://" }, /url must be/],
        [{ domainId, url: "" }, /url must be/],
        [{ domainId, url: 7 }, /url must be/],
        [{ domainId, url: PAGE, period: "14d" }, /period must be one of/],
        [
          { domainId, url: PAGE, period: "7d", startDate: "2026-11-01" },
          /period cannot be combined/,
        ],
        [{ domainId, url: PAGE, startDate: "2026-11-21" }, /future/],
        [{ domainId, url: PAGE, pageSize: 0 }, /pageSize must be an integer from 1 to 400/],
        [{ domainId, url: PAGE, pageSize: 401 }, /pageSize/],
        [{ domainId, url: PAGE, pageSize: 1.5 }, /pageSize/],
        [{ domainId, url: PAGE, pageSize: "5" }, /pageSize/],
        [{ domainId, url: PAGE, botId: "nobot" }, /botId has an invalid value: nobot/],
        [{ domainId, url: PAGE, botId: [] }, /botId must be/],
        [{ domainId, url: PAGE, botId: [1] }, /botId must be/],
        [{ domainId, url: PAGE, tier: "automation" }, /tier has an invalid value/],
        [{ domainId, url: PAGE, tier: {} }, /tier must be/],
        [{ domainId, url: PAGE, path: PAGE }, /^unknown field: path$/],
        // The field the body lacks, when the unknown one would do for it; a typo's fix.
        [{ domainId, path: PAGE }, /^unknown field: path \(did you mean url\?\)$/],
        [{ domainId, url: PAGE, perod: "7d" }, /^unknown field: perod \(did you mean period\?\)$/],
        [{ domainId, path: 5 }, /^unknown field: path$/],
      ] as const;
      await expectInvalidRequests(call, bad);
      await expectDomainsNotFound(world, call, { url: PAGE });
      await expectPlanAndKeyErrors(world, "/export-page-snapshots");
    });
  });

  describe("presigned links with a configured base URL", () => {
    const w = useWorld(options, { baseUrl: "https://api.example.com/" });

    it("builds htmlUrl on the base URL, whatever the request's host", async () => {
      const world = w();
      const a = await snapshotOf(world, "Widget v1");
      await record(world, [{ ts: at("2026-11-19"), snapshotId: a.snapshotId }]);
      const res = await world.call("POST", "/export-page-snapshots", {
        body: { domainId: world.domains.shop.domainId, url: PAGE },
      });
      const link: string = res.json.snapshots[a.snapshotId].htmlUrl;
      expect(link).toMatch(/^https:\/\/api\.example\.com\/functions\/v1\/files\/snapshots\//);
      const url = new URL(link);
      const download = await world.call(
        "GET",
        `${url.pathname.replace("/functions/v1", "")}${url.search}`,
        {
          key: null,
        },
      );
      expect(await gunzipText(download.bytes)).toBe(html("Widget v1"));
    });
  });
}
