import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CrawlRecord } from "@crawlgate/core/adapter-kit";
import { chargeRow, makeCrawl } from "@crawlgate/core/testing";
import { type Insertable, type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createKyselyAccountStore } from "../account-store.js";
import { createKyselyChargeLedger } from "../charge-ledger.js";
import { EVENT_COLUMNS, eventValues } from "../crawls/sql.js";
import { createKyselyCrawlStore } from "../crawls/store.js";
import type { KyselyHandle } from "../handle.js";
import { createKyselyJobQueue } from "../job-queue.js";
import { createKyselyPageCache } from "../page-cache.js";
import { createPostgresDatabase } from "../postgres/index.js";
import { createKyselyRateLimiter } from "../rate-limiter.js";
import { createKyselyRobotsStore } from "../robots-store.js";
import type { Database } from "../schema.js";
import { createKyselySnapshotStore } from "../snapshot-store.js";
import { createSqliteDatabase } from "../sqlite/index.js";
import { DATABASE_URL, freshSchema, whenPostgres } from "../test-support/postgres.js";
import { createKyselyWarmingStore } from "../warming-store.js";
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from "./index.js";

const d = "00000000-0000-4000-8000-0000000000d1";

/** A crawl row's `crawl_events` values without the columns 0017 added. */
function columnsBefore0017(values: readonly unknown[]): Record<string, unknown> {
  const added = new Set(["signature_agent", "signature"]);
  return Object.fromEntries(
    EVENT_COLUMNS.map((c, i) => [c, values[i]]).filter(([c]) => !added.has(c as string)),
  );
}

/**
 * A crawl's raw row and its day's path-cap row as an install between 0017 and 0026 stored them
 * (today's writer needs tables of later migrations).
 */
