import { makeCrawl } from "@crawlgate/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createKyselyCrawlStore } from "../crawls/store.js";
import { migrateToLatest } from "../migrations/index.js";
import { freshSqlite, type TestDatabase } from "../test-support/handles.js";
import { createSqliteDatabase, type SqliteHandle } from "./index.js";

const d = "00000000-0000-4000-8000-0000000000d1";
const CAP = { pathCap: 1000 };
const ALL = [new Date(0), new Date("2030-01-01T00:00:00.000Z")] as const;

describe("SQLite writer thread", () => {
  let open: TestDatabase<SqliteHandle> | null = null;
  afterEach(async () => {
    await open?.teardown();
    open = null;
  });

  it("runs for file databases unless turned off; in-memory databases write in the thread", async () => {
    open = await freshSqlite();
    expect(open.handle.sqliteWriter).toBeDefined();
    const off = await freshSqlite({ writerThread: false });
    expect(off.handle.sqliteWriter).toBeUndefined();
    await off.teardown();

    const memory = createSqliteDatabase(":memory:");
    try {
      expect(memory.sqliteWriter).toBeUndefined();
      await migrateToLatest(memory);
      const crawls = createKyselyCrawlStore(memory);
      const crawl = makeCrawl(d);
      expect(await crawls.appendCrawls([crawl], CAP)).toEqual({ inserted: 1 });
      expect(await crawls.listCrawls(d, ...ALL, 10)).toEqual([crawl]);
    } finally {
      await memory.close();
    }
  });

  it("rejects a write that failed with the database's error and keeps serving", async () => {
    open = await freshSqlite();
    const crawls = createKyselyCrawlStore(open.handle);
    // The thread's connection sees the schema change: a failed transaction, then a working one.
    await open.handle.db.schema.alterTable("crawl_events").renameTo("crawl_events_away").execute();
    await expect(crawls.appendCrawls([makeCrawl(d)], CAP)).rejects.toThrow(/crawl_events/);
    await open.handle.db.schema.alterTable("crawl_events_away").renameTo("crawl_events").execute();
    const crawl = makeCrawl(d);
    expect(await crawls.appendCrawls([crawl], CAP)).toEqual({ inserted: 1 });
    expect(await crawls.listCrawls(d, ...ALL, 10)).toEqual([crawl]);
  });

  it("close lets writes already sent commit, then refuses new ones", async () => {
    const { handle, teardown } = await freshSqlite();
    const file = handle.sqlite.name;
    const crawls = createKyselyCrawlStore(handle);
    const batches = [0, 1, 2].map(() => Array.from({ length: 200 }, () => makeCrawl(d)));
    const written = batches.map((batch) => crawls.appendCrawls(batch, CAP));
    await handle.close();
    expect(await Promise.all(written)).toEqual(batches.map(() => ({ inserted: 200 })));
    await expect(crawls.appendCrawls([makeCrawl(d)], CAP)).rejects.toThrow(/closed/);

    const reopened = createSqliteDatabase(file);
    try {
      const rows = await reopened.db.selectFrom("crawl_events").select("event_id").execute();
      expect(rows).toHaveLength(600);
    } finally {
      await reopened.close();
      await teardown().catch(() => {});
    }
  });
});
