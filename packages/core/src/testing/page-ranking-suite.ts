import { describe, expect, it } from "vitest";
import { rankPathRows, rowsOfPaths } from "../page-ranking/reference.js";
import type { CrawlStore } from "../ports/index.js";
import type { CrawlRecord, PathCountFilter, PathQuery, PathRankQuery } from "../types.js";
import { makeCrawl } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";

const d = "00000000-0000-4000-8000-0000000000e1";
const other = "00000000-0000-4000-8000-0000000000e2";
const at = (day: string, hour = 10) =>
  new Date(`${day}T${String(hour).padStart(2, "0")}:00:00.000Z`);

const query = (overrides: Partial<PathRankQuery> = {}): PathRankQuery => ({
  domainId: d,
  startDay: "2026-11-01",
  endDay: "2026-11-30",
  botIds: null,
  tiers: null,
  pathPrefix: null,
  sortBy: "total",
  after: null,
  limit: 100,
  ...overrides,
});

/** `n` crawls of one path/bot/verdict on a day. */
function crawls(n: number, row: Partial<CrawlRecord> & { day?: string }): CrawlRecord[] {
  const { day = "2026-11-10", ...rest } = row;
  return Array.from({ length: n }, () => makeCrawl(rest.domainId ?? d, { ts: at(day), ...rest }));
}

/** The paths of one `rankPaths` page. */
async function rank(crawls: CrawlStore, q: PathRankQuery) {
  return (await crawls.rankPaths(q)).paths;
}

/**
 * The page-ranking reads of CrawlStore (`PageRanking`: `rankPaths` with its path count,
 * `countsOfPaths`), checked against core's reference, also after `refreshReadModel`.
 */