async function insertRawCrawl(handle: KyselyHandle, r: CrawlRecord): Promise<void> {
  const values = eventValues(r, r.ts.toISOString().slice(0, 10));
  const row = Object.fromEntries(EVENT_COLUMNS.map((c, i) => [c, values[i]]));
  await handle.db
    .insertInto("crawl_events")
    .values(row as never)
    .execute();
  await handle.db
    .insertInto("crawl_day_stats")
    .values({ domain_id: r.domainId, day: row.day as string, path_count: 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Crawls stored under 0002 get their 0003 aggregates from the raw rows. */
async function backfillCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0002_crawls");
  const rows = [
    makeCrawl(d, { ts: new Date("2026-11-20T08:00:00.000Z"), verdict: "verified" }),
    makeCrawl(d, { ts: new Date("2026-11-20T09:00:00.000Z"), snapshotId: "s" }),
    makeCrawl(d, { botId: "unknown", verdict: "automation", userAgent: "Tumblr/1.0" }),
  ].map((r) => eventValues(r, "2026-11-20"));
  for (const values of rows) {
    const row = columnsBefore0017(values);
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

/** Runs a migration case on a fresh SQLite file and, when available, a fresh PostgreSQL schema. */
function onBothDialects(title: string, run: (handle: KyselyHandle) => Promise<void>): void {
  it(`${title} (SQLite)`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-migrate-"));
    const handle = createSqliteDatabase(join(dir, "test.sqlite"));
    try {
      await run(handle);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  whenPostgres(() => {
    it(`${title} (PostgreSQL)`, async () => {
      const handle = createPostgresDatabase(DATABASE_URL, { schema: freshSchema() });
      try {
        await run(handle);
      } finally {
        await handle.close();
      }
    });
  });
}

describe("migration 0003_crawl_aggregates", () => {
  onBothDialects("backfills the new aggregates from stored crawls", backfillCase);
});

/** A read model built under 0006 is dropped by 0007 and rebuilt by the next refresh. */
async function packedBlocksCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0006_path_rollups");
  const crawls = createKyselyCrawlStore(handle);
  // An old-shape model whose counts no longer match anything: it must not be read.
  const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db
    .insertInto("crawl_rollup_domains")
    .values({ domain_id: d, domain_key: 1, built_through: 20_776, next_path_id: 3 })
    .execute();
  await db
    .insertInto("crawl_paths")
    .values([
      { domain_key: 1, path_id: 1, path: "/a" },
      { domain_key: 1, path_id: 2, path: "/b" },
    ])
    .execute();
  await db
    .insertInto("crawl_path_rollup")
    .values({
      domain_key: 1,
      level: 1,
      block_start: 20_774,
      path_id: 1,
      verified: 0,
      declared: 99,
      unknown: 0,
    })
    .execute();
  await db
    .insertInto("crawl_rollup_days")
    .values({ domain_key: 1, day: 20_775, verified: 0, declared: 1, unknown: 0 })
    .execute();
  // 0007 runs, then every later migration.
  expect(await migrateToLatest(handle)).toEqual(
    MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf("0007_packed_rollup_blocks")),
  );
  // The crawls the stale model disagrees with, stored once migrated (today's crawl store writes
  // columns added after 0006).
  await crawls.appendCrawls(
    [
      makeCrawl(d, { ts: new Date("2026-11-18T08:00:00.000Z"), path: "/a" }),
      makeCrawl(d, { ts: new Date("2026-11-19T08:00:00.000Z"), path: "/b", verdict: "verified" }),
      makeCrawl(d, { ts: new Date("2026-11-19T09:00:00.000Z"), path: "/b" }),
    ],
    { pathCap: 100 },
  );
  expect(await db.selectFrom("crawl_rollup_days").selectAll().execute()).toEqual([]);
  expect(
    await db.selectFrom("crawl_rollup_domains").select(["built_through", "next_version"]).execute(),
  ).toEqual([{ built_through: null, next_version: 1 }]);
  const query = {
    domainId: d,
    startDay: "2026-11-01",
    endDay: "2026-11-20",
    botIds: null,
    tiers: null,
    pathPrefix: null,
    sortBy: "total" as const,
    after: null,
    limit: 10,
  };
  const expected = {
    paths: [
      { path: "/b", total: 2, verified: 1 },
      { path: "/a", total: 1, verified: 0 },
    ],
    pathCount: 2,
  };
  expect(await crawls.rankPaths(query)).toEqual(expected);
  await crawls.refreshReadModel("2026-11-19");
  expect(
    (await db.selectFrom("crawl_rollup_blocks").select("level").execute()).length,
  ).toBeGreaterThan(0);
  expect(await crawls.rankPaths(query)).toEqual(expected);
}

describe("migration 0007_packed_rollup_blocks", () => {
  onBothDialects("drops the per-path rollups and lets the next refresh rebuild", packedBlocksCase);
});

/** A user `u1` and its domain `d` (`shop.example.com`) as rows, `columns` added; the raw db. */
async function insertOwnedDomain(handle: KyselyHandle, columns: Record<string, unknown>) {
  const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db
    .insertInto("users")
    .values({ user_id: "u1", name: "owner", plan: "pro", created_at: 1 })
    .execute();
  await db
    .insertInto("domains")
    .values({
      domain_id: d,
      hostname: "shop.example.com",
      owner_id: "u1",
      created_at: 2,
      ...columns,
    })
    .execute();
  return db;
}

/** Domains stored before 0019 keep sending the origin's own Host; the setting then changes. */
async function originHostCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0016_compliance_event_time");
  await insertOwnedDomain(handle, {
    origin_url: "http://10.0.0.5:8080",
    verification_stage: null,
    page_cache_ttl_seconds: 600,
  });
  expect(await migrateToLatest(handle)).toContain("0019_domain_origin_host");
  const accounts = createKyselyAccountStore(handle);
  expect(await accounts.getDomain(d)).toMatchObject({
    originUrl: "http://10.0.0.5:8080",
    pageCacheTtlSeconds: 600,
    originHost: "origin",
  });
  await accounts.setDomainSettings(d, { originHost: "public" });
  expect((await accounts.getDomainByHostname("shop.example.com"))?.originHost).toBe("public");
}

describe("migration 0019_domain_origin_host", () => {
  onBothDialects("keeps stored domains on the origin's Host", originHostCase);
});

/** A database populated before the ledger existed gets an empty one, and its crawls stay. */
async function chargeLedgerCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0019_domain_origin_host");
  const crawls = createKyselyCrawlStore(handle);
  await insertRawCrawl(handle, makeCrawl(d, { ts: new Date("2026-11-20T08:00:00.000Z") }));
  expect(await migrateToLatest(handle)).toContain("0020_crawler_charges");
  expect(await crawls.listCrawls(d, new Date(0), new Date("2100-01-01"), 10)).toHaveLength(1);
  const charges = createKyselyChargeLedger(handle);
  expect(await charges.listCharges(d, "2026-01-01", "2026-12-31", 10)).toEqual([]);
  const row = chargeRow({ eventId: "pc_after_upgrade", domainId: d });
  expect(await charges.recordCharge(row)).toBe(true);
  expect(await charges.recordCharge(row)).toBe(false);
  expect(await charges.listCharges(d, "2026-11-20", "2026-11-20", 10)).toEqual([row]);
}

describe("migration 0020_crawler_charges", () => {
  onBothDialects("adds an empty ledger to a populated database", chargeLedgerCase);
});

/** Compliance days counted before 0024 read back with no contradiction; later batches add them. */
async function signalContradictionsCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0020_crawler_charges");
  const event = (eventId: string, signalContradiction: boolean) => ({
    eventId,
    domainId: d,
    botId: "gptbot",
    ts: new Date("2026-11-20T08:00:00.000Z"),
    disallowed: false,
    signalContradiction,
  });
  await handle.db
    .insertInto("robots_compliance_day")
    .values({
      domain_id: d,
      day: "2026-11-20",
      bot_id: "gptbot",
      requests: 2,
      disallowed_requests: 1,
      last_violation_at: Date.parse("2026-11-20T07:00:00.000Z"),
    } as never)
    .execute();
  expect(await migrateToLatest(handle)).toContain("0024_signal_contradictions");
  const robots = createKyselyRobotsStore(handle);
  await robots.addComplianceEvents([event("e1", true), event("e2", false)]);
  expect(await robots.complianceDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
    {
      day: "2026-11-20",
      botId: "gptbot",
      requests: 4,
      disallowedRequests: 1,
      signalContradictions: 1,
      lastViolationAt: new Date("2026-11-20T07:00:00.000Z"),
    },
  ]);
}

