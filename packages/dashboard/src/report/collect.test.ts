import { describe, expect, it } from "vitest";
import { packAnswers, type StoredAnswer } from "../shared/report-data.js";
import { type ApiCall, callKey, requests } from "../shared/requests.js";
import { collectReport } from "./collect.js";

const D = "00000000-0000-4000-8000-000000000001";
const row = (path: string) => ({
  path,
  total: 3,
  tiers: { verified: 1, declared: 1, unknown: 1 },
  bots: { googlebot: { verified: 1, declared: 0, unknown: 0, total: 1 } },
  series: [{ bucketStart: "2026-11-01", verified: 1, declared: 1, unknown: 1, total: 3 }],
});

/**
 * A fake API: 120 ranked pages, 50 a page; an exact path answers its own row; a page prefix
 * matches its own and two longer paths.
 */
function fakeApi(): (call: ApiCall) => Promise<StoredAnswer> {
  const all = Array.from({ length: 120 }, (_, i) => `/p${i}`);
  const page = (from: number, sortBy = "total") => ({
    status: 200,
    body: {
      endDate: "2026-11-20",
      pages: all.slice(from, from + 50).map(row),
      nextCursor: from + 50 < all.length ? `${sortBy}:${from + 50}` : null,
    },
  });
  return async (call) => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (call.path !== "/export-page-analytics")
      return { status: 200, body: { endDate: "2026-11-20" } };
    if (typeof body.cursor === "string") return page(Number(body.cursor.split(":")[1]));
    // An exact path (page detail): that page's row or none, never a cursor.
    if (typeof body.path === "string") {
      const rows = all.includes(body.path) ? [row(body.path)] : [];
      return { status: 200, body: { endDate: "2026-11-20", pages: rows, nextCursor: null } };
    }
    if (typeof body.pathPrefix === "string") {
      const p = body.pathPrefix;
      return {
        status: 200,
        body: { pages: [row(p), row(`${p}/a`), row(`${p}/b`)], nextCursor: "x" },
      };
    }
    return page(0, String(body.sortBy ?? "total"));
  };
}

describe("collectReport", () => {
  it("holds three ranking pages and every listed page's drill-down, with only that page's row", async () => {
    const data = await collectReport(fakeApi(), { domainId: D, hostname: "h" }, "30d", "t");
    const detail = data.answers[callKey(requests.pageDetail(D, "30d", "/p0"))];
    expect(detail?.body).toEqual({ endDate: "2026-11-20", pages: [row("/p0")], nextCursor: null });
    for (let i = 0; i < 120; i++)
      expect(
        data.answers[callKey(requests.pageDetail(D, "30d", `/p${i}`))],
        `/p${i}`,
      ).toBeDefined();
    const ranking = data.answers[callKey(requests.topPages(D, "30d"))]?.body as {
      pages: Record<string, unknown>[];
    };
    expect(ranking.pages[0]).not.toHaveProperty("bots");
    expect(
      data.answers[callKey(requests.topPages(D, "30d", { cursor: "total:100" }))],
    ).toBeDefined();
    expect(
      data.answers[callKey(requests.topPages(D, "30d", { sortBy: "verified" }))],
    ).toBeDefined();
  });

  it("leaves out later ranking pages and lower drill-downs when the budget runs short", async () => {
    const budget = 30_000;
    const data = await collectReport(fakeApi(), { domainId: D, hostname: "h" }, "30d", "t", budget);
    const size = new TextEncoder().encode(JSON.stringify(packAnswers(data.answers))).length;
    expect(size).toBeLessThan(budget + 1_000);
    const held = (path: string) =>
      data.answers[callKey(requests.pageDetail(D, "30d", path))] !== undefined;
    expect(held("/p0")).toBe(true);
    expect(held("/p119")).toBe(false);
    // What is held is a prefix of the ranking: no gap above a held page.
    const count = Array.from({ length: 120 }, (_, i) => held(`/p${i}`)).lastIndexOf(true) + 1;
    for (let i = 0; i < count; i++) expect(held(`/p${i}`)).toBe(true);
    // Every view's data is there whatever the budget.
    for (const call of [
      requests.definitions(),
      requests.topPages(D, "30d"),
      requests.referrals(D, "30d"),
      requests.crawlToRefer(D, "30d"),
    ])
      expect(data.answers[callKey(call)]).toBeDefined();
  });
});
