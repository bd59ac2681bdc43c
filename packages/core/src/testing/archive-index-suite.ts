import { describe, expect, it } from "vitest";
import { archiveRowOf } from "../archive/archive-files.js";
import type { ArchiveFile, ArchiveIndex, ArchiveRow, CrawlStore } from "../ports/index.js";
import type { CrawlRecord } from "../types.js";
import { makeCrawl } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";

const D1 = "00000000-0000-4000-8000-0000000000a1";
const D2 = "00000000-0000-4000-8000-0000000000a2";

function file(domainId: string, day: string, part: number, over: Partial<ArchiveFile> = {}) {
  return {
    domainId,
    day,
    part,
    key: `archive/${domainId}/${day}/${part}-abc.parquet`,
    contentHash: "ab".repeat(32),
    sizeBytes: 1234 + part,
    rowCount: 10 + part,
    rowGroupOffsets: [4, 900],
    frozen: false,
    closedAt: new Date("2026-11-21T00:05:00.000Z"),
    ...over,
  } satisfies ArchiveFile;
}

/** The ArchiveIndex contract (see `ports/`), for every adapter. */
export function archiveIndexSuite(
  name: string,
  setup: () => Promise<Harness<{ archive: ArchiveIndex }>>,
): void {
  describe(`ArchiveIndex conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("lists a domain's files in the window by day then part, every field as stored", async () => {
      const { archive } = h();
      expect(await archive.listArchiveFiles(D1, "2026-11-01", "2026-11-30")).toEqual([]);
      await archive.replaceDay(D1, "2026-11-03", [file(D1, "2026-11-03", 0)]);
      const busy = [0, 1, 2].map((p) => file(D1, "2026-11-02", p, { frozen: true }));
      expect(await archive.replaceDay(D1, "2026-11-02", busy)).toEqual({ ok: true, replaced: [] });
      await archive.replaceDay(D2, "2026-11-02", [file(D2, "2026-11-02", 0)]);
      const listed = await archive.listArchiveFiles(D1, "2026-11-02", "2026-11-03");
      expect(listed.map((f) => [f.day, f.part])).toEqual([
        ["2026-11-02", 0],
        ["2026-11-02", 1],
        ["2026-11-02", 2],
        ["2026-11-03", 0],
      ]);
      expect(listed[1]).toEqual(busy[1]);
      expect(listed[3]).toEqual(file(D1, "2026-11-03", 0));
      expect(await archive.listArchiveFiles(D1, "2026-11-03", "2026-11-03")).toHaveLength(1);
      expect(await archive.listArchiveFiles(D1, "2026-11-04", "2026-11-30")).toEqual([]);
    });

    it("replaces a provisional day atomically and returns what it replaced", async () => {
      const { archive } = h();
      const first = [file(D1, "2026-11-02", 0), file(D1, "2026-11-02", 1)];
      await archive.replaceDay(D1, "2026-11-02", first);
      const second = [file(D1, "2026-11-02", 0, { contentHash: "cd".repeat(32) })];
      expect(await archive.replaceDay(D1, "2026-11-02", second)).toEqual({
        ok: true,
        replaced: first,
      });
      expect(await archive.listArchiveFiles(D1, "2026-11-02", "2026-11-02")).toEqual(second);
    });

    it("never changes a frozen day again", async () => {
      const { archive } = h();
      const frozen = [file(D1, "2026-11-02", 0, { frozen: true })];
      await archive.replaceDay(D1, "2026-11-02", frozen);
      const again = [file(D1, "2026-11-02", 0, { contentHash: "ef".repeat(32) })];
      expect(await archive.replaceDay(D1, "2026-11-02", again)).toEqual({
        ok: false,
        reason: "frozen",
      });
      expect(await archive.replaceDay(D1, "2026-11-02", [])).toEqual({
        ok: false,
        reason: "frozen",
      });
      expect(await archive.listArchiveFiles(D1, "2026-11-02", "2026-11-02")).toEqual(frozen);
    });

    it("appends frozen parts after a frozen day's files, numbered on, and nothing else", async () => {
      const { archive } = h();
      const day = "2026-11-02";
      const late = (part: number, over: Partial<ArchiveFile> = {}) =>
        file(D1, day, part, { frozen: true, contentHash: "7".repeat(64), ...over });
      expect(await archive.appendFrozenParts(D1, day, [late(0)])).toEqual({
        ok: false,
        reason: "not_frozen",
      });
      await archive.replaceDay(D1, day, [file(D1, day, 0)]);
      expect(await archive.appendFrozenParts(D1, day, [late(1)])).toEqual({
        ok: false,
        reason: "not_frozen",
      });
      const frozen = [0, 1].map((p) => file(D1, day, p, { frozen: true }));
      await archive.replaceDay(D2, day, [file(D2, day, 0, { frozen: true })]);
      await archive.replaceDay(D1, day, frozen);
      for (const wrong of [[late(1)], [late(3)], [late(2), late(4)], [late(2, { frozen: false })]])
        expect(await archive.appendFrozenParts(D1, day, wrong)).toEqual({
          ok: false,
          reason: "parts_changed",
        });
      expect(await archive.listArchiveFiles(D1, day, day)).toEqual(frozen);
      expect(await archive.appendFrozenParts(D1, day, [late(2), late(3)])).toEqual({ ok: true });
      expect(await archive.listArchiveFiles(D1, day, day)).toEqual([...frozen, late(2), late(3)]);
      // The same numbers a second time (a concurrent close) are refused; the day stays frozen.
      expect(await archive.appendFrozenParts(D1, day, [late(2)])).toEqual({
        ok: false,
        reason: "parts_changed",
      });
      expect(await archive.replaceDay(D1, day, [])).toEqual({ ok: false, reason: "frozen" });
      expect(await archive.listArchiveFiles(D2, day, day)).toHaveLength(1);
    });

    it("under concurrent appends of the same part numbers, exactly one lands", async () => {
      const { archive } = h();
      const day = "2026-11-02";
      await archive.replaceDay(D1, day, [file(D1, day, 0, { frozen: true })]);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          archive.appendFrozenParts(D1, day, [
            file(D1, day, 1, { frozen: true, contentHash: String(i).repeat(64) }),
          ]),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await archive.listArchiveFiles(D1, day, day)).toHaveLength(2);
    });

    it("under concurrent replacements of one day, a frozen set is never overwritten", async () => {
      const { archive } = h();
      const sets = Array.from({ length: 6 }, (_, i) => [
        file(D1, "2026-11-02", 0, { contentHash: String(i).repeat(64), frozen: i % 2 === 0 }),
      ]);
      const results = await Promise.all(sets.map((s) => archive.replaceDay(D1, "2026-11-02", s)));
      const stored = await archive.listArchiveFiles(D1, "2026-11-02", "2026-11-02");
      expect(stored).toHaveLength(1);
      const firstFrozen = results.findIndex((r, i) => r.ok && sets[i]?.[0]?.frozen);
      expect(firstFrozen).toBeGreaterThanOrEqual(0);
      expect(stored[0]?.frozen).toBe(true);
      // Once a frozen set landed, every later replacement was refused.
      expect(results.filter((r) => r.ok && stored[0]?.contentHash).length).toBeGreaterThan(0);
    });

    it("lists days before a day for retention and forgets a day", async () => {
      const { archive } = h();
      await archive.replaceDay(D2, "2025-10-01", [file(D2, "2025-10-01", 0)]);
      await archive.replaceDay(D1, "2025-10-01", [file(D1, "2025-10-01", 0)]);
      await archive.replaceDay(D1, "2025-09-30", [
        file(D1, "2025-09-30", 0, { frozen: true }),
        file(D1, "2025-09-30", 1, { frozen: true }),
      ]);
      await archive.replaceDay(D1, "2025-10-02", [file(D1, "2025-10-02", 0)]);
      expect(await archive.daysBefore("2025-10-02", 10)).toEqual([
        { domainId: D1, day: "2025-09-30" },
        { domainId: D1, day: "2025-10-01" },
        { domainId: D2, day: "2025-10-01" },
      ]);
      expect(await archive.daysBefore("2025-10-02", 1)).toEqual([
        { domainId: D1, day: "2025-09-30" },
      ]);
      expect(await archive.forgetDay(D1, "2025-09-30")).toBe(2);
      expect(await archive.forgetDay(D1, "2025-09-30")).toBe(0);
      expect(await archive.listArchiveFiles(D1, "2025-09-01", "2025-10-31")).toHaveLength(2);
    });

    it("gives a day's lease to one holder until it expires or is released", async () => {
      const { archive } = h();
      const t0 = new Date("2026-11-21T00:00:00.000Z");
      const later = (ms: number) => new Date(t0.getTime() + ms);
      expect(await archive.acquireDayLease(D1, "2026-11-20", "a", t0, 60_000)).toBe(true);
      expect(await archive.acquireDayLease(D1, "2026-11-20", "b", later(1000), 60_000)).toBe(false);
      expect(await archive.acquireDayLease(D1, "2026-11-19", "b", later(1000), 60_000)).toBe(true);
      expect(await archive.acquireDayLease(D2, "2026-11-20", "b", later(1000), 60_000)).toBe(true);
      // The holder renews; another takes it once it expired.
      expect(await archive.acquireDayLease(D1, "2026-11-20", "a", later(2000), 60_000)).toBe(true);
      expect(await archive.acquireDayLease(D1, "2026-11-20", "b", later(61_000), 60_000)).toBe(
        false,
      );
      expect(await archive.acquireDayLease(D1, "2026-11-20", "b", later(62_000), 60_000)).toBe(
        true,
      );
      // Releasing someone else's lease changes nothing; the holder's release frees it.
      await archive.releaseDayLease(D1, "2026-11-20", "a");
      expect(await archive.acquireDayLease(D1, "2026-11-20", "c", later(63_000), 60_000)).toBe(
        false,
      );
      await archive.releaseDayLease(D1, "2026-11-20", "b");
      expect(await archive.acquireDayLease(D1, "2026-11-20", "c", later(63_000), 60_000)).toBe(
        true,
      );
    });

    it("hands a free lease to exactly one of many concurrent callers", async () => {
      const { archive } = h();
      const now = new Date("2026-11-21T00:00:00.000Z");
      const won = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          archive.acquireDayLease(D1, "2026-11-20", `h${i}`, now, 60_000),
        ),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it("keeps the latest closed-through day per scope; a domain sees the later of its own and '*'", async () => {
      const { archive } = h();
      expect(await archive.closedThrough(D1)).toBeNull();
      await archive.markClosedThrough(D1, "2026-11-10");
      await archive.markClosedThrough(D1, "2026-11-08");
      expect(await archive.closedThrough(D1)).toBe("2026-11-10");
      expect(await archive.closedThrough(D2)).toBeNull();
      await archive.markClosedThrough("*", "2026-11-12");
      expect(await archive.closedThrough(D1)).toBe("2026-11-12");
      expect(await archive.closedThrough(D2)).toBe("2026-11-12");
      await archive.markClosedThrough(D2, "2026-11-15");
      expect(await archive.closedThrough(D2)).toBe("2026-11-15");
    });
  });
}

/** The CrawlDays contract (see `ports/`): the raw rows of whole days, for the day close. */
export function crawlDaysSuite(
  name: string,
  setup: () => Promise<Harness<{ crawls: CrawlStore }>>,
): void {
  describe(`CrawlDays conformance: ${name}`, () => {
    const h = useHarness(setup);
    const at = (iso: string) => new Date(iso);
    const options = { pathCap: 1000 };

    it("lists the hot domain-days up to a day, each once, by day then domain", async () => {
      const { crawls } = h();
      expect(await crawls.hotCrawlDays("2026-12-31")).toEqual([]);
      await crawls.appendCrawls(
        [
          makeCrawl(D2, { ts: at("2026-11-02T23:59:59.999Z") }),
          makeCrawl(D1, { ts: at("2026-11-02T00:00:00.000Z") }),
          makeCrawl(D1, { ts: at("2026-11-02T12:00:00.000Z") }),
          makeCrawl(D1, { ts: at("2026-11-03T00:00:00.000Z") }),
        ],
        options,
      );
      expect(await crawls.hotCrawlDays("2026-11-02")).toEqual([
        { domainId: D1, day: "2026-11-02" },
        { domainId: D2, day: "2026-11-02" },
      ]);
      expect(await crawls.hotCrawlDays("2026-11-03")).toHaveLength(3);
    });

    it("pages a day's raw rows in ts then eventId order with a keyset", async () => {
      const { crawls } = h();
      const same = at("2026-11-02T10:00:00.000Z");
      const rows = [
        makeCrawl(D1, {
          eventId: "e-b",
          ts: same,
          path: '/é,"x"',
          bytes: 5_000_000_000,
          botOperator: "Google",
          matchedRange: "66.249.64.0/19",
          contentHash: "f".repeat(64),
          ipAsn: 4_200_000_000,
          signatureAgent: "https://chatgpt.com",
          signature: "verified",
        }),
        makeCrawl(D1, { eventId: "e-a", ts: same }),
        makeCrawl(D1, { eventId: "e-0", ts: at("2026-11-02T09:00:00.000Z") }),
        makeCrawl(D1, { eventId: "e-z", ts: at("2026-11-02T23:59:59.999Z") }),
        makeCrawl(D1, { eventId: "e-prev", ts: at("2026-11-01T23:59:59.999Z") }),
        makeCrawl(D1, { eventId: "e-next", ts: at("2026-11-03T00:00:00.000Z") }),
        makeCrawl(D2, { eventId: "e-other", ts: same }),
      ];
      await crawls.appendCrawls(rows, options);
      const all = await crawls.listDayRows(D1, "2026-11-02", null, 100);
      expect(all.map((r) => r[0])).toEqual(["e-0", "e-a", "e-b", "e-z"]);
      expect(all[2]).toEqual(archiveRowOf(rows[0] as CrawlRecord));
      const first = await crawls.listDayRows(D1, "2026-11-02", null, 2);
      expect(first.map((r) => r[0])).toEqual(["e-0", "e-a"]);
      const key = (r: ArchiveRow | undefined) => ({ ts: r?.[1] ?? 0, eventId: r?.[0] ?? "" });
      const next = await crawls.listDayRows(D1, "2026-11-02", key(first[1]), 2);
      expect(next.map((r) => r[0])).toEqual(["e-b", "e-z"]);
      expect(await crawls.listDayRows(D1, "2026-11-02", key(next[1]), 2)).toEqual([]);
    });

    it("drops a day's raw rows and nothing of the aggregates", async () => {
      const { crawls } = h();
      await crawls.appendCrawls(
        [
          makeCrawl(D1, { ts: at("2026-11-02T01:00:00.000Z"), path: "/a" }),
          makeCrawl(D1, { ts: at("2026-11-02T02:00:00.000Z"), path: "/b" }),
          makeCrawl(D1, { ts: at("2026-11-03T02:00:00.000Z"), path: "/b" }),
          makeCrawl(D2, { ts: at("2026-11-02T02:00:00.000Z") }),
        ],
        options,
      );
      const before = {
        bots: await crawls.botDayCounts(D1, "2026-11-01", "2026-11-05"),
        paths: await crawls.pathDayCounts(D1, "2026-11-01", "2026-11-05"),
        summary: await crawls.daySummaryCounts(D1, "2026-11-01", "2026-11-05"),
      };
      expect(await crawls.dropDayCrawls(D1, "2026-11-02")).toBe(2);
      expect(await crawls.dropDayCrawls(D1, "2026-11-02")).toBe(0);
      expect(await crawls.listDayRows(D1, "2026-11-02", null, 10)).toEqual([]);
      expect(await crawls.listDayRows(D1, "2026-11-03", null, 10)).toHaveLength(1);
      expect(await crawls.listDayRows(D2, "2026-11-02", null, 10)).toHaveLength(1);
      expect(await crawls.hotCrawlDays("2026-11-30")).toEqual([
        { domainId: D2, day: "2026-11-02" },
        { domainId: D1, day: "2026-11-03" },
      ]);
      expect({
        bots: await crawls.botDayCounts(D1, "2026-11-01", "2026-11-05"),
        paths: await crawls.pathDayCounts(D1, "2026-11-01", "2026-11-05"),
        summary: await crawls.daySummaryCounts(D1, "2026-11-01", "2026-11-05"),
      }).toEqual(before);
    });

    it("drops only the named raw rows of a day, and nothing of the aggregates", async () => {
      const { crawls } = h();
      const day = (eventId: string, iso: string, domainId = D1) =>
        makeCrawl(domainId, { eventId, ts: at(iso) });
      await crawls.appendCrawls(
        [
          day("k-1", "2026-11-02T01:00:00.000Z"),
          day("k-2", "2026-11-02T02:00:00.000Z"),
          day("k-3", "2026-11-02T03:00:00.000Z"),
          day("k-4", "2026-11-03T01:00:00.000Z"),
          day("k-5", "2026-11-02T01:00:00.000Z", D2),
        ],
        options,
      );
      const before = await crawls.botDayCounts(D1, "2026-11-01", "2026-11-05");
      // Ids of another day or domain, and unknown ids, are not dropped.
      expect(
        await crawls.dropDayCrawls(D1, "2026-11-02", ["k-1", "k-3", "k-4", "k-5", "nope"]),
      ).toBe(2);
      expect(await crawls.dropDayCrawls(D1, "2026-11-02", ["k-1"])).toBe(0);
      expect(await crawls.dropDayCrawls(D1, "2026-11-02", [])).toBe(0);
      expect((await crawls.listDayRows(D1, "2026-11-02", null, 10)).map((r) => r[0])).toEqual([
        "k-2",
      ]);
      expect(await crawls.listDayRows(D1, "2026-11-03", null, 10)).toHaveLength(1);
      expect(await crawls.listDayRows(D2, "2026-11-02", null, 10)).toHaveLength(1);
      expect(await crawls.botDayCounts(D1, "2026-11-01", "2026-11-05")).toEqual(before);
      // More ids than one statement binds.
      const many = Array.from({ length: 12_000 }, (_, i) => `x-${i}`);
      expect(await crawls.dropDayCrawls(D1, "2026-11-02", [...many, "k-2"])).toBe(1);
    });

    it("drops the named rows of several domains of a day at once, counted per entry", async () => {
      const { crawls } = h();
      const day = (eventId: string, iso: string, domainId = D1) =>
        makeCrawl(domainId, { eventId, ts: at(iso) });
      const stored = [
        ["k-1", "2026-11-02T01:00:00.000Z", D1],
        ["k-2", "2026-11-02T02:00:00.000Z", D1],
        ["k-3", "2026-11-03T01:00:00.000Z", D1],
        ["k-5", "2026-11-02T01:00:00.000Z", D2],
        ["k-6", "2026-11-02T23:59:59.999Z", D2],
      ] as const;
      await crawls.appendCrawls(
        stored.map(([id, iso, domainId]) => day(id, iso, domainId)),
        options,
      );
      const before = await crawls.botDayCounts(D1, "2026-11-01", "2026-11-05");
      const drops = [
        // Ids of another day or domain, unknown and repeated ids are not dropped twice.
        { domainId: D1, eventIds: ["k-1", "k-3", "k-5", "nope", "k-1"] },
        { domainId: D2, eventIds: ["k-5", "k-6"] },
      ];
      expect(await crawls.dropFrozenDay("2026-11-02", drops)).toEqual([1, 2]);
      expect(await crawls.dropFrozenDay("2026-11-02", drops)).toEqual([0, 0]);
      expect((await crawls.listDayRows(D1, "2026-11-02", null, 10)).map((r) => r[0])).toEqual([
        "k-2",
      ]);
      expect(await crawls.listDayRows(D2, "2026-11-02", null, 10)).toEqual([]);
      // Every row of the day named: the day goes whole, the next day stays.
      expect(
        await crawls.dropFrozenDay("2026-11-02", [{ domainId: D1, eventIds: ["k-2"] }]),
      ).toEqual([1]);
      expect(await crawls.hotCrawlDays("2026-11-30")).toEqual([
        { domainId: D1, day: "2026-11-03" },
      ]);
      expect(await crawls.botDayCounts(D1, "2026-11-01", "2026-11-05")).toEqual(before);
      // A late crawl of the dropped day is stored, listed and dropped like any other.
      await crawls.appendCrawls([day("late", "2026-11-02T03:00:00.000Z")], options);
      expect((await crawls.listDayRows(D1, "2026-11-02", null, 10)).map((r) => r[0])).toEqual([
        "late",
      ]);
      expect(
        await crawls.dropFrozenDay("2026-11-02", [{ domainId: D1, eventIds: ["late"] }]),
      ).toEqual([1]);
      expect(await crawls.listDayRows(D1, "2026-11-03", null, 10)).toHaveLength(1);
    });

    it("keeps every row stored and readable as day storage is prepared ahead and swept", async () => {
      const { crawls } = h();
      const rows = [
        makeCrawl(D1, { eventId: "p-1", ts: at("2026-11-02T01:00:00.000Z") }),
        makeCrawl(D2, { eventId: "p-2", ts: at("2026-11-03T01:00:00.000Z") }),
      ];
      await crawls.appendCrawls(rows, options);
      const first = await crawls.prepareCrawlDays("2026-11-02", 2, "2026-10-30");
      const ahead = ["2026-11-02", "2026-11-03", "2026-11-04"];
      expect(first.created.every((d) => ahead.includes(d))).toBe(true);
      expect(first.created).toEqual([...first.created].sort());
      expect(await crawls.prepareCrawlDays("2026-11-02", 2, "2026-10-30")).toEqual({
        created: [],
        dropped: [],
      });
      await crawls.appendCrawls(
        [makeCrawl(D1, { eventId: "p-3", ts: at("2026-11-04T01:00:00.000Z") })],
        options,
      );
      // Stored again: counted once.
      expect(await crawls.appendCrawls(rows, options)).toEqual({ inserted: 0 });
      await crawls.dropDayCrawls(D1, "2026-11-02");
      // Days before the 4th are frozen: only a day holding no row may go.
      const swept = await crawls.prepareCrawlDays("2026-11-04", 0, "2026-11-04");
      expect(swept.dropped.every((d) => d < "2026-11-04")).toBe(true);
      expect(swept.dropped).not.toContain("2026-11-03");
      expect(await crawls.hotCrawlDays("2026-11-30")).toEqual([
        { domainId: D2, day: "2026-11-03" },
        { domainId: D1, day: "2026-11-04" },
      ]);
      expect(await crawls.listDayRows(D2, "2026-11-03", null, 10)).toEqual([
        archiveRowOf(rows[1] as CrawlRecord),
      ]);
      expect(await crawls.listCrawls(D1, at("2026-11-01"), at("2026-11-30"), 10)).toHaveLength(1);
    });

    it("lists no hot day for a dropped day between hot ones, nor for a domain with none left", async () => {
      const { crawls } = h();
      await crawls.appendCrawls(
        ["01", "02", "03"].map((d) => makeCrawl(D1, { ts: at(`2026-11-${d}T05:00:00.000Z`) })),
        options,
      );
      await crawls.appendCrawls([makeCrawl(D2, { ts: at("2026-11-02T05:00:00.000Z") })], options);
      await crawls.dropDayCrawls(D1, "2026-11-02");
      await crawls.dropDayCrawls(D2, "2026-11-02");
      expect(await crawls.hotCrawlDays("2026-11-30")).toEqual([
        { domainId: D1, day: "2026-11-01" },
        { domainId: D1, day: "2026-11-03" },
      ]);
      // A late crawl of a dropped day makes it hot again.
      await crawls.appendCrawls([makeCrawl(D2, { ts: at("2026-11-02T06:00:00.000Z") })], options);
      expect(await crawls.hotCrawlDays("2026-11-02")).toEqual([
        { domainId: D1, day: "2026-11-01" },
        { domainId: D2, day: "2026-11-02" },
      ]);
    });
  });
}