describe("migration 0024_signal_contradictions", () => {
  onBothDialects(
    "keeps counted days at zero contradictions and counts new ones",
    signalContradictionsCase,
  );
});

/**
 * Rate counters stored as two rows per subject (minute, month) move into one row each: a
 * subject mid-window keeps its counts, so the next request is counted on top of them.
 */
async function rateWindowsCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0020_crawler_charges");
  const t = Date.UTC(2026, 10, 20, 10, 0, 0);
  const month = Date.UTC(2026, 10, 1);
  await (handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto("rate_counters")
    .values([
      { subject: "u1", kind: "minute", window_start: t, count: 2 },
      { subject: "u1", kind: "month", window_start: month, count: 40 },
      { subject: "u2", kind: "minute", window_start: t - 120_000, count: 5 },
      { subject: "u2", kind: "month", window_start: month, count: 7 },
    ])
    .execute();
  expect(await migrateToLatest(handle)).toContain("0026_rate_windows");
  const limiter = createKyselyRateLimiter(handle);
  const now = new Date(t + 10_000);
  expect(await limiter.consume("u1", { perMinute: 3, monthly: 100 }, now)).toEqual({
    allowed: true,
    minuteUsage: 3,
    monthUsage: 41,
  });
  expect(await limiter.consume("u1", { perMinute: 3, monthly: 100 }, now)).toMatchObject({
    allowed: false,
    reason: "per_minute",
    usage: 3,
  });
  // u2's minute window had ended: a new one starts; its month goes on.
  expect(await limiter.consume("u2", { perMinute: 3, monthly: 8 }, now)).toEqual({
    allowed: true,
    minuteUsage: 1,
    monthUsage: 8,
  });
  expect(await limiter.consume("u2", { perMinute: 3, monthly: 8 }, now)).toMatchObject({
    allowed: false,
    reason: "monthly",
    usage: 8,
  });
}

