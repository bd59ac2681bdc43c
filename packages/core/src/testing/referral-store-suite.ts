import { describe, expect, it } from "vitest";
import { OVERFLOW_PATH } from "../ingest/path-cap.js";
import type { ReferralStore } from "../ports/index.js";
import { compareUtf8 } from "../text/compare-utf8.js";
import { makeReferral } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";
import { PATH_CAP_CASES } from "./path-cap-cases.js";
import { SHUFFLED, UTF8_ORDERED } from "./text-order.js";

const CAP = { pathCap: 1000 };
const at = (iso: string) => new Date(iso);

/** The ReferralStore contract (see `ports/`), for every adapter. */
export function referralStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ referrals: ReferralStore }>>,
): void {
  describe(`ReferralStore conformance: ${name}`, () => {
    const h = useHarness(setup);
    const d = "00000000-0000-4000-8000-0000000000d1";

    it("counts visits per UTC day and source, both window bounds inclusive", async () => {
      const { referrals } = h();
      const batch = [
        makeReferral(d, { ts: at("2026-11-19T23:59:59.999Z"), source: "claude" }),
        makeReferral(d, { ts: at("2026-11-20T00:00:00.000Z"), source: "perplexity" }),
        makeReferral(d, { source: "chatgpt" }),
        makeReferral(d, { source: "perplexity", path: "/docs" }),
        makeReferral(d, { ts: at("2026-11-21T23:59:59.999Z"), source: "unknown" }),
        makeReferral(d, { ts: at("2026-11-22T00:00:00.000Z") }),
        makeReferral("other-domain"),
      ];
      expect(await referrals.appendReferrals(batch, CAP)).toEqual({ inserted: 7 });
      expect(await referrals.referralDayCounts(d, "2026-11-19", "2026-11-21")).toEqual([
        { day: "2026-11-19", source: "claude", count: 1 },
        { day: "2026-11-20", source: "chatgpt", count: 1 },
        { day: "2026-11-20", source: "perplexity", count: 2 },
        { day: "2026-11-21", source: "unknown", count: 1 },
      ]);
      expect(await referrals.referralDayCounts(d, "2026-11-20", "2026-11-20")).toHaveLength(2);
      expect(await referrals.referralDayCounts(d, "2026-11-23", "2026-11-30")).toEqual([]);
      expect(await referrals.referralDayCounts("nobody", "2026-01-01", "2026-12-31")).toEqual([]);
      expect(await referrals.appendReferrals([], CAP)).toEqual({ inserted: 0 });
    });

    it("ignores replays, inside a batch and across batches", async () => {
      const { referrals } = h();
      const a = makeReferral(d, { path: "/a" });
      const b = makeReferral(d, { path: "/b", source: "claude" });
      expect(await referrals.appendReferrals([a, { ...a, source: "you" }, a, b], CAP)).toEqual({
        inserted: 2,
      });
      expect(
        await referrals.appendReferrals([b, a, { ...a, path: "/changed", source: "you" }], CAP),
      ).toEqual({ inserted: 0 });
      expect(await referrals.referralDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
        { day: "2026-11-20", source: "chatgpt", count: 1 },
        { day: "2026-11-20", source: "claude", count: 1 },
      ]);
      expect(await referrals.countLandingPaths(d, "2026-11-20", "2026-11-20")).toBe(2);
    });

    it("ranks landing paths by total then path in UTF-8 byte order, with counts per source", async () => {
      const { referrals } = h();
      const visits = (path: string, source: string, n: number, ts = "2026-11-20T10:00:00.000Z") =>
        Array.from({ length: n }, () => makeReferral(d, { path, source, ts: at(ts) }));
      await referrals.appendReferrals(
        [
          ...visits("/pricing", "chatgpt", 2),
          ...visits("/pricing", "perplexity", 1, "2026-11-21T10:00:00.000Z"),
          ...visits("/b", "claude", 2),
          ...visits("/a", "claude", 1),
          ...visits("/a", "gemini", 1),
          ...visits("/\uFF01", "claude", 2),
          ...visits("/\u{1F600}", "claude", 2),
          ...visits("/é", "claude", 2),
          ...visits("/old", "claude", 9, "2026-11-18T10:00:00.000Z"),
          ...visits("/late", "claude", 9, "2026-11-22T00:00:00.000Z"),
        ],
        CAP,
      );
      const top = await referrals.topLandingPaths(d, "2026-11-20", "2026-11-21", 10);
      expect(top).toEqual([
        { path: "/pricing", total: 3, bySource: { chatgpt: 2, perplexity: 1 } },
        { path: "/a", total: 2, bySource: { claude: 1, gemini: 1 } },
        { path: "/b", total: 2, bySource: { claude: 2 } },
        { path: "/é", total: 2, bySource: { claude: 2 } },
        { path: "/\uFF01", total: 2, bySource: { claude: 2 } },
        { path: "/\u{1F600}", total: 2, bySource: { claude: 2 } },
      ]);
      expect(await referrals.topLandingPaths(d, "2026-11-20", "2026-11-21", 3)).toEqual(
        top.slice(0, 3),
      );
      expect(await referrals.topLandingPaths(d, "2026-11-20", "2026-11-21", 0)).toEqual([]);
      expect(await referrals.topLandingPaths(d, "2026-11-21", "2026-11-21", 10)).toEqual([
        { path: "/pricing", total: 1, bySource: { perplexity: 1 } },
      ]);
      expect(await referrals.topLandingPaths(d, "2026-12-01", "2026-12-31", 10)).toEqual([]);
      expect(await referrals.countLandingPaths(d, "2026-11-20", "2026-11-21")).toBe(6);
      expect(await referrals.countLandingPaths(d, "2026-11-18", "2026-11-22")).toBe(8);
      expect(await referrals.countLandingPaths(d, "2026-12-01", "2026-12-31")).toBe(0);
    });

    it("counts a path seen on several days once among the distinct landing paths", async () => {
      const { referrals } = h();
      await referrals.appendReferrals(
        [
          makeReferral(d, { path: "/x", ts: at("2026-11-20T01:00:00.000Z") }),
          makeReferral(d, { path: "/x", ts: at("2026-11-21T01:00:00.000Z"), source: "claude" }),
          makeReferral(d, { path: "/y", ts: at("2026-11-21T02:00:00.000Z") }),
        ],
        CAP,
      );
      expect(await referrals.countLandingPaths(d, "2026-11-20", "2026-11-21")).toBe(2);
      expect(await referrals.topLandingPaths(d, "2026-11-20", "2026-11-21", 1)).toEqual([
        { path: "/x", total: 2, bySource: { chatgpt: 1, claude: 1 } },
      ]);
    });

    it("sums visits per landing path and source over the window, overflow included, byte order", async () => {
      const { referrals } = h();
      const day = (n: number) => at(`2026-11-${n}T10:00:00.000Z`);
      await referrals.appendReferrals(
        [
          makeReferral(d, { path: "/a", source: "chatgpt", ts: day(20) }),
          makeReferral(d, { path: "/a", source: "chatgpt", ts: day(21) }),
          makeReferral(d, { path: "/a", source: "claude", ts: day(21) }),
          makeReferral(d, { path: "/\u{1F600}", source: "claude", ts: day(20) }),
          makeReferral(d, { path: "/\uFF01", source: "claude", ts: day(20) }),
          makeReferral(d, { path: "/b", ts: day(19) }), // before the window
          makeReferral(d, { path: "/c", ts: day(22) }), // after it
          makeReferral("other-domain", { path: "/a", ts: day(20) }),
        ],
        CAP,
      );
      // Past a cap of one path on the 21st: /x and /y are counted under __overflow__.
      await referrals.appendReferrals(
        [
          makeReferral(d, { path: "/x", source: "perplexity", ts: day(21) }),
          makeReferral(d, { path: "/y", source: "perplexity", ts: day(21) }),
        ],
        { pathCap: 1 },
      );
      expect(await referrals.landingPathSources(d, "2026-11-20", "2026-11-21")).toEqual([
        { path: "/a", source: "chatgpt", count: 2 },
        { path: "/a", source: "claude", count: 1 },
        { path: "/\uFF01", source: "claude", count: 1 },
        { path: "/\u{1F600}", source: "claude", count: 1 },
        { path: OVERFLOW_PATH, source: "perplexity", count: 2 },
      ]);
      expect(await referrals.landingPathSources(d, "2026-11-23", "2026-11-30")).toEqual([]);
      expect(await referrals.landingPathSources("nobody", "2026-11-01", "2026-11-30")).toEqual([]);
    });

    it("sends landing paths beyond the per-domain-day cap to __overflow__", async () => {
      const { referrals } = h();
      const cap = { pathCap: 2 };
      const day2 = at("2026-11-21T01:00:00.000Z");
      await referrals.appendReferrals(
        [
          makeReferral(d, { path: "/a" }),
          makeReferral(d, { path: "/b", source: "claude" }),
          makeReferral(d, { path: "/c", source: "claude" }),
        ],
        cap,
      );
      await referrals.appendReferrals(
        [
          makeReferral(d, { path: "/a", source: "perplexity" }),
          makeReferral(d, { path: "/d", source: "perplexity" }),
          makeReferral(d, { path: "/c", ts: day2 }),
          makeReferral("other-domain", { path: "/z" }),
        ],
        cap,
      );
      expect(
        (await referrals.topLandingPaths(d, "2026-11-20", "2026-11-21", 10)).map((p) => [
          p.path,
          p.total,
        ]),
      ).toEqual([
        ["/a", 2],
        ["/b", 1],
        ["/c", 1],
      ]);
      expect(await referrals.countLandingPaths(d, "2026-11-20", "2026-11-20")).toBe(2);
      expect(await referrals.countLandingPaths(d, "2026-11-20", "2026-11-21")).toBe(3);
      expect(await referrals.overflowCounts(d, "2026-11-20", "2026-11-21")).toEqual({
        total: 2,
        bySource: { claude: 1, perplexity: 1 },
      });
      expect(await referrals.overflowCounts(d, "2026-11-21", "2026-11-21")).toBeNull();
      expect(await referrals.overflowCounts("other-domain", "2026-11-20", "2026-11-20")).toBeNull();
      // Overflowed visits still count in the series.
      expect(await referrals.referralDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
        { day: "2026-11-20", source: "chatgpt", count: 1 },
        { day: "2026-11-20", source: "claude", count: 2 },
        { day: "2026-11-20", source: "perplexity", count: 2 },
      ]);
    });

    for (const c of PATH_CAP_CASES) {
      it(`path cap: ${c.name}`, async () => {
        const { referrals } = h();
        const days = new Set<string>();
        for (const batch of c.batches) {
          const visits = batch.map(({ path, day, otherDomain }) => {
            if (!otherDomain) days.add(day);
            return makeReferral(otherDomain ? "other-domain" : d, {
              path,
              ts: new Date(`${day}T12:00:00Z`),
            });
          });
          await referrals.appendReferrals(visits, { pathCap: c.cap });
        }
        const counts: [string, string, number][] = [];
        for (const day of [...days].sort()) {
          // Ranked by total: put the day's paths in path order to compare with the table.
          const top = await referrals.topLandingPaths(d, day, day, 1000);
          top.sort((a, b) => compareUtf8(a.path, b.path));
          for (const p of top) counts.push([day, p.path, p.total]);
          const overflow = await referrals.overflowCounts(d, day, day);
          if (overflow) counts.push([day, OVERFLOW_PATH, overflow.total]);
        }
        expect(counts).toEqual(c.counts);
      });
    }

    it("orders sources and tied landing paths in UTF-8 byte order, also past U+FFFF", async () => {
      const { referrals } = h();
      await referrals.appendReferrals(
        SHUFFLED.flatMap((s) => [
          makeReferral(d, { path: s }),
          makeReferral(d, { path: "/sources", source: `src${s}` }),
        ]),
        CAP,
      );
      const day = ["2026-11-20", "2026-11-20"] as const;
      expect((await referrals.referralDayCounts(d, ...day)).map((r) => r.source)).toEqual([
        "chatgpt",
        ...UTF8_ORDERED.map((s) => `src${s}`),
      ]);
      const top = await referrals.topLandingPaths(d, ...day, 100);
      expect(top.map((p) => p.path)).toEqual(["/sources", ...UTF8_ORDERED]);
    });

    it("counts every visit once and keeps the cap under concurrent overlapping batches", async () => {
      const { referrals } = h();
      const sources = ["chatgpt", "claude", "perplexity"];
      const visits = Array.from({ length: 60 }, (_, i) =>
        makeReferral(d, { path: `/p${i % 9}`, source: sources[i % 3] }),
      );
      const batches = Array.from({ length: 8 }, (_, k) => {
        const part = visits.filter((_, i) => (i + k) % 3 !== 0);
        return k % 2 === 0 ? part : part.reverse();
      });
      const cap = { pathCap: 5 };
      const results = await Promise.all(batches.map((b) => referrals.appendReferrals(b, cap)));
      expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(60);
      const series = await referrals.referralDayCounts(d, "2026-11-20", "2026-11-20");
      expect(series.map((c) => [c.source, c.count])).toEqual([
        ["chatgpt", 20],
        ["claude", 20],
        ["perplexity", 20],
      ]);
      expect(await referrals.countLandingPaths(d, "2026-11-20", "2026-11-20")).toBe(5);
      const top = await referrals.topLandingPaths(d, "2026-11-20", "2026-11-20", 500);
      const overflow = await referrals.overflowCounts(d, "2026-11-20", "2026-11-20");
      expect(top.reduce((n, p) => n + p.total, 0) + (overflow?.total ?? 0)).toBe(60);
      expect(overflow?.total).toBeGreaterThan(0);
    });
  });
}
