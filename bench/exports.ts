import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createKyselyStores, type KyselyHandle, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemoryBlobStore, createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { type Crawlgate, createCrawlgate } from "@crawlgate/core";
import { addDays } from "@crawlgate/core/adapter-kit";
import { sql } from "kysely";
import type { ResultRow } from "./measure.js";

/**
 * Exports over a big domain: 10 million crawls over 90 days on 100,000 distinct paths, loaded
 * straight into the aggregate tables the exports read (through ingest this would take most of
 * an hour here; the raw rows are not read by these exports). Each export is timed through the
 * API handler up to its JSON text (a client's parse of it is not the server's time), median of a
 * few calls.
 */

const DAYS = 90;
const PATHS = 100_000;
/** Paths crawled every day (the head of the distribution), several bots each. */
const HEAD = 2_000;
const BOTS = [
  "googlebot",
  "bingbot",
  "gptbot",
  "claudebot",
  "perplexitybot",
  "bytespider",
  "ccbot",
  "ahrefsbot",
  "semrushbot",
  "yandexbot",
  "applebot",
  "unknown",
];
export const TODAY = "2026-11-20";
const NOW = new Date(`${TODAY}T12:00:00.000Z`);

/** A SQL expression choosing among the bots by an integer expression. */
const botCase = (expr: string) =>
  `case (${expr}) % ${BOTS.length} ${BOTS.map((b, i) => `when ${i} then '${b}'`).join(" ")} end`;
const tierCase = (bot: string, expr: string) =>
  `case when ${bot} = 'unknown' then 'unknown' when (${expr}) % 3 = 0 then 'declared' else 'verified' end`;

/**
 * Inserts the aggregates of one domain. Rows per (day, path, bot, tier): the head's 2,000 paths
 * every day with three bots each, the tail's 98,000 paths on about 30% of the days with one bot.
 * Counts give about 10 million crawls in all.
 */
export async function seed(handle: KyselyHandle, domainId: string): Promise<number> {
  const db = handle.db;
  const first = addDays(TODAY, -(DAYS - 1));
  const pg = handle.dialect === "postgres";
  const series = (name: string, n: number) =>
    pg
      ? `generate_series(0, ${n - 1}) as ${name}(i)`
      : `(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) select i from s) as ${name}`;
  const day = pg
    ? `to_char(date '${first}' + d.i, 'YYYY-MM-DD')`
    : `strftime('%Y-%m-%d', '${first}', '+' || d.i || ' days')`;
  const path = `'/section-' || (p.i % 50) || '/page-' || p.i`;
  const rows = `
    select ${day} as day, ${path} as path, b.i as slot, d.i as di, p.i as pi,
      case when p.i < ${HEAD} then 4 + (${HEAD} - p.i) / 200 else 1 + ((p.i + d.i) % 3) end as count
    from ${series("d", DAYS)} cross join ${series("p", PATHS)} cross join ${series("b", 3)}
    where (p.i < ${HEAD}) or (b.i = 0 and (p.i * 7 + d.i * 13) % 10 < 3)`;
  const bot = botCase("pi + di + slot * 5");
  const tier = tierCase("bot_id", "pi + di");
  await sql
    .raw(`insert into crawl_path_day (domain_id, day, path, bot_id, tier, count)
      select '${domainId}', day, path, bot_id, ${tier}, count
      from (select day, path, di, pi, count, ${bot} as bot_id from (${rows}) r) x
      order by di, pi`)
    .execute(db);
  await sql
    .raw(`insert into crawl_bot_day (domain_id, day, bot_id, tier, count)
      select domain_id, day, bot_id, tier, sum(count) from crawl_path_day
      where domain_id = '${domainId}' group by domain_id, day, bot_id, tier`)
    .execute(db);
  const servedFrom = `case when length(path) % 4 = 0 then 'render' when length(path) % 7 = 0 then 'origin' else 'cache' end`;
  const lastSeen = pg
    ? `(extract(epoch from (day::date + time '12:00')) * 1000)::bigint`
    : `(strftime('%s', day || ' 12:00:00') * 1000)`;
  await sql
    .raw(`insert into crawl_served_day
        (domain_id, path, day, bot_id, tier, served_from, snapshot_id, count, last_seen_at)
      select domain_id, path, day, bot_id, tier, ${servedFrom}, '', count, ${lastSeen}
      from crawl_path_day where domain_id = '${domainId}'`)
    .execute(db);
  await sql
    .raw(`insert into crawl_summary_day (domain_id, day, served_from, count)
      select domain_id, day, served_from, sum(count) from crawl_served_day
      where domain_id = '${domainId}' group by domain_id, day, served_from`)
    .execute(db);
  // A steady-state database: on PostgreSQL the freshly written tables are vacuumed (hint bits
  // and visibility map set, as autovacuum would have done) and analyzed, so autovacuum does not
  // start on them in the middle of the timings; only this schema's tables.
  const tables = ["crawl_path_day", "crawl_bot_day", "crawl_served_day", "crawl_summary_day"];
  for (const table of tables)
    await sql.raw(pg ? `vacuum (analyze) ${table}` : `analyze ${table}`).execute(db);
  const total = await sql<{ n: number | string }>`
    select sum(count) as n from crawl_bot_day where domain_id = ${domainId}`.execute(db);
  return Number(total.rows[0]?.n ?? 0);
}

