import { createMemoryBlobStore } from "@crawlgate/adapter-memory";
import { closeArchive } from "@crawlgate/core";
import { makeCrawl } from "@crawlgate/core/testing";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { KyselyHandle } from "../handle.js";
import { createKyselyStores } from "../index.js";
import { freshPostgres, type TestDatabase } from "../test-support/handles.js";
import { whenPostgres } from "../test-support/postgres.js";
import { dropNamedRows } from "./day-partitions.js";

const D1 = "00000000-0000-4000-8000-0000000000b1";
const D2 = "00000000-0000-4000-8000-0000000000b2";
const at = (iso: string) => new Date(iso);
const options = { pathCap: 1000 };

/** The days with a partition of `crawl_events`, from the catalog (pg_inherits). */
async function partitions(handle: KyselyHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'crawl_events'::regclass order by 1`.execute(handle.db);
  return rows.map((r) => r.name);
}

/** The oid of a table, or `null` once it is dropped (pg_class). */
async function oidOf(handle: KyselyHandle, name: string): Promise<number | null> {
  const { rows } = await sql<{ oid: number | null }>`
    select to_regclass(${name})::oid as oid`.execute(handle.db);
  return rows[0]?.oid ?? null;
}

async function rowsIn(handle: KyselyHandle, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(table)}`.execute(
    handle.db,
  );
  return Number(rows[0]?.n);
}