describe("migration 0026_rate_windows", () => {
  onBothDialects("moves each subject's minute and month counts into one row", rateWindowsCase);
});

/** Jobs queued before render lanes lease first (they were purges' or refreshes'), then warms. */
async function renderLanesCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0020_crawler_charges");
  const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db
    .insertInto("purge_jobs")
    .values({ job_id: "old-job", domain_id: d, path: "/old", enqueued_at: 5_000, attempts: 0 })
    .execute();
  expect(await migrateToLatest(handle)).toContain("0021_render_lanes_warming");
  const queue = createKyselyJobQueue(handle);
  await queue.enqueuePurge(d, "/warm", new Date(1_000), "warm");
  expect(await queue.pendingJob(d, "/old")).toMatchObject({ jobId: "old-job", lane: "purge" });
  const leased = await queue.lease(new Date(10_000), 60_000, 10);
  expect(leased.map((j) => [j.path, j.lane])).toEqual([
    ["/old", "purge"],
    ["/warm", "warm"],
  ]);
  const warming = createKyselyWarmingStore(handle);
  expect(await warming.getWarmSettings(d)).toEqual({
    sitemapUrls: [],
    rendersPerHour: null,
    scheduled: false,
  });
}

describe("migration 0021_render_lanes_warming", () => {
  onBothDialects(
    "keeps queued jobs in the purge lane and adds empty warm settings",
    renderLanesCase,
  );
});

/**
 * Domains, snapshots and cached pages stored before 0022 keep everything: desktop-only domains,
 * desktop snapshots with their IDs, cache entries under their keys (nothing to re-render); a
 * mobile snapshot of the same HTML is then a snapshot of its own.
 */
async function renderVariantsCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0020_crawler_charges");
  const db = await insertOwnedDomain(handle, {});
  const hash = "ab".repeat(32);
  const snapshot = {
    snapshot_id: "00000000-0000-4000-8000-0000000000f1",
    domain_id: d,
    path: "/p",
    content_hash: hash,
    render_status: 200,
    content_size_bytes: 10,
    created_at: 3,
    last_recorded_at: 4,
    html_retained: 1,
    seo_score: 90,
    seo_issues: "[]",
  };
  await db.insertInto("snapshots").values(snapshot).execute();
  const page = {
    domain_id: d,
    page_key: "/p?a=1",
    snapshot_id: snapshot.snapshot_id,
    content_hash: hash,
    status: 200,
    location: null,
    rendered_at: 3,
    expires_at: 5,
  };
  await db.insertInto("page_cache").values(page).execute();
  expect(await migrateToLatest(handle)).toContain("0022_render_variants");
  const accounts = createKyselyAccountStore(handle);
  expect((await accounts.getDomain(d))?.renderVariants).toEqual(["desktop"]);
  const snapshots = createKyselySnapshotStore(handle);
  const kept = await snapshots.getSnapshot(snapshot.snapshot_id);
  expect(kept).toMatchObject({ path: "/p", contentHash: hash, variant: "desktop" });
  expect(await createKyselyPageCache(handle).getPage(d, "/p?a=1")).toMatchObject({
    snapshotId: snapshot.snapshot_id,
    renderedAt: new Date(3),
  });
  if (!kept) throw new Error("snapshot lost");
  const again = await snapshots.recordSnapshot({ ...kept, snapshotId: crypto.randomUUID() });
  expect(again).toMatchObject({ created: false, snapshot: { snapshotId: kept.snapshotId } });
  const mobile = { ...kept, snapshotId: crypto.randomUUID(), variant: "mobile" as const };
  expect(await snapshots.recordSnapshot(mobile)).toEqual({ snapshot: mobile, created: true });
  await accounts.setDomainSettings(d, { renderVariants: ["desktop", "mobile"] });
  expect((await accounts.getDomain(d))?.renderVariants).toEqual(["desktop", "mobile"]);
}

