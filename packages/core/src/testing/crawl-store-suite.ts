import { describe, expect, it } from "vitest";
import type { CrawlStore } from "../ports.js";
import type { CrawlRecord } from "../types.js";
import { type Harness, useHarness } from "./harness.js";

let seq = 0;
/** A valid crawl record; `eventId`s are unique unless given. */
export function makeCrawl(domainId: string, overrides: Partial<CrawlRecord> = {}): CrawlRecord {
  seq++;
  return {
    eventId: `evt-${seq}-${crypto.randomUUID()}`,
    domainId,
    ts: new Date("2026-11-20T10:00:00.000Z"),
    path: "/",
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)",
    uaHash: "0123456789abcdef",
    botId: "googlebot",
    verdict: "declared",
    servedFrom: "cache",
    status: 200,
    bytes: 1234,
    botOperator: null,
    matchedRange: null,
    contentHash: null,
    snapshotId: null,
    streamId: "s1",
    ipAsn: 0,
    ...overrides,
  };
}

const CAP = { pathCap: 1000 };

/** The CrawlStore contract (see ports.ts), for every adapter. */
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
    });
  });
}