/** One API request as a server answers it: the body is parsed after `api.handle` returns. */
async function request(crawlgate: Crawlgate, key: string, path: string, body: unknown) {
  const response = await crawlgate.api.handle({
    method: "POST",
    path: `/functions/v1/${path}`,
    query: {},
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
  const text = typeof response.body === "string" ? response.body : "";
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return text;
}

async function call(crawlgate: Crawlgate, key: string, path: string, body: unknown) {
  return JSON.parse(await request(crawlgate, key, path, body));
}

/** Median wall time of `times` calls, in nanoseconds (one untimed warm-up call first). */
async function timed(times: number, run: () => Promise<unknown>): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push((performance.now() - start) * 1e6);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)] as number);
}

async function runOn(label: string, handle: KyselyHandle, quick: boolean): Promise<ResultRow[]> {
  await migrateToLatest(handle);
  const stores = createKyselyStores(handle);
  const crawlgate = createCrawlgate(
    {
      ...stores,
      settingsCache: createMemorySettingsCache(),
      blobs: createMemoryBlobStore(),
      clock: { now: () => NOW },
    },
    { ratePerMinute: 1_000_000, secret: "bench-secret-of-at-least-32-bytes!" },
  );
  const user = await crawlgate.admin.createUser("bench", "enterprise");
  if (!user.ok) throw new Error(user.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!key.ok) throw new Error(key.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "big.example.com");
  if (!domain.ok) throw new Error(domain.message);
  const domainId = domain.value.domainId;
  const started = performance.now();
  const crawls = await seed(handle, domainId);
  console.error(
    `exports ${label}: seeded ${crawls.toLocaleString("en")} crawls in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const k = key.value.key;
  const times = quick ? 1 : 7;
  const rows: ResultRow[] = [];
  const record = (name: string, ns: number) => {
    console.error(`exports ${label} ${name}: ${(ns / 1e6).toFixed(1)} ms`);
    rows.push({ suite: "exports", case: name, impl: `crawlgate-${label}`, nsPerOp: ns });
  };
  const measure = async (name: string, run: () => Promise<unknown>) =>
    record(name, await timed(times, run));
  const once = async (name: string, run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    record(name, Math.round((performance.now() - start) * 1e6));
  };

  // The page-ranking read model, as the server's job builds it: every day before today.
  const yesterday = addDays(TODAY, -1);
  await once("path-rollups-first-build", () => stores.crawls.refreshReadModel(yesterday, domainId));
  await once("path-rollups-refresh-unchanged", () =>
    stores.crawls.refreshReadModel(yesterday, domainId),
  );
  await measure("crawl-analytics-365d", () =>
    request(crawlgate, k, "export-crawl-analytics", { domainId, period: "365d" }),
  );
  await measure("page-analytics-first-page", () =>
    request(crawlgate, k, "export-page-analytics", { domainId, period: "90d" }),
  );
  // A deep page: follow the cursors of 500-path pages, untimed, to the page after the 2,000th
  // path (the cursor pins the page size, so the timed deep page has 500 rows).
  let cursor: string | null = null;
  for (let page = 0; page < (quick ? 1 : 4); page++) {
    const body: { nextCursor: string | null } = await call(
      crawlgate,
      k,
      "export-page-analytics",
      cursor
        ? { cursor, series: false }
        : { domainId, period: "90d", pageSize: 500, series: false },
    );
    cursor = body.nextCursor;
  }
  const deep = cursor;
  if (deep) {
    await measure("page-analytics-deep-cursor-page", () =>
      request(crawlgate, k, "export-page-analytics", { cursor: deep }),
    );
    // The same page without its 500 series (what the ranking and the counts cost alone).
    await measure("page-analytics-deep-cursor-page-no-series", () =>
      request(crawlgate, k, "export-page-analytics", { cursor: deep, series: false }),
    );
  }
  // Filtered first pages: a tier filter adds tiers of the all-bots blocks, a bot filter reads that bot's blocks.
  await measure("page-analytics-first-page-tier-verified", () =>
    request(crawlgate, k, "export-page-analytics", { domainId, period: "90d", tier: "verified" }),
  );
  await measure("page-analytics-first-page-bot-gptbot", () =>
    request(crawlgate, k, "export-page-analytics", { domainId, period: "90d", botId: "gptbot" }),
  );
  // A late import into a settled day: read exactly (that day from the day table) until the
  // next refresh, which rebuilds only the blocks holding that day.
  const imported = await stores.crawls.appendCrawls(
    [
      {
        eventId: `bench-import-${domainId}`,
        domainId,
        ts: new Date(`${addDays(TODAY, -40)}T08:00:00.000Z`),
        path: "/section-7/page-7",
        userAgent: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        uaHash: "0123456789abcdef",
        botId: "gptbot",
        verdict: "declared",
        servedFrom: "cache",
        status: 200,
        bytes: 1234,
        botOperator: null,
        matchedRange: null,
        contentHash: null,
        snapshotId: null,
        streamId: "bench",
        ipAsn: 0,
        signatureAgent: null,
        signature: null,
      },
    ],
    { pathCap: 200_000 },
  );
  if (imported.inserted !== 1) throw new Error("the late import was not stored");
  await measure("page-analytics-first-page-one-day-stale", () =>
    request(crawlgate, k, "export-page-analytics", { domainId, period: "90d" }),
  );
  await once("path-rollups-refresh-one-old-day", () =>
    stores.crawls.refreshReadModel(yesterday, domainId),
  );
  await measure("page-snapshots-busiest-path", () =>
    request(crawlgate, k, "export-page-snapshots", {
      domainId,
      url: "https://big.example.com/section-0/page-0",
      period: "90d",
    }),
  );
  return rows;
}

export async function exportsSuite(quick: boolean): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-bench-exports-"));
  const sqlite = createSqliteDatabase(join(dir, "bench.sqlite"));
  try {
    rows.push(...(await runOn("sqlite", sqlite, quick)));
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const schema = `cg_bench_exports_${process.pid}`;
  const pg = createPostgresDatabase(url, { schema });
  try {
    rows.push(...(await runOn("postgres", pg, quick)));
  } finally {
    await pg.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await pg.close();
  }
  return rows;
}
