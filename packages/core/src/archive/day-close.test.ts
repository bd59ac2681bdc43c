import { createMemoryStores } from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { parquetReadObjects } from "hyparquet/src/index.js";
import { describe, expect, it } from "vitest";
import { makeCrawl, makeDomain, makeUser } from "../testing/fixtures.js";
import type { CrawlRecord } from "../types.js";
import { closeArchive } from "./close-archive.js";
import { createArchiveReader } from "./read-rows.js";

const at = (iso: string) => new Date(iso);

async function world(rows: (domainId: string) => CrawlRecord[]) {
  const stores = createMemoryStores();
  const user = makeUser();
  await stores.accounts.createUser(user);
  const domain = makeDomain(user.userId, { hostname: "shop.example" });
  await stores.accounts.createDomain(domain);
  const records = rows(domain.domainId);
  await stores.crawls.appendCrawls(records, { pathCap: 1000 });
  return { stores, domainId: domain.domainId, records };
}

const dayRows = (domainId: string, day: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeCrawl(domainId, {
      eventId: `${day}-${String(i).padStart(5, "0")}`,
      ts: at(`${day}T00:00:00.000Z`),
      path: `/p/${i % 7}`,
      verdict: "declared",
    }),
  );

describe("day close", () => {
  it("writes a provisional day as numbered parts that read back in order, and a frozen day once", async () => {
    const { stores, domainId } = await world((d) => [
      ...dayRows(d, "2026-11-18", 5),
      ...dayRows(d, "2026-11-10", 3),
    ]);
    const now = at("2026-11-20T00:10:00.000Z");
    const summary = await closeArchive(stores, now, { partRows: 2 });
    expect(summary).toMatchObject({ through: "2026-11-19", domainDays: 2, written: 2, frozen: 1 });
    const files = await stores.archive.listArchiveFiles(domainId, "2026-11-01", "2026-11-30");
    expect(files.map((f) => [f.day, f.part, f.rowCount, f.frozen])).toEqual([
      ["2026-11-10", 0, 2, true],
      ["2026-11-10", 1, 1, true],
      ["2026-11-18", 0, 2, false],
      ["2026-11-18", 1, 2, false],
      ["2026-11-18", 2, 1, false],
    ]);
    // Frozen: raw rows dropped, aggregates kept. Provisional: raw rows kept.
    expect(await stores.crawls.listDayRows(domainId, "2026-11-10", null, 10)).toEqual([]);
    expect(await stores.crawls.listDayRows(domainId, "2026-11-18", null, 10)).toHaveLength(5);
    expect(await stores.crawls.botDayCounts(domainId, "2026-11-10", "2026-11-10")).toEqual([
      { day: "2026-11-10", botId: "googlebot", tier: "declared", count: 3 },
    ]);
    const reader = createArchiveReader(stores.blobs, 1 << 30);
    const back = [];
    for (const f of files.filter((x) => x.day === "2026-11-18"))
      back.push(...(await reader.readRows(f, 0, f.rowCount)));
    expect(back.map((r) => r.ts)).toEqual(Array(5).fill(BigInt(at("2026-11-18").getTime())));
    expect(back[0]).toMatchObject({
      domain: "shop.example",
      path: "/p/0",
      verdict_tier: "declared",
    });
    const whole = (await stores.blobs.getBlob(files[0]?.key ?? "")) as Uint8Array;
    const rows = await parquetReadObjects({ file: whole.buffer as ArrayBuffer });
    expect(rows).toHaveLength(2);
    expect(await stores.archive.closedThrough(domainId)).toBe("2026-11-19");
  });

  it("rewrites a provisional day after the next midnight with upgraded tiers, not before", async () => {
    const { stores, domainId, records } = await world((d) => dayRows(d, "2026-11-18", 3));
    await closeArchive(stores, at("2026-11-19T00:10:00.000Z"));
    const [first] = await stores.archive.listArchiveFiles(domainId, "2026-11-18", "2026-11-18");
    await stores.crawls.upgradeToVerified(records[1]?.eventId ?? "", "Google", "66.249.64.0/27");
    // Same UTC day: closed already, unchanged.
    expect(await closeArchive(stores, at("2026-11-19T05:00:00.000Z"))).toMatchObject({
      unchanged: 1,
      written: 0,
    });
    await closeArchive(stores, at("2026-11-20T00:10:00.000Z"));
    const [second] = await stores.archive.listArchiveFiles(domainId, "2026-11-18", "2026-11-18");
    expect(second?.contentHash).not.toBe(first?.contentHash);
    expect(await stores.blobs.hasBlob(first?.key ?? "")).toBe(false);
    const rows = await createArchiveReader(stores.blobs, 1 << 30).readRows(second as never, 0, 3);
    expect(rows.map((r) => r.verdict_tier)).toEqual(["declared", "verified", "declared"]);
    expect(rows[1]).toMatchObject({ matched_operator: "Google", matched_range: "66.249.64.0/27" });
  });

  it("freezes a day once it is more than three days old; its identity never changes again", async () => {
    const { stores, domainId } = await world((d) => dayRows(d, "2026-11-16", 4));
    await closeArchive(stores, at("2026-11-19T00:10:00.000Z")); // 3 days: provisional
    const [provisional] = await stores.archive.listArchiveFiles(
      domainId,
      "2026-11-16",
      "2026-11-16",
    );
    expect(provisional?.frozen).toBe(false);
    await closeArchive(stores, at("2026-11-20T00:10:00.000Z")); // 4 days: frozen
    const [frozen] = await stores.archive.listArchiveFiles(domainId, "2026-11-16", "2026-11-16");
    expect(frozen).toMatchObject({ frozen: true, contentHash: provisional?.contentHash });
    for (const day of ["2026-11-21", "2026-11-25"]) {
      await closeArchive(stores, at(`${day}T00:10:00.000Z`));
      expect(await stores.archive.listArchiveFiles(domainId, "2026-11-16", "2026-11-16")).toEqual([
        frozen,
      ]);
    }
  });

  it("appends crawls stored for a frozen day as a further frozen part, the stored parts untouched", async () => {
    const { stores, domainId } = await world((d) => dayRows(d, "2026-11-10", 3));
    await closeArchive(stores, at("2026-11-20T00:10:00.000Z"), { partRows: 2 });
    const frozen = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    const late = [
      makeCrawl(domainId, {
        eventId: "late-b",
        ts: at("2026-11-10T05:00:00.000Z"),
        path: "/late",
        verdict: "unknown",
        botId: "unknown",
      }),
      makeCrawl(domainId, { eventId: "late-a", ts: at("2026-11-10T01:00:00.000Z"), path: "/l" }),
    ];
    await stores.crawls.appendCrawls(late, { pathCap: 1000 });
    const summary = await closeArchive(stores, at("2026-11-21T00:10:00.000Z"), { partRows: 2 });
    expect(summary).toMatchObject({ appended: 1, files: 1, rows: 2, droppedRows: 2, frozen: 0 });
    const files = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(files.slice(0, 2)).toEqual(frozen);
    expect(files[2]).toMatchObject({ part: 2, rowCount: 2, frozen: true });
    expect(files[2]?.key).toMatch(/\/2026-11-10\/part-2-[0-9a-f]{16}\.parquet$/);
    const rows = await createArchiveReader(stores.blobs, 1 << 30).readRows(files[2] as never, 0, 2);
    // In archive order within the part; tiers as they were stored.
    expect(rows.map((r) => [r.path, r.verdict_tier])).toEqual([
      ["/l", "declared"],
      ["/late", "unknown"],
    ]);
    expect(await stores.crawls.listDayRows(domainId, "2026-11-10", null, 10)).toEqual([]);
    expect(await closeArchive(stores, at("2026-11-22T00:10:00.000Z"))).toMatchObject({
      domainDays: 0,
    });
    expect(await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10")).toEqual(
      files,
    );
  });

  it("finishes the drop of a close that died after indexing, frozen or appended, and nothing more", async () => {
    const { stores, domainId } = await world((d) => dayRows(d, "2026-11-10", 3));
    const dies = () => Promise.reject(new Error("killed"));
    const dying = { ...stores, crawls: { ...stores.crawls, dropDayCrawls: dies } };
    const close = (iso: string, deps = stores) => closeArchive(deps, at(iso), { partRows: 2 });
    await expect(close("2026-11-20T00:10:00.000Z", dying)).rejects.toThrow("killed");
    const frozen = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(frozen.map((f) => [f.part, f.frozen])).toEqual([
      [0, true],
      [1, true],
    ]);
    expect(await stores.crawls.listDayRows(domainId, "2026-11-10", null, 10)).toHaveLength(3);
    const late = makeCrawl(domainId, { eventId: "late", ts: at("2026-11-10T09:00:00.000Z") });
    await stores.crawls.appendCrawls([late], { pathCap: 1000 });
    // The next close drops the three archived rows and appends the late one.
    expect(await close("2026-11-21T00:10:00.000Z")).toMatchObject({
      appended: 1,
      rows: 1,
      droppedRows: 4,
    });
    const appended = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(appended.slice(0, 2)).toEqual(frozen);
    expect(appended.map((f) => f.rowCount)).toEqual([2, 1, 1]);
    // The same for an appended part: its row is dropped by the next close, not archived again.
    const later = makeCrawl(domainId, { eventId: "later", ts: at("2026-11-10T09:00:00.000Z") });
    await stores.crawls.appendCrawls([later], { pathCap: 1000 });
    await expect(close("2026-11-22T00:10:00.000Z", dying)).rejects.toThrow("killed");
    expect(await close("2026-11-23T00:10:00.000Z")).toMatchObject({ appended: 0, droppedRows: 1 });
    const after = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(after.map((f) => [f.part, f.rowCount])).toEqual([
      [0, 2],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(await stores.crawls.listDayRows(domainId, "2026-11-10", null, 10)).toEqual([]);
    for (const f of after)
      expect(await stores.blobs.hasBlob(f.key.replace(".parquet", ".drop"))).toBe(false);
  });

  it("archives a crawl imported again after its row was archived, as the analytics count it again", async () => {
    const { stores, domainId, records } = await world((d) => dayRows(d, "2026-11-10", 2));
    await closeArchive(stores, at("2026-11-20T00:10:00.000Z"));
    // The same events again (an access log imported twice): the same content, counted again.
    await stores.crawls.appendCrawls(records, { pathCap: 1000 });
    const counted = await stores.crawls.botDayCounts(domainId, "2026-11-10", "2026-11-10");
    expect(counted).toEqual([
      { day: "2026-11-10", botId: "googlebot", tier: "declared", count: 4 },
    ]);
    expect(await closeArchive(stores, at("2026-11-21T00:10:00.000Z"))).toMatchObject({
      appended: 1,
      rows: 2,
    });
    const files = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(files.reduce((n, f) => n + f.rowCount, 0)).toBe(4);
  });

  it("drops a frozen day's rows of every domain at once, after the day's last domain is closed", async () => {
    const { stores, domainId } = await world((d) => [
      ...dayRows(d, "2026-11-10", 3),
      ...dayRows(d, "2026-11-11", 2),
    ]);
    const other = makeDomain(makeUser().userId, { hostname: "other.example" });
    await stores.crawls.appendCrawls(
      [makeCrawl(other.domainId, { eventId: "o-1", ts: at("2026-11-10T05:00:00.000Z") })],
      { pathCap: 1000 },
    );
    const calls: string[] = [];
    const crawls = {
      ...stores.crawls,
      dropDayCrawls: () => Promise.reject(new Error("one domain at a time")),
      async dropFrozenDay(...args: Parameters<typeof stores.crawls.dropFrozenDay>) {
        const [day, drops] = args;
        // Every domain of the day is archived already when its rows go.
        const indexed = await stores.archive.listArchiveFiles(other.domainId, day, day);
        // Domains in id order (random ids): the counts sorted.
        const counts = drops.map((d) => d.eventIds.length).sort();
        calls.push(`${day} ${counts.join("+")} ${indexed.length}`);
        return stores.crawls.dropFrozenDay(...args);
      },
    };
    const summary = await closeArchive({ ...stores, crawls }, at("2026-11-20T00:10:00.000Z"));
    expect(calls).toEqual(["2026-11-10 1+3 1", "2026-11-11 2 0"]);
    expect(summary).toMatchObject({ frozen: 3, droppedRows: 6, rows: 6 });
    expect(await stores.crawls.hotCrawlDays("2026-11-30")).toEqual([]);
    // No drop list is left behind: the next close has nothing to finish.
    for (const id of [domainId, other.domainId])
      for (const f of await stores.archive.listArchiveFiles(id, "2026-11-10", "2026-11-11"))
        expect(await stores.blobs.hasBlob(f.key.replace(/\.parquet$/, ".drop"))).toBe(false);
  });

  it("keeps a crawl stored for a freezing day while the close reads it, for the next close", async () => {
    const { stores, domainId } = await world((d) => dayRows(d, "2026-11-10", 3));
    const crawls = {
      ...stores.crawls,
      async listDayRows(...args: Parameters<typeof stores.crawls.listDayRows>) {
        const rows = await stores.crawls.listDayRows(...args);
        // Stored after the close read the day: not in the files written now.
        await stores.crawls.appendCrawls(
          [makeCrawl(domainId, { eventId: "during", ts: at("2026-11-10T03:00:00.000Z") })],
          { pathCap: 1000 },
        );
        return rows;
      },
    };
    await closeArchive({ ...stores, crawls }, at("2026-11-20T00:10:00.000Z"));
    const rows = await stores.crawls.listDayRows(domainId, "2026-11-10", null, 10);
    expect(rows.map((r) => r[0])).toEqual(["during"]);
    await closeArchive(stores, at("2026-11-21T00:10:00.000Z"));
    const files = await stores.archive.listArchiveFiles(domainId, "2026-11-10", "2026-11-10");
    expect(files.map((f) => [f.part, f.rowCount])).toEqual([
      [0, 3],
      [1, 1],
    ]);
  });

  it("archives each crawl of a day once, whatever the interleaving of late crawls, closes and crashes (property)", async () => {
    const day = "2026-11-10";
    const opArb = fc.oneof(
      fc.record({ kind: fc.constant("crawl" as const), n: fc.integer({ min: 1, max: 3 }) }),
      // One of the crawls so far imported again: stored (and counted) again once its row is gone.
      fc.record({ kind: fc.constant("replay" as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant("close" as const),
        // Where the close dies (then runs again): before the index switch or before the drop.
        crash: fc.constantFrom(null, "index", "drop"),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 3 }),
        async (ops, partRows) => {
          const { stores, domainId } = await world(() => []);
          const stored: string[] = [];
          const made: CrawlRecord[] = [];
          let closes = 0;
          const close = async (crash: "index" | "drop" | null) => {
            // One close a day from 2026-11-11: the day is provisional for three, then frozen.
            const now = at(`2026-11-${String(11 + closes++).padStart(2, "0")}T00:10:00.000Z`);
            const dies = () => Promise.reject(new Error("killed"));
            const crashing = {
              ...stores,
              archive: {
                ...stores.archive,
                ...(crash === "index" ? { replaceDay: dies, appendFrozenParts: dies } : {}),
              },
              crawls: {
                ...stores.crawls,
                ...(crash === "drop" ? { dropDayCrawls: dies, dropFrozenDay: dies } : {}),
              },
            };
            if (crash) await closeArchive(crashing, now, { partRows }).catch(() => {});
            await closeArchive(stores, now, { partRows });
          };
          for (const op of ops) {
            if (op.kind === "close") await close(op.crash);
            else {
              const rows =
                op.kind === "crawl"
                  ? Array.from({ length: op.n }, (_, i) =>
                      makeCrawl(domainId, {
                        ts: at(`${day}T0${i}:00:00.000Z`),
                        path: `/c/${made.length + i}`,
                      }),
                    )
                  : made.slice(op.pick % Math.max(made.length, 1)).slice(0, 1);
              if (op.kind === "crawl") made.push(...rows);
              const { inserted } = await stores.crawls.appendCrawls(rows, { pathCap: 1000 });
              if (inserted === rows.length) stored.push(...rows.map((r) => r.path));
              else expect(inserted).toBe(0);
            }
          }
          // At least one close after the last crawl; the day is frozen by the fifth.
          do await close(null);
          while (closes < 5);
          const files = await stores.archive.listArchiveFiles(domainId, day, day);
          expect(files.map((f) => f.part)).toEqual(files.map((_, i) => i));
          expect(files.every((f) => f.frozen)).toBe(true);
          const reader = createArchiveReader(stores.blobs, 1 << 30);
          const archived: string[] = [];
          for (const f of files)
            archived.push(...(await reader.readRows(f, 0, f.rowCount)).map((r) => r.path));
          expect(archived.sort()).toEqual([...stored].sort());
          expect(await stores.crawls.listDayRows(domainId, day, null, 10)).toEqual([]);
          // As often as the analytics count them.
          const counts = await stores.crawls.pathDayCounts(domainId, day, day);
          expect(counts.reduce((n, c) => n + c.count, 0)).toBe(archived.length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("closes one domain-day on one instance at a time", async () => {
    const { stores, domainId } = await world((d) => dayRows(d, "2026-11-18", 3));
    const now = at("2026-11-20T00:10:00.000Z");
    await stores.archive.acquireDayLease(domainId, "2026-11-18", "other", now, 60_000);
    expect(await closeArchive(stores, now, { holder: "me" })).toMatchObject({
      skipped: 1,
      written: 0,
    });
    expect(await stores.archive.listArchiveFiles(domainId, "2026-11-18", "2026-11-18")).toEqual([]);
  });

  it("deletes files of days past the retention, and nothing the read model counts", async () => {
    const { stores, domainId } = await world((d) => dayRows(d, "2025-10-01", 2));
    await closeArchive(stores, at("2025-10-10T00:10:00.000Z"));
    const [file] = await stores.archive.listArchiveFiles(domainId, "2025-10-01", "2025-10-01");
    const counts = await stores.crawls.pathDayCounts(domainId, "2025-10-01", "2025-10-01");
    const summary = await closeArchive(stores, at("2026-11-05T00:10:00.000Z"));
    expect(summary.retention).toEqual({ days: 1, files: 1 });
    expect(await stores.archive.listArchiveFiles(domainId, "2025-10-01", "2025-10-01")).toEqual([]);
    expect(await stores.blobs.hasBlob(file?.key ?? "")).toBe(false);
    expect(await stores.crawls.pathDayCounts(domainId, "2025-10-01", "2025-10-01")).toEqual(counts);
  });
});
