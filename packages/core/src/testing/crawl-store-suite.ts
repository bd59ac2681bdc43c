import { describe, expect, it } from "vitest";
import type { CrawlStore } from "../ports/index.js";
import { crawlEventSnapshotCases } from "./crawl-event-snapshot-cases.js";
import { makeCrawl } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";
import { PATH_CAP_CASES } from "./path-cap-cases.js";
import { SHUFFLED, UTF8_ORDERED } from "./text-order.js";

const CAP = { pathCap: 1000 };

/** The CrawlStore contract (see `ports/`), for every adapter. */
export function crawlStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ crawls: CrawlStore }>>,
): void {
  describe(`CrawlStore conformance: ${name}`, () => {
    const h = useHarness(setup);
    const d = "00000000-0000-4000-8000-0000000000d1";

    it("stores raw rows with every field, oldest first, from inclusive and to exclusive", async () => {
      const { crawls } = h();
      const a = makeCrawl(d, {
        ts: new Date("2026-11-20T10:00:00.007Z"),
        userAgent: "Bot ✓ 日本",
        verdict: "verified",
        botOperator: "Google",
        matchedRange: "66.249.64.0/27",
        contentHash: "a".repeat(64),
        snapshotId: "snap-1",
        servedFrom: "render",
        status: 404,
        bytes: 0,
        ipAsn: 15169,
        signatureAgent: "https://chatgpt.com",
        signature: "verified",
      });
      const b = makeCrawl(d, { ts: new Date("2026-11-20T09:00:00.000Z") });
      const late = makeCrawl(d, { ts: new Date("2026-11-21T00:00:00.000Z") });
      expect(await crawls.appendCrawls([a, b, late], CAP)).toEqual({ inserted: 3 });
      const rows = await crawls.listCrawls(
        d,
        new Date("2026-11-20T00:00:00.000Z"),
        new Date("2026-11-21T00:00:00.000Z"),
        10,
      );
      expect(rows).toEqual([b, a]);
      expect(
        await crawls.listCrawls(d, new Date(0), new Date("2027-01-01T00:00:00.000Z"), 1),
      ).toEqual([b]);
      expect(
        await crawls.listCrawls("other", new Date(0), new Date("2027-01-01T00:00:00.000Z"), 10),
      ).toEqual([]);
    });

    it("ignores replays, inside a batch and across batches", async () => {
      const { crawls } = h();
      const a = makeCrawl(d);
      const b = makeCrawl(d);
      expect(await crawls.appendCrawls([a, a, b], CAP)).toEqual({ inserted: 2 });
      expect(await crawls.appendCrawls([b, a, { ...a, path: "/changed" }], CAP)).toEqual({
        inserted: 0,
      });
      expect(await crawls.botDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
        { day: "2026-11-20", botId: "googlebot", tier: "declared", count: 2 },
      ]);
    });

    it("aggregates per UTC day, bot and tier, counting automation as unknown", async () => {
      const { crawls } = h();
      await crawls.appendCrawls(
        [
          makeCrawl(d, { ts: new Date("2026-11-20T23:59:59.999Z"), verdict: "verified" }),
          makeCrawl(d, { ts: new Date("2026-11-21T00:00:00.000Z"), verdict: "verified" }),
          makeCrawl(d, { botId: "unknown", verdict: "automation" }),
          makeCrawl(d, { botId: "unknown", verdict: "unknown" }),
          makeCrawl(d, { botId: "bingbot" }),
          makeCrawl("other-domain"),
        ],
        CAP,
      );
      expect(await crawls.botDayCounts(d, "2026-11-20", "2026-11-21")).toEqual([
        { day: "2026-11-20", botId: "bingbot", tier: "declared", count: 1 },
        { day: "2026-11-20", botId: "googlebot", tier: "verified", count: 1 },
        { day: "2026-11-20", botId: "unknown", tier: "unknown", count: 2 },
        { day: "2026-11-21", botId: "googlebot", tier: "verified", count: 1 },
      ]);
      expect(await crawls.botDayCounts(d, "2026-11-21", "2026-11-21")).toHaveLength(1);
    });

    it("sends paths beyond the per-domain-day cap to __overflow__, raw rows keep theirs", async () => {
      const { crawls } = h();
      const cap = { pathCap: 2 };
      await crawls.appendCrawls(
        [makeCrawl(d, { path: "/a" }), makeCrawl(d, { path: "/b" }), makeCrawl(d, { path: "/c" })],
        cap,
      );
      await crawls.appendCrawls([makeCrawl(d, { path: "/a" }), makeCrawl(d, { path: "/d" })], cap);
      await crawls.appendCrawls(
        [makeCrawl(d, { path: "/c", ts: new Date("2026-11-21T01:00:00.000Z") })],
        cap,
      );
      const counts = await crawls.pathDayCounts(d, "2026-11-20", "2026-11-21");
      expect(counts.map((c) => [c.day, c.path, c.count])).toEqual([
        ["2026-11-20", "/a", 2],
        ["2026-11-20", "/b", 1],
        ["2026-11-20", "__overflow__", 2],
        ["2026-11-21", "/c", 1],
      ]);
      const raw = await crawls.listCrawls(
        d,
        new Date(0),
        new Date("2027-01-01T00:00:00.000Z"),
        100,
      );
      expect(raw.map((r) => r.path).sort()).toEqual(["/a", "/a", "/b", "/c", "/c", "/d"]);
    });

    for (const c of PATH_CAP_CASES) {
      it(`path cap: ${c.name}`, async () => {
        const { crawls } = h();
        for (const batch of c.batches) {
          const records = batch.map(({ path, day, otherDomain }) =>
            makeCrawl(otherDomain ? "other-domain" : d, { path, ts: new Date(`${day}T12:00:00Z`) }),
          );
          await crawls.appendCrawls(records, { pathCap: c.cap });
        }
        const counts = await crawls.pathDayCounts(d, "2026-11-01", "2026-11-30");
        expect(counts.map((r) => [r.day, r.path, r.count])).toEqual(c.counts);
      });
    }

    it("orders every read in UTF-8 byte order, also past U+FFFF", async () => {
      const { crawls } = h();
      const at = (day: number) => new Date(`2026-11-${day}T10:00:00.000Z`);
      await crawls.appendCrawls(
        SHUFFLED.flatMap((s) => [
          makeCrawl(d, { path: s, ts: at(20) }),
          makeCrawl(d, { path: "/bots", botId: `bot${s}`, ts: at(21) }),
          makeCrawl(d, { path: "/snaps", snapshotId: `snap${s}`, ts: at(22) }),
          makeCrawl(d, { path: "/ids", eventId: `event${s}`, ts: at(23) }),
        ]),
        CAP,
      );
      const ordered = (prefix: string) => UTF8_ORDERED.map((s) => `${prefix}${s}`);
      const day = (n: number) => [`2026-11-${n}`, `2026-11-${n}`] as const;
      expect((await crawls.pathDayCounts(d, ...day(20))).map((r) => r.path)).toEqual(ordered(""));
      expect((await crawls.botDayCounts(d, ...day(21))).map((r) => r.botId)).toEqual(
        ordered("bot"),
      );
      expect((await crawls.pathDayCounts(d, ...day(21))).map((r) => r.botId)).toEqual(
        ordered("bot"),
      );
      expect((await crawls.servedDayCounts(d, "/bots", ...day(21))).map((r) => r.botId)).toEqual(
        ordered("bot"),
      );
      expect(
        (await crawls.servedDayCounts(d, "/snaps", ...day(22))).map((r) => r.snapshotId),
      ).toEqual(ordered("snap"));
      const raw = await crawls.listCrawls(d, at(23), at(24), 100);
      expect(raw.map((r) => r.eventId)).toEqual(ordered("event"));
    });

    it("sums crawls per path and bot of the bots asked, every tier and overflow, byte order", async () => {
      const { crawls } = h();
      const at = (day: number) => new Date(`2026-11-${day}T10:00:00.000Z`);
      const late = makeCrawl(d, { path: "/a", botId: "gptbot", ts: at(21) });
      await crawls.appendCrawls(
        [
          makeCrawl(d, { path: "/a", botId: "gptbot", ts: at(20), verdict: "verified" }),
          late,
          makeCrawl(d, { path: "/a", botId: "claudebot", ts: at(20), verdict: "unknown" }),
          makeCrawl(d, { path: "/\u{1F600}", botId: "gptbot", ts: at(20) }),
          makeCrawl(d, { path: "/\uFF01", botId: "gptbot", ts: at(20) }),
          makeCrawl(d, { path: "/a", botId: "googlebot", ts: at(20) }), // a bot not asked
          makeCrawl(d, { path: "/b", botId: "gptbot", ts: at(19) }), // before the window
          makeCrawl(d, { path: "/c", botId: "gptbot", ts: at(22) }), // after it
          makeCrawl("other-domain", { path: "/a", botId: "gptbot", ts: at(20) }),
        ],
        CAP,
      );
      // Past a cap of one path on the 21st: /x and /y are counted under __overflow__.
      await crawls.appendCrawls(
        [
          makeCrawl(d, { path: "/x", botId: "claudebot", ts: at(21) }),
          makeCrawl(d, { path: "/y", botId: "claudebot", ts: at(21) }),
        ],
        { pathCap: 1 },
      );
      // A late verification moves a count between tiers, not between paths or bots.
      expect(await crawls.upgradeToVerified(late.eventId, "OpenAI", null)).toBe(true);
      const asked = ["gptbot", "claudebot", "no-such-bot"];
      expect(await crawls.pathBotCounts(d, "2026-11-20", "2026-11-21", asked)).toEqual([
        { path: "/a", botId: "claudebot", count: 1 },
        { path: "/a", botId: "gptbot", count: 2 },
        { path: "/\uFF01", botId: "gptbot", count: 1 },
        { path: "/\u{1F600}", botId: "gptbot", count: 1 },
        { path: "__overflow__", botId: "claudebot", count: 2 },
      ]);
      expect(await crawls.pathBotCounts(d, "2026-11-20", "2026-11-21", [])).toEqual([]);
      expect(await crawls.pathBotCounts(d, "2026-11-23", "2026-11-30", asked)).toEqual([]);
      expect(await crawls.pathBotCounts("nobody", "2026-11-01", "2026-11-30", asked)).toEqual([]);
    });

    it("upgrades a declared event to verified, once", async () => {
      const { crawls } = h();
      const e = makeCrawl(d, { path: "/p" });
      const v = makeCrawl(d, { verdict: "verified" });
      await crawls.appendCrawls([e, v], CAP);
      expect(await crawls.upgradeToVerified(e.eventId, "Google", "66.249.64.0/27")).toBe(true);
      expect(await crawls.upgradeToVerified(e.eventId, "Google", "66.249.64.0/27")).toBe(false);
      expect(await crawls.upgradeToVerified(v.eventId, null, null)).toBe(false);
      expect(await crawls.upgradeToVerified("no-such-event", null, null)).toBe(false);
      expect(await crawls.botDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
        { day: "2026-11-20", botId: "googlebot", tier: "verified", count: 2 },
      ]);
      expect(await crawls.pathDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
        { day: "2026-11-20", path: "/", botId: "googlebot", tier: "verified", count: 1 },
        { day: "2026-11-20", path: "/p", botId: "googlebot", tier: "verified", count: 1 },
      ]);
      const [row] = (
        await crawls.listCrawls(d, new Date(0), new Date("2027-01-01T00:00:00.000Z"), 100)
      ).filter((r) => r.eventId === e.eventId);
      expect(row).toMatchObject({
        verdict: "verified",
        botOperator: "Google",
        matchedRange: "66.249.64.0/27",
      });
    });

    it("counts every event exactly once under concurrent overlapping batches", async () => {
      const { crawls } = h();
      const events = Array.from({ length: 40 }, (_, i) => makeCrawl(d, { path: `/p${i % 7}` }));
      const batches = Array.from({ length: 8 }, (_, k) =>
        events.filter((_, i) => (i + k) % 3 !== 0),
      );
      const results = await Promise.all(batches.map((b) => crawls.appendCrawls(b, CAP)));
      expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(40);
      const total = (await crawls.botDayCounts(d, "2026-11-20", "2026-11-20")).reduce(
        (n, c) => n + c.count,
        0,
      );
      expect(total).toBe(40);
      const sum = <T>(rows: T[], n: (r: T) => number) => rows.reduce((a, r) => a + n(r), 0);
      const day = ["2026-11-20", "2026-11-20"] as const;
      expect(sum(await crawls.daySummaryCounts(d, ...day), (r) => r.count)).toBe(40);
      expect(sum(await crawls.legacyDayCounts(d, ...day), (r) => r.total)).toBe(40);
      let served = 0;
      for (let i = 0; i < 7; i++)
        served += sum(await crawls.servedDayCounts(d, `/p${i}`, ...day), (r) => r.count);
      expect(served).toBe(40);
    });

    it("counts a path per day, bot, tier, servedFrom and snapshot, with lastSeenAt", async () => {
      const { crawls } = h();
      const ts = (iso: string) => new Date(`2026-11-${iso}Z`);
      const first = makeCrawl(d, { path: "/a", ts: ts("20T08:00:00.000") });
      await crawls.appendCrawls(
        [
          first,
          makeCrawl(d, { path: "/a", ts: ts("20T09:30:00.001") }),
          makeCrawl(d, { path: "/a", ts: ts("20T07:00:00.000"), snapshotId: "snap-b" }),
          makeCrawl(d, { path: "/a", ts: ts("20T06:00:00.000"), snapshotId: "snap-a" }),
          makeCrawl(d, { path: "/a", ts: ts("20T05:00:00.000"), servedFrom: "render" }),
          makeCrawl(d, { path: "/a", ts: ts("20T04:00:00.000"), verdict: "verified" }),
          makeCrawl(d, { path: "/a", ts: ts("20T03:00:00.000"), botId: "bingbot" }),
          makeCrawl(d, {
            path: "/a",
            ts: ts("21T03:00:00.000"),
            botId: "unknown",
            verdict: "automation",
          }),
          makeCrawl(d, { path: "/a", ts: ts("22T03:00:00.000") }),
          makeCrawl(d, { path: "/b", ts: ts("20T10:00:00.000") }),
          makeCrawl("other-domain", { path: "/a" }),
        ],
        CAP,
      );
      await crawls.appendCrawls([{ ...first, ts: ts("20T23:00:00.000") }], CAP);
      const entry = (
        day: string,
        botId: string,
        tier: string,
        servedFrom: string,
        snapshotId: string | null,
        count: number,
        lastSeenAt: string,
      ) => ({ day, botId, tier, servedFrom, snapshotId, count, lastSeenAt: ts(lastSeenAt) });
      expect(await crawls.servedDayCounts(d, "/a", "2026-11-20", "2026-11-21")).toEqual([
        entry("2026-11-20", "bingbot", "declared", "cache", null, 1, "20T03:00:00.000"),
        entry("2026-11-20", "googlebot", "declared", "cache", null, 2, "20T09:30:00.001"),
        entry("2026-11-20", "googlebot", "declared", "cache", "snap-a", 1, "20T06:00:00.000"),
        entry("2026-11-20", "googlebot", "declared", "cache", "snap-b", 1, "20T07:00:00.000"),
        entry("2026-11-20", "googlebot", "declared", "render", null, 1, "20T05:00:00.000"),
        entry("2026-11-20", "googlebot", "verified", "cache", null, 1, "20T04:00:00.000"),
        entry("2026-11-21", "unknown", "unknown", "cache", null, 1, "21T03:00:00.000"),
      ]);
      expect(await crawls.servedDayCounts(d, "/a", "2026-11-22", "2026-11-22")).toHaveLength(1);
      expect(await crawls.servedDayCounts(d, "/b", "2026-11-21", "2026-11-22")).toEqual([]);
      expect(await crawls.servedDayCounts(d, "/none", "2026-11-01", "2026-11-30")).toEqual([]);
    });

    it("counts served entries of paths beyond the cap under __overflow__", async () => {
      const { crawls } = h();
      await crawls.appendCrawls(
        [
          makeCrawl(d, { path: "/a" }),
          makeCrawl(d, { path: "/b", snapshotId: "s" }),
          makeCrawl(d, { path: "/b", servedFrom: "origin" }),
        ],
        { pathCap: 1 },
      );
      const day = ["2026-11-20", "2026-11-20"] as const;
      expect(await crawls.servedDayCounts(d, "/b", ...day)).toEqual([]);
      expect(
        (await crawls.servedDayCounts(d, "__overflow__", ...day)).map((r) => [
          r.servedFrom,
          r.snapshotId,
          r.count,
        ]),
      ).toEqual([
        ["cache", "s", 1],
        ["origin", null, 1],
      ]);
      expect((await crawls.pathDayCounts(d, ...day)).map((r) => [r.path, r.count])).toEqual([
        ["/a", 1],
        ["__overflow__", 2],
      ]);
    });

    it("summarises crawls per day and servedFrom, every bot and tier", async () => {
      const { crawls } = h();
      await crawls.appendCrawls(
        [
          makeCrawl(d, { servedFrom: "render" }),
          makeCrawl(d, { servedFrom: "cache", botId: "unknown", verdict: "automation" }),
          makeCrawl(d, { servedFrom: "cache", verdict: "verified" }),
          makeCrawl(d, { servedFrom: "origin", botId: "unknown", verdict: "unknown" }),
          makeCrawl(d, { servedFrom: "origin", ts: new Date("2026-11-19T23:59:59.999Z") }),
          makeCrawl(d, { servedFrom: "origin", ts: new Date("2026-11-22T00:00:00.000Z") }),
          makeCrawl("other-domain"),
        ],
        CAP,
      );
      expect(await crawls.daySummaryCounts(d, "2026-11-19", "2026-11-21")).toEqual([
        { day: "2026-11-19", servedFrom: "origin", count: 1 },
        { day: "2026-11-20", servedFrom: "cache", count: 2 },
        { day: "2026-11-20", servedFrom: "origin", count: 1 },
        { day: "2026-11-20", servedFrom: "render", count: 1 },
      ]);
      expect(await crawls.daySummaryCounts(d, "2026-11-23", "2026-11-30")).toEqual([]);
    });

    it("counts crawls per legacy key with verified, and adds imported days", async () => {
      const { crawls } = h();
      const old = { ts: new Date("2026-07-08T12:00:00.000Z") };
      await crawls.appendCrawls(
        [
          makeCrawl(d, { verdict: "verified" }),
          makeCrawl(d, { botId: "googleother", userAgent: "GoogleOther" }),
          makeCrawl(d, { botId: "gptbot", userAgent: "GPTBot/1.0" }),
          makeCrawl(d, { botId: "unknown", verdict: "unknown", userAgent: "Tumblr/14.0" }),
          makeCrawl(d, { botId: "unknown", verdict: "unknown", userAgent: "Mozilla/5.0" }),
          makeCrawl(d, { botId: "unknown", verdict: "automation", userAgent: "curl/8.5.0" }),
          makeCrawl(d, { botId: "ahrefsbot", userAgent: "AhrefsBot/7.0" }),
          makeCrawl(d, { ...old, botId: "gptbot", userAgent: "GPTBot/1.0" }),
        ],
        CAP,
      );
      await crawls.addLegacyCounts(d, "2026-07-08", [
        { key: "gptbot", total: 10, verified: 0 },
        { key: "googlebot", total: 5, verified: 4 },
        { key: "ccbot", total: 0, verified: 0 },
      ]);
      await crawls.addLegacyCounts(d, "2026-07-08", [{ key: "googlebot", total: 1, verified: 1 }]);
      await crawls.addLegacyCounts("other-domain", "2026-07-08", [
        { key: "ccbot", total: 1, verified: 0 },
      ]);
      await expect(
        crawls.addLegacyCounts(d, "2026-07-08", [
          { key: "bingbot", total: 1, verified: 0 },
          { key: "nobot", total: 1, verified: 0 },
        ]),
      ).rejects.toThrow(RangeError);
      await expect(
        crawls.addLegacyCounts(d, "2026-07-09", [{ key: "bingbot", total: 1, verified: 0 }]),
      ).rejects.toThrow(RangeError);
      expect(await crawls.legacyDayCounts(d, "2026-07-08", "2026-11-20")).toEqual([
        { day: "2026-07-08", key: "googlebot", total: 6, verified: 5 },
        { day: "2026-07-08", key: "gptbot", total: 11, verified: 0 },
        { day: "2026-11-20", key: "googlebot", total: 2, verified: 1 },
        { day: "2026-11-20", key: "gptbot", total: 1, verified: 0 },
        { day: "2026-11-20", key: "social_other", total: 1, verified: 0 },
      ]);
      expect(await crawls.legacyDayCounts(d, "2026-07-09", "2026-11-19")).toEqual([]);
    });

    crawlEventSnapshotCases(h);

    it("counts signed crawls per day, outcome and agent origin; unsigned ones not at all", async () => {
      const { crawls } = h();
      const signed = (signature: "verified" | "invalid" | "unverified", agent: string | null) => ({
        botId: "chatgpt-agent",
        signature,
        signatureAgent: agent,
      });
      const chatgpt = "https://chatgpt.com";
      const other = "https://agent.example";
      await crawls.appendCrawls(
        [
          makeCrawl(d, { ...signed("verified", chatgpt), verdict: "verified" }),
          makeCrawl(d, { ...signed("verified", chatgpt), verdict: "verified" }),
          makeCrawl(d, signed("invalid", chatgpt)),
          makeCrawl(d, signed("invalid", null)),
          makeCrawl(d, signed("unverified", other)),
          makeCrawl(d, { ...signed("verified", other), ts: new Date("2026-11-19T23:59:59.999Z") }),
          makeCrawl(d, { ...signed("verified", other), ts: new Date("2026-11-22T00:00:00.000Z") }),
          makeCrawl(d),
          makeCrawl("other-domain", signed("verified", chatgpt)),
        ],
        CAP,
      );
      expect(await crawls.signedAgentDayCounts(d, "2026-11-19", "2026-11-21")).toEqual([
        { day: "2026-11-19", agent: other, signature: "verified", count: 1 },
        { day: "2026-11-20", agent: null, signature: "invalid", count: 1 },
        { day: "2026-11-20", agent: chatgpt, signature: "invalid", count: 1 },
        { day: "2026-11-20", agent: other, signature: "unverified", count: 1 },
        { day: "2026-11-20", agent: chatgpt, signature: "verified", count: 2 },
      ]);
      expect(await crawls.signedAgentDayCounts(d, "2026-11-23", "2026-11-30")).toEqual([]);
    });

    it("moves a late verification in the served and legacy counts, not in the summary", async () => {
      const { crawls } = h();
      const e = makeCrawl(d, { path: "/p", ts: new Date("2026-11-20T08:00:00.000Z") });
      const later = makeCrawl(d, { path: "/p", ts: new Date("2026-11-20T09:00:00.000Z") });
      const alone = makeCrawl(d, { path: "/q", servedFrom: "render", snapshotId: "s" });
      await crawls.appendCrawls([e, later, alone], CAP);
      await crawls.upgradeToVerified(e.eventId, "Google", "66.249.64.0/27");
      await crawls.upgradeToVerified(alone.eventId, "Google", "66.249.64.0/27");
      const day = ["2026-11-20", "2026-11-20"] as const;
      expect(
        (await crawls.servedDayCounts(d, "/p", ...day)).map((r) => [
          r.tier,
          r.count,
          r.lastSeenAt.toISOString(),
        ]),
      ).toEqual([
        ["declared", 1, "2026-11-20T09:00:00.000Z"],
        ["verified", 1, "2026-11-20T08:00:00.000Z"],
      ]);
      expect(
        (await crawls.servedDayCounts(d, "/q", ...day)).map((r) => [r.tier, r.snapshotId, r.count]),
      ).toEqual([["verified", "s", 1]]);
      expect(await crawls.legacyDayCounts(d, ...day)).toEqual([
        { day: "2026-11-20", key: "googlebot", total: 3, verified: 2 },
      ]);
      expect(await crawls.daySummaryCounts(d, ...day)).toEqual([
        { day: "2026-11-20", servedFrom: "cache", count: 2 },
        { day: "2026-11-20", servedFrom: "render", count: 1 },
      ]);
    });
  });
}