export function pageRankingSuite(
  name: string,
  setup: () => Promise<Harness<{ crawls: CrawlStore }>>,
): void {
  describe(`CrawlStore page ranking: ${name}`, () => {
    const h = useHarness(setup);
    const add = (rows: CrawlRecord[], pathCap = 1000) => h().crawls.appendCrawls(rows, { pathCap });

    it("ranks by total descending, then path in UTF-8 byte order; never the overflow, other domains or days", async () => {
      // "\uff5e" sorts before "😀" in UTF-8 bytes but after it in UTF-16 code units.
      await add([
        ...crawls(2, { path: "/😀" }),
        ...crawls(2, { path: "/\uff5e" }),
        ...crawls(2, { path: "/b" }),
        ...crawls(3, { path: "/a", day: "2026-11-11" }),
        ...crawls(1, { path: "/Z" }),
        ...crawls(9, { path: "/before", day: "2026-10-31" }),
        ...crawls(9, { path: "/elsewhere", domainId: other }),
      ]);
      // Over the cap of 4 paths on this day: counted under __overflow__.
      await add([...crawls(50, { path: "/late-new", day: "2026-11-10" })], 4);
      const { paths: ranked, pathCount } = await h().crawls.rankPaths(query());
      expect(pathCount).toBe(5);
      expect(ranked).toEqual([
        { path: "/a", total: 3, verified: 0 },
        { path: "/b", total: 2, verified: 0 },
        { path: "/\uff5e", total: 2, verified: 0 },
        { path: "/😀", total: 2, verified: 0 },
        { path: "/Z", total: 1, verified: 0 },
      ]);
      expect(await h().crawls.rankPaths(query({ limit: 2 }))).toEqual({
        paths: ranked.slice(0, 2),
        pathCount: 5,
      });
      // The count ignores the keyset, also on an empty page past the end.
      expect(
        await h().crawls.rankPaths(query({ after: { value: 2, path: "/b" }, limit: 1 })),
      ).toEqual({ paths: [{ path: "/\uff5e", total: 2, verified: 0 }], pathCount: 5 });
      expect(await h().crawls.rankPaths(query({ after: { value: 1, path: "/Z" } }))).toEqual({
        paths: [],
        pathCount: 5,
      });
      expect(
        await h().crawls.rankPaths(query({ domainId: "00000000-0000-4000-8000-0000000000e9" })),
      ).toEqual({
        paths: [],
        pathCount: 0,
      });
    });

    it("ranks by verified crawls when asked, ties by path", async () => {
      await add([
        ...crawls(5, { path: "/many", verdict: "declared" }),
        ...crawls(1, { path: "/many", verdict: "verified" }),
        ...crawls(2, { path: "/some", verdict: "verified" }),
        ...crawls(2, { path: "/also", verdict: "verified" }),
        ...crawls(4, { path: "/none", verdict: "unknown", botId: "unknown" }),
      ]);
      const ranked = await rank(h().crawls, query({ sortBy: "verified" }));
      expect(ranked).toEqual([
        { path: "/also", total: 2, verified: 2 },
        { path: "/some", total: 2, verified: 2 },
        { path: "/many", total: 6, verified: 1 },
        { path: "/none", total: 4, verified: 0 },
      ]);
    });

    it("continues after a keyset position (lower value, or same value and greater path)", async () => {
      await add([
        ...crawls(3, { path: "/c" }),
        ...crawls(2, { path: "/a" }),
        ...crawls(2, { path: "/b" }),
        ...crawls(2, { path: "/d" }),
        ...crawls(1, { path: "/e" }),
      ]);
      const after = await rank(h().crawls, query({ after: { value: 2, path: "/b" } }));
      expect(after.map((p) => p.path)).toEqual(["/d", "/e"]);
      const walked: string[] = [];
      let position: PathRankQuery["after"] = null;
      for (;;) {
        const page = await rank(h().crawls, query({ after: position, limit: 2 }));
        if (page.length === 0) break;
        walked.push(...page.map((p) => p.path));
        const last = page[page.length - 1] as { path: string; total: number };
        position = { value: last.total, path: last.path };
      }
      expect(walked).toEqual(["/c", "/a", "/b", "/d", "/e"]);
    });

    it("filters by bots, tiers and a literal path prefix (% and _ are ordinary characters)", async () => {
      await add([
        ...crawls(3, { path: "/50%_off/a", botId: "googlebot", verdict: "verified" }),
        ...crawls(1, { path: "/50%_off/a", botId: "gptbot", verdict: "declared" }),
        ...crawls(2, { path: "/50x_off", botId: "googlebot", verdict: "declared" }),
        ...crawls(2, { path: "/500_off", botId: "googlebot", verdict: "declared" }),
        ...crawls(4, { path: "/blog/é", botId: "gptbot", verdict: "declared" }),
        ...crawls(1, { path: "/BLOG/x", botId: "gptbot", verdict: "declared" }),
      ]);
      const paths = async (q: Partial<PathQuery>) =>
        (await rank(h().crawls, query(q))).map((p) => [p.path, p.total]);
      expect(await paths({ pathPrefix: "/50%_" })).toEqual([["/50%_off/a", 4]]);
      expect(await paths({ pathPrefix: "/50_" })).toEqual([]);
      expect(await paths({ pathPrefix: "/blog/" })).toEqual([["/blog/é", 4]]);
      expect(await paths({ pathPrefix: "/blog/é" })).toEqual([["/blog/é", 4]]);
      expect(await paths({ botIds: ["gptbot"] })).toEqual([
        ["/blog/é", 4],
        ["/50%_off/a", 1],
        ["/BLOG/x", 1],
      ]);
      expect(await paths({ tiers: ["verified"] })).toEqual([["/50%_off/a", 3]]);
      expect(await paths({ tiers: ["declared", "unknown"], botIds: ["googlebot"] })).toEqual([
        ["/500_off", 2],
        ["/50x_off", 2],
      ]);
      const count = async (q: Partial<PathQuery>) =>
        (await h().crawls.rankPaths(query(q))).pathCount;
      expect(await count({ pathPrefix: "/50%_" })).toBe(1);
      expect(await count({ botIds: ["gptbot"] })).toBe(3);
      expect(await count({ botIds: ["bingbot"] })).toBe(0);
    });

    it("does not list a path whose filtered count went to 0 after a late verification", async () => {
      const [event] = crawls(1, { path: "/upgraded", verdict: "declared" });
      await add([event as CrawlRecord, ...crawls(1, { path: "/kept", verdict: "declared" })]);
      expect(await h().crawls.upgradeToVerified((event as CrawlRecord).eventId, "G", null)).toBe(
        true,
      );
      const declared = query({ tiers: ["declared"] });
      expect(await h().crawls.rankPaths(declared)).toEqual({
        paths: [{ path: "/kept", total: 1, verified: 0 }],
        pathCount: 1,
      });
      expect(
        await h().crawls.countsOfPaths(d, "2026-11-01", "2026-11-30", declared, ["/upgraded"]),
      ).toEqual([]);
    });

    it("gives per-day, per-bot, per-tier counts of given paths under the filters, overflow included", async () => {
      await add([
        ...crawls(2, { path: "/a", botId: "googlebot", verdict: "verified", day: "2026-11-12" }),
        ...crawls(1, { path: "/a", botId: "gptbot", verdict: "declared", day: "2026-11-11" }),
        ...crawls(1, { path: "/😀", botId: "gptbot", verdict: "declared", day: "2026-11-11" }),
        ...crawls(1, { path: "/\uff5e", botId: "gptbot", verdict: "declared" }),
        ...crawls(1, { path: "/b", botId: "gptbot", verdict: "declared" }),
        ...crawls(1, { path: "/a", day: "2026-12-01" }),
      ]);
      await add(crawls(3, { path: "/new", botId: "bingbot", verdict: "unknown" }), 1);
      const all: PathCountFilter = { botIds: null, tiers: null };
      const of = (paths: string[], filter = all) =>
        h().crawls.countsOfPaths(d, "2026-11-01", "2026-11-30", filter, paths);
      expect(await of(["/😀", "/a", "/\uff5e"])).toEqual([
        { path: "/a", day: "2026-11-11", botId: "gptbot", tier: "declared", count: 1 },
        { path: "/a", day: "2026-11-12", botId: "googlebot", tier: "verified", count: 2 },
        { path: "/\uff5e", day: "2026-11-10", botId: "gptbot", tier: "declared", count: 1 },
        { path: "/😀", day: "2026-11-11", botId: "gptbot", tier: "declared", count: 1 },
      ]);
      expect(await of(["/a"], { botIds: ["googlebot"], tiers: null })).toEqual([
        { path: "/a", day: "2026-11-12", botId: "googlebot", tier: "verified", count: 2 },
      ]);
      expect(await of(["/a"], { botIds: null, tiers: ["declared"] })).toEqual([
        { path: "/a", day: "2026-11-11", botId: "gptbot", tier: "declared", count: 1 },
      ]);
      expect(await of(["__overflow__"])).toEqual([
        { path: "__overflow__", day: "2026-11-10", botId: "bingbot", tier: "unknown", count: 3 },
      ]);
      expect(await of(["__overflow__"], { botIds: ["gptbot"], tiers: null })).toEqual([]);
      expect(await of([])).toEqual([]);
      expect(await of(["/never"])).toEqual([]);
    });

    it("gives the counts of a large page (150 paths, repeated, mixed scripts) in byte order", async () => {
      const names = Array.from({ length: 150 }, (_, i) =>
        i % 3 === 0 ? `/p${i}` : i % 3 === 1 ? `/\uff5e${i}` : `/😀${i}`,
      );
      const rows = names.flatMap((path, i) => [
        ...crawls(1 + (i % 2), { path, botId: "gptbot", verdict: "declared" }),
        ...crawls(1, { path, botId: "googlebot", verdict: "verified", day: "2026-11-11" }),
      ]);
      await add(rows);
      const all: PathCountFilter = { botIds: null, tiers: null };
      const stored = await h().crawls.pathDayCounts(d, "2026-11-01", "2026-11-30");
      const asked = [...names].reverse().concat(names.slice(0, 10), ["/never"]);
      expect(await h().crawls.countsOfPaths(d, "2026-11-01", "2026-11-30", all, asked)).toEqual(
        rowsOfPaths(stored, all, asked),
      );
      expect(rowsOfPaths(stored, all, asked)).toHaveLength(300);
    });

    it("gives the counts of one path exactly however many paths out-rank it, read model or not", async () => {
      // 501 deeper paths crawled more: /docs is past a page of 500 (the page-detail read).
      const deeper = Array.from({ length: 501 }, (_, i) => `/docs/${i}`);
      await add([
        ...deeper.flatMap((path) => crawls(3, { path, day: "2026-11-12" })),
        ...crawls(1, { path: "/docs", botId: "gptbot", verdict: "declared", day: "2026-11-11" }),
        ...crawls(1, { path: "/docs", botId: "googlebot", verdict: "verified", day: "2026-11-12" }),
      ]);
      const all: PathCountFilter = { botIds: null, tiers: null };
      const expected = [
        { path: "/docs", day: "2026-11-11", botId: "gptbot", tier: "declared", count: 1 },
        { path: "/docs", day: "2026-11-12", botId: "googlebot", tier: "verified", count: 1 },
      ];
      const check = async () => {
        const top = await rank(h().crawls, query({ pathPrefix: "/docs", limit: 500 }));
        expect(top.map((p) => p.path)).not.toContain("/docs");
        expect(
          await h().crawls.countsOfPaths(d, "2026-11-01", "2026-11-30", all, ["/docs"]),
        ).toEqual(expected);
      };
      await check();
      await h().crawls.refreshReadModel("2026-11-30");
      await check();
    });

    it("agrees with the reference after read-model refreshes, late imports and upgrades", async () => {
      const bots = ["googlebot", "gptbot", "bingbot", "unknown"];
      const verdicts = ["verified", "declared", "unknown", "automation", "declared"] as const;
      const paths = ["/", "/a", "/a/b", "/a_b", "/ä", "/😀", "/\uff5e", "/z", "/z/1", "/z/2"];
      /** Crawls of `n` events spread over the days from `first` on, by a stride per field. */
      const spread = (n: number, first: string, days: number, salt: number): CrawlRecord[] =>
        Array.from({ length: n }, (_, i) => {
          const offset = (i * 7 + salt) % days;
          return makeCrawl(d, {
            ts: new Date(Date.parse(`${first}T00:00:00Z`) + offset * 86_400_000 + (i % 24) * 3.6e6),
            path: paths[(i * 5 + salt) % paths.length] as string,
            botId: bots[(i * 3 + salt) % bots.length] as string,
            verdict: verdicts[(i + salt) % verdicts.length] as (typeof verdicts)[number],
          });
        });
      const early = spread(400, "2026-09-01", 80, 1);
      await add(early, 8);
      const windows: [string, string][] = [
        ["2026-09-01", "2026-11-20"],
        ["2026-09-03", "2026-10-29"], // starts and ends inside blocks
        ["2026-10-01", "2026-10-01"],
        ["2026-09-14", "2026-11-19"],
        ["2026-08-01", "2026-12-31"],
      ];
      const check = async () => {
        const stored = await h().crawls.pathDayCounts(d, "2026-01-01", "2026-12-31");
        for (const [startDay, endDay] of windows) {
          const variants: Partial<PathRankQuery>[] = [
            {},
            { sortBy: "verified" },
            { tiers: ["verified"] },
            { tiers: ["declared", "unknown"], sortBy: "verified" },
            { pathPrefix: "/z" },
            { pathPrefix: "/a", tiers: ["declared"] },
            { botIds: ["gptbot"] },
            { after: { value: 3, path: "/a" }, limit: 4 },
          ];
          for (const v of variants) {
            const q = query({ startDay, endDay, ...v });
            expect(await h().crawls.rankPaths(q), JSON.stringify(q)).toEqual(
              rankPathRows(stored, q),
            );
          }
          // A cursor walk in pages of 3 lists every path once, in order.
          const walked: string[] = [];
          let position: PathRankQuery["after"] = null;
          for (;;) {
            const q = query({ startDay, endDay, after: position, limit: 3 });
            const page = await rank(h().crawls, q);
            if (page.length === 0) break;
            walked.push(...page.map((p) => p.path));
            const last = page[page.length - 1] as { path: string; total: number };
            position = { value: last.total, path: last.path };
          }
          const all = rankPathRows(stored, query({ startDay, endDay, limit: 1000 }));
          expect(walked).toEqual(all.paths.map((p) => p.path));
        }
      };
      await check();
      await h().crawls.refreshReadModel("2026-11-10");
      await check();
      // An import into an old, built day: a known path, a new path, and over the day's cap.
      await add(
        [
          ...crawls(6, { path: "/a", day: "2026-09-20", verdict: "verified" }),
          ...crawls(5, { path: "/imported", day: "2026-09-20" }),
        ],
        1000,
      );
      await check();
      // A late verification on a built day (declared → verified in every table).
      const upgradable = early.find(
        (c) => c.verdict === "declared" && c.ts.toISOString() < "2026-11-10",
      ) as CrawlRecord;
      expect(await h().crawls.upgradeToVerified(upgradable.eventId, "G", null)).toBe(true);
      await check();
      await h().crawls.refreshReadModel("2026-11-18");
      await check();
      // New crawls after the refresh, on a built day and on days not built yet.
      await add([
        ...spread(60, "2026-11-15", 6, 3),
        ...crawls(2, { path: "/a", day: "2026-10-02" }),
      ]);
      await check();
      await h().crawls.refreshReadModel("2026-11-30");
      await check();
      // A refresh with nothing new changes nothing; an earlier day than built is harmless.
      await h().crawls.refreshReadModel("2026-11-30");
      await h().crawls.refreshReadModel("2026-10-01", d);
      await check();
    });

    it("agrees with the reference over the stored rows for mixed data and queries", async () => {
      const bots = ["googlebot", "gptbot", "bingbot", "unknown"];
      const verdicts = ["verified", "declared", "unknown", "automation"] as const;
      const paths = ["/", "/a", "/a/b", "/a_b", "/a%", "/ä", "/😀", "/\uff5e", "/z"];
      const rows: CrawlRecord[] = [];
      for (let i = 0; i < 160; i++) {
        rows.push(
          makeCrawl(d, {
            ts: at(`2026-11-${String(1 + (i % 9)).padStart(2, "0")}`, i % 24),
            path: paths[(i * 7) % paths.length] as string,
            botId: bots[(i * 3) % bots.length] as string,
            verdict: verdicts[(i * 5) % verdicts.length] as (typeof verdicts)[number],
          }),
        );
      }
      await add(rows, 7);
      const stored = await h().crawls.pathDayCounts(d, "2026-11-01", "2026-11-30");
      const queries: PathRankQuery[] = [
        query({ startDay: "2026-11-03", endDay: "2026-11-06" }),
        query({ sortBy: "verified", limit: 3 }),
        query({ botIds: ["gptbot", "unknown"], tiers: ["unknown"] }),
        query({ pathPrefix: "/a", after: { value: 5, path: "/a%" } }),
        query({ sortBy: "verified", after: { value: 0, path: "/a" } }),
      ];
      for (const q of queries) {
        expect(await h().crawls.rankPaths(q)).toEqual(rankPathRows(stored, q));
        expect(await h().crawls.countsOfPaths(d, q.startDay, q.endDay, q, paths)).toEqual(
          rowsOfPaths(
            stored.filter((r) => r.day >= q.startDay && r.day <= q.endDay),
            q,
            paths,
          ),
        );
      }
    });
  });
}
