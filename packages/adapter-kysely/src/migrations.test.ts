import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeCrawl } from "@crawlgate/core/testing";
import type { Insertable } from "kysely";
import { describe, expect, it } from "vitest";
import { EVENT_COLUMNS, eventValues } from "./crawl-sql.js";
import { createKyselyCrawlStore } from "./crawl-store.js";
import { createPostgresDatabase, createSqliteDatabase, type KyselyHandle } from "./database.js";
import { migrateTo, migrateToLatest } from "./migrations.js";
import type { Database } from "./schema.js";
import { DATABASE_URL, freshSchema, whenPostgres } from "./test-support/postgres.js";

const d = "00000000-0000-4000-8000-0000000000d1";

/** Crawls stored under 0002 get their 0003 aggregates from the raw rows. */
async function backfillCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0002_crawls");
  const rows = [
    makeCrawl(d, { ts: new Date("2026-11-20T08:00:00.000Z"), verdict: "verified" }),
    makeCrawl(d, { ts: new Date("2026-11-20T09:00:00.000Z"), snapshotId: "s" }),
    makeCrawl(d, { botId: "unknown", verdict: "automation", userAgent: "Tumblr/1.0" }),
  ].map((r) => eventValues(r, "2026-11-20"));
  for (const values of rows) {
    const row = Object.fromEntries(EVENT_COLUMNS.map((c, i) => [c, values[i]]));
    await handle.db
      .insertInto("crawl_events")
      .values(row as Insertable<Database["crawl_events"]>)
      .execute();
  }
  expect(await migrateToLatest(handle)).toContain("0003_crawl_aggregates");
  const crawls = createKyselyCrawlStore(handle);
  const day = ["2026-11-20", "2026-11-20"] as const;
  expect(
    (await crawls.servedDayCounts(d, "/", ...day)).map((r) => [
      r.botId,
      r.tier,
      r.snapshotId,
      r.count,
      r.lastSeenAt.toISOString(),
    ]),
  ).toEqual([
    ["googlebot", "declared", "s", 1, "2026-11-20T09:00:00.000Z"],
    ["googlebot", "verified", null, 1, "2026-11-20T08:00:00.000Z"],
    ["unknown", "unknown", null, 1, "2026-11-20T10:00:00.000Z"],
  ]);
  expect(await crawls.daySummaryCounts(d, ...day)).toEqual([
    { day: "2026-11-20", servedFrom: "cache", count: 3 },
  ]);
  expect(await crawls.legacyDayCounts(d, ...day)).toEqual([
    { day: "2026-11-20", key: "googlebot", total: 2, verified: 1 },
    { day: "2026-11-20", key: "social_other", total: 1, verified: 0 },
  ]);
}

describe("migration 0003_crawl_aggregates", () => {
  it("backfills the new aggregates from stored crawls (SQLite)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-migrate-"));
    const handle = createSqliteDatabase(join(dir, "test.sqlite"));
    try {
      await backfillCase(handle);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  whenPostgres(() => {
    it("backfills the new aggregates from stored crawls (PostgreSQL)", async () => {
      const schema = freshSchema();
      const handle = createPostgresDatabase(DATABASE_URL, { schema });
      try {
        await backfillCase(handle);
      } finally {
        await handle.close();
      }
    });
  });
});