describe("migration 0022_render_variants", () => {
  onBothDialects("keeps domains, snapshots and cached pages as they were", renderVariantsCase);
});

/**
 * Crawls stored under 0016 read back unsigned after 0017 (both columns null, nothing counted
 * per agent), and signed crawls stored after it are kept and counted next to them.
 */
async function signedAgentsCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0016_compliance_event_time");
  const ts = new Date("2026-11-20T08:00:00.000Z");
  const old = makeCrawl(d, { ts, verdict: "verified", botOperator: "Google" });
  await handle.db
    .insertInto("crawl_events")
    .values(columnsBefore0017(eventValues(old, "2026-11-20")) as never)
    .execute();
  expect(await migrateToLatest(handle)).toContain("0017_signed_agents");
  const crawls = createKyselyCrawlStore(handle);
  const signed = makeCrawl(d, {
    ts: new Date("2026-11-20T09:00:00.000Z"),
    botId: "chatgpt-agent",
    verdict: "verified",
    signatureAgent: "https://chatgpt.com",
    signature: "verified",
  });
  expect(await crawls.appendCrawls([old, signed], { pathCap: 100 })).toEqual({ inserted: 1 });
  const from = new Date("2026-11-20T00:00:00.000Z");
  const rows = await crawls.listCrawls(d, from, new Date("2026-11-21T00:00:00.000Z"), 10);
  expect(rows).toEqual([old, signed]);
  expect(rows[0]?.signature).toBeNull();
  expect(await crawls.signedAgentDayCounts(d, "2026-11-20", "2026-11-20")).toEqual([
    { day: "2026-11-20", agent: "https://chatgpt.com", signature: "verified", count: 1 },
  ]);
  const dayRows = await crawls.listDayRows(d, "2026-11-20", null, 10);
  expect(dayRows.map((r) => r.slice(-2))).toEqual([
    [null, null],
    ["https://chatgpt.com", "verified"],
  ]);
}

describe("migration 0017_signed_agents", () => {
  onBothDialects("keeps stored crawls unsigned and stores signed ones", signedAgentsCase);
});