whenPostgres(() => {
  describe("crawl rows in day partitions (PostgreSQL)", () => {
    let db: TestDatabase;
    let stores: ReturnType<typeof createKyselyStores> & {
      blobs: ReturnType<typeof createMemoryBlobStore>;
    };
    beforeEach(async () => {
      db = await freshPostgres();
      stores = { ...createKyselyStores(db.handle), blobs: createMemoryBlobStore() };
    });
    afterEach(() => db.teardown());

    it("makes today's and the next days' partitions, moving rows of those days out of the default", async () => {
      const { crawls } = stores;
      const rows = [
        makeCrawl(D1, { ts: at("2026-11-20T01:00:00.000Z") }),
        makeCrawl(D1, { ts: at("2026-11-21T01:00:00.000Z") }),
      ];
      await crawls.appendCrawls(rows, options);
      expect(await partitions(db.handle)).toEqual(["crawl_events_default"]);
      expect(await rowsIn(db.handle, "crawl_events_default")).toBe(2);
      expect(await crawls.prepareCrawlDays("2026-11-20", 2, "2026-11-17")).toEqual({
        created: ["2026-11-20", "2026-11-21", "2026-11-22"],
        dropped: [],
      });
      expect(await partitions(db.handle)).toEqual([
        "crawl_events_20261120",
        "crawl_events_20261121",
        "crawl_events_20261122",
        "crawl_events_default",
      ]);
      expect(await rowsIn(db.handle, "crawl_events_default")).toBe(0);
      expect(await rowsIn(db.handle, "crawl_events_20261121")).toBe(1);
      expect(await crawls.listCrawls(D1, at("2026-11-01"), at("2026-12-01"), 10)).toEqual(rows);
      // Replays, also of another instant, are no-ops in their partitions as in the default.
      expect(await crawls.appendCrawls(rows, options)).toEqual({ inserted: 0 });
      const moved = { ...(rows[0] as (typeof rows)[0]), ts: at("2026-11-22T05:00:00.000Z") };
      expect(await crawls.appendCrawls([moved], options)).toEqual({ inserted: 0 });
      // Once the days are frozen, partitions holding rows stay (the day close drops them), an
      // empty one goes.
      expect(await crawls.prepareCrawlDays("2026-11-25", 0, "2026-11-23")).toEqual({
        created: ["2026-11-25"],
        dropped: ["2026-11-22"],
      });
    });

    it("freezes a day by DETACH and DROP of its partition, and archives stragglers of the default once", async () => {
      const { crawls, archive } = stores;
      await crawls.prepareCrawlDays("2026-11-10", 0, "2000-01-01");
      const partition = await oidOf(db.handle, "crawl_events_20261110");
      expect(partition).not.toBeNull();
      await crawls.appendCrawls(
        [
          ...[1, 2, 3].map((h) => makeCrawl(D1, { ts: at(`2026-11-10T0${h}:00:00.000Z`) })),
          ...[1, 2].map((h) => makeCrawl(D2, { ts: at(`2026-11-10T0${h}:00:00.000Z`) })),
          // A day without a partition: its rows sit in the default one.
          makeCrawl(D1, { ts: at("2026-11-11T01:00:00.000Z") }),
        ],
        options,
      );
      expect(await rowsIn(db.handle, "crawl_events_default")).toBe(1);
      const first = await closeArchive(stores, at("2026-11-20T00:10:00.000Z"));
      expect(first).toMatchObject({ frozen: 3, rows: 6, droppedRows: 6 });
      // The partition is gone from the catalog (not emptied row by row), the default emptied.
      expect(await partitions(db.handle)).toEqual(["crawl_events_default"]);
      expect(await oidOf(db.handle, "crawl_events_20261110")).toBeNull();
      expect(await rowsIn(db.handle, "crawl_events_default")).toBe(0);
      // A late crawl of the frozen day lands in the default partition: appended once, dropped.
      await crawls.appendCrawls(
        [makeCrawl(D1, { ts: at("2026-11-10T09:00:00.000Z"), eventId: "late" })],
        options,
      );
      expect(await rowsIn(db.handle, "crawl_events_default")).toBe(1);
      const second = await closeArchive(stores, at("2026-11-21T00:10:00.000Z"));
      expect(second).toMatchObject({ appended: 1, rows: 1, droppedRows: 1 });
      expect(await closeArchive(stores, at("2026-11-22T00:10:00.000Z"))).toMatchObject({
        domainDays: 0,
        rows: 0,
      });
      const archived = async (domainId: string, day: string) =>
        (await archive.listArchiveFiles(domainId, day, day)).reduce((n, f) => n + f.rowCount, 0);
      expect(await archived(D1, "2026-11-10")).toBe(4);
      expect(await archived(D2, "2026-11-10")).toBe(2);
      expect(await archived(D1, "2026-11-11")).toBe(1);
      expect(await rowsIn(db.handle, "crawl_events_default")).toBe(0);
      expect(await crawls.botDayCounts(D1, "2026-11-10", "2026-11-10")).toEqual([
        { day: "2026-11-10", botId: "googlebot", tier: "declared", count: 4 },
      ]);
    });

    it("keeps the partition, deleting only the archived rows, while it holds a row no close read", async () => {
      const { crawls } = stores;
      await crawls.prepareCrawlDays("2026-11-10", 0, "2000-01-01");
      await crawls.appendCrawls([makeCrawl(D1, { ts: at("2026-11-10T01:00:00.000Z") })], options);
      const during = makeCrawl(D1, { eventId: "during", ts: at("2026-11-10T03:00:00.000Z") });
      const reading = {
        ...crawls,
        async listDayRows(...args: Parameters<typeof crawls.listDayRows>) {
          const rows = await crawls.listDayRows(...args);
          await crawls.appendCrawls([during], options);
          return rows;
        },
      };
      await closeArchive({ ...stores, crawls: reading }, at("2026-11-20T00:10:00.000Z"));
      expect(await partitions(db.handle)).toContain("crawl_events_20261110");
      expect((await crawls.listDayRows(D1, "2026-11-10", null, 10)).map((r) => r[0])).toEqual([
        "during",
      ]);
      await closeArchive(stores, at("2026-11-21T00:10:00.000Z"));
      expect(await partitions(db.handle)).toEqual(["crawl_events_default"]);
    });

    it("counts the named rows before writes wait, and keeps the partition when a row is stored after the count", async () => {
      const { crawls } = stores;
      await crawls.prepareCrawlDays("2026-11-10", 0, "2000-01-01");
      const ts = at("2026-11-10T01:00:00.000Z");
      const rows = [makeCrawl(D1, { ts }), makeCrawl(D1, { ts }), makeCrawl(D2, { ts })];
      await crawls.appendCrawls(rows, options);
      const late = makeCrawl(D2, { eventId: "late", ts: at("2026-11-10T05:00:00.000Z") });
      const drops = [
        { domainId: D1, eventIds: rows.slice(0, 2).map((r) => r.eventId) },
        { domainId: D2, eventIds: [rows[2]?.eventId as string, "never-stored"] },
      ];
      // The row comes after the count and before the lock: the partition stays, the named rows go.
      const counted = await dropNamedRows(db.handle.db, "2026-11-10", drops, async () => {
        await crawls.appendCrawls([late], options);
      });
      expect(counted).toEqual([2, 1]);
      expect(await partitions(db.handle)).toContain("crawl_events_20261110");
      expect(await rowsIn(db.handle, "crawl_events_20261110")).toBe(1);
      // Named rows only, a whole-domain entry among them: the partition goes, counted per entry.
      const oid = await oidOf(db.handle, "crawl_events_20261110");
      expect(oid).not.toBeNull();
      expect(
        await dropNamedRows(db.handle.db, "2026-11-10", [{ domainId: D1 }, { domainId: D2 }]),
      ).toEqual([0, 1]);
      expect(await oidOf(db.handle, "crawl_events_20261110")).toBeNull();
    });
  });
});