/** The partitions of `crawl_events` and the columns of its primary key (PostgreSQL's catalog). */
async function partitionLayout(handle: KyselyHandle) {
  const parts = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'crawl_events'::regclass order by 1`.execute(handle.db);
  const key = await sql<{ name: string }>`
    select a.attname as name from pg_index x
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
    where x.indrelid = 'crawl_events'::regclass and x.indisprimary order by a.attnum`.execute(
    handle.db,
  );
  const indexes = await sql<{ name: string }>`
    select indexname as name from pg_indexes
    where tablename = 'crawl_events' and schemaname = current_schema() order by 1`.execute(
    handle.db,
  );
  return {
    partitions: parts.rows.map((r) => r.name),
    key: key.rows.map((r) => r.name),
    indexes: indexes.rows.map((r) => r.name),
  };
}

/**
 * Crawls stored before 0027 move into day partitions on PostgreSQL (SQLite keeps its table):
 * every row reads back as stored, replays stay no-ops, new crawls are stored next to them.
 */
async function dayPartitionsCase(handle: KyselyHandle): Promise<void> {
  await migrateTo(handle, "0026_rate_windows");
  const old = [
    makeCrawl(d, { ts: new Date("2026-11-19T23:59:59.999Z"), verdict: "verified" }),
    makeCrawl(d, { ts: new Date("2026-11-20T00:00:00.000Z"), signature: "verified" }),
    makeCrawl("other-domain", { ts: new Date("2026-11-20T08:00:00.000Z") }),
  ];
  for (const r of old) await insertRawCrawl(handle, r);
  expect(await migrateToLatest(handle)).toEqual(["0027_crawl_day_partitions"]);
  expect(await migrateToLatest(handle)).toEqual([]);
  if (handle.dialect === "postgres")
    expect(await partitionLayout(handle)).toEqual({
      partitions: ["crawl_events_20261119", "crawl_events_20261120", "crawl_events_default"],
      key: ["event_id", "ts"],
      indexes: ["crawl_events_domain_ts", "crawl_events_pkey"],
    });
  const crawls = createKyselyCrawlStore(handle);
  const all = [new Date(0), new Date("2100-01-01"), 10] as const;
  expect(await crawls.listCrawls(d, ...all)).toEqual(old.slice(0, 2));
  expect(await crawls.listCrawls("other-domain", ...all)).toEqual(old.slice(2));
  expect(await crawls.appendCrawls(old, { pathCap: 100 })).toEqual({ inserted: 0 });
  const late = makeCrawl(d, { ts: new Date("2026-11-20T09:00:00.000Z") });
  expect(await crawls.appendCrawls([late], { pathCap: 100 })).toEqual({ inserted: 1 });
  expect(await crawls.hotCrawlDays("2026-11-30")).toEqual([
    { domainId: d, day: "2026-11-19" },
    { domainId: d, day: "2026-11-20" },
    { domainId: "other-domain", day: "2026-11-20" },
  ]);
  expect(
    await crawls.dropFrozenDay("2026-11-19", [{ domainId: d, eventIds: [old[0]?.eventId ?? ""] }]),
  ).toEqual([1]);
  if (handle.dialect === "postgres")
    expect((await partitionLayout(handle)).partitions).toEqual([
      "crawl_events_20261120",
      "crawl_events_default",
    ]);
}

describe("migration 0027_crawl_day_partitions", () => {
  onBothDialects("moves stored crawls into day partitions, every row intact", dayPartitionsCase);
});

describe("the migrator on a shared PostgreSQL server", () => {
  whenPostgres(() => {
    it("migrates while other schemas come and go (it reads only its own schema's catalog)", async () => {
      const churn = createPostgresDatabase(DATABASE_URL, { schema: freshSchema() });
      let stop = false;
      // Another test run: schemas with tables created and dropped without pause.
      const other = (async () => {
        while (!stop) {
          const name = freshSchema();
          await sql`create schema ${sql.id(name)}`.execute(churn.db);
          for (let t = 0; t < 5; t++) {
            await sql`create table ${sql.id(name, `t${t}`)} (id serial primary key, v text)`.execute(
              churn.db,
            );
          }
          await sql`drop schema ${sql.id(name)} cascade`.execute(churn.db);
        }
      })();
      try {
        for (let i = 0; i < 4; i++) {
          const handle = createPostgresDatabase(DATABASE_URL, { schema: freshSchema() });
          try {
            expect(await migrateToLatest(handle)).toEqual(MIGRATION_NAMES);
            expect(await migrateToLatest(handle)).toEqual([]);
          } finally {
            await handle.close();
          }
        }
      } finally {
        stop = true;
        await other;
        await churn.close();
      }
    }, 120_000);

    it("finds its own migration table, not another schema's", async () => {
      const first = createPostgresDatabase(DATABASE_URL, { schema: freshSchema() });
      const second = createPostgresDatabase(DATABASE_URL, { schema: freshSchema() });
      try {
        await migrateToLatest(first);
        expect(await migrateToLatest(second)).toEqual(MIGRATION_NAMES);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
});
