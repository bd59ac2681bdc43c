import { createKyselyStores, type KyselyHandle, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createMemoryBlobStore, createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { createCrawlgate, encodeCursor } from "@crawlgate/core";
import { sql } from "kysely";
import { onBothEngines } from "./engines.js";
import type { ResultRow } from "./measure.js";

/**
 * export-page-analytics over a large domain, through `api.handle` (auth, rate limit, operation,
 * store): the first page and a deep cursor page of a 90-day window, on SQLite and PostgreSQL.
 * Data goes straight into `crawl_path_day` with SQL (ingest would take too long): each of the 90
 * days has 25,000 (2,500 in quick mode) (path, bot, tier) rows over 100,000 distinct paths, counts falling off with
 * rank (a long tail of 1s), about 10 million crawls in all.
 */

const DAYS = 90;
const PATHS = 100_000;
const TODAY = new Date("2026-11-20T12:00:00.000Z");
const FIRST_DAY = "2026-08-23"; // 90 days ending 2026-11-20

/** Inserts the aggregate rows; returns the crawls they count. */
async function seed(handle: KyselyHandle, domainId: string, rowsPerDay: number): Promise<number> {
  const { db, dialect } = handle;
  // Row i of day d: path (7i + 1009d) mod 100,000 (distinct within a day), bot i mod 4,
  // tier i mod 3, count 1 + floor(15,000 / (i + 25)).
  const body = (d: string, i: string, dayExpr: string) =>
    sql.raw(`
    select '${domainId}', ${dayExpr},
      '/p/' || ((${i} * 7 + ${d} * 1009) % ${PATHS}),
      case ${i} % 4 when 0 then 'googlebot' when 1 then 'gptbot' when 2 then 'bingbot' else 'unknown' end,
      case ${i} % 3 when 0 then 'verified' when 1 then 'declared' else 'unknown' end,
      1 + (15000 / (${i} + 25))`);
  const insert = sql.raw("insert into crawl_path_day (domain_id, day, path, bot_id, tier, count)");
  if (dialect === "postgres") {
    await sql`${insert} ${body("d", "i", `to_char(date '${FIRST_DAY}' + d, 'YYYY-MM-DD')`)}
      from generate_series(0, ${sql.lit(DAYS - 1)}) d, generate_series(0, ${sql.lit(rowsPerDay - 1)}) i`.execute(
      db,
    );
    await sql`analyze crawl_path_day`.execute(db);
  } else {
    await sql`${insert}
      with recursive dd(d) as (select 0 union all select d + 1 from dd where d < ${sql.lit(DAYS - 1)}),
        ii(i) as (select 0 union all select i + 1 from ii where i < ${sql.lit(rowsPerDay - 1)})
      ${body("d", "i", `strftime('%Y-%m-%d', '${FIRST_DAY}', '+' || d || ' days')`)}
      from dd, ii`.execute(db);
    await sql`analyze`.execute(db);
  }
  const { rows } = await sql<{ n: number | string }>`
    select sum(count) as n from crawl_path_day where domain_id = ${domainId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function run(label: string, handle: KyselyHandle, quick: boolean): Promise<ResultRow[]> {
  await migrateToLatest(handle);
  const crawlgate = createCrawlgate(
    {
      ...createKyselyStores(handle),
      settingsCache: createMemorySettingsCache(),
      blobs: createMemoryBlobStore(),
      clock: { now: () => TODAY },
    },
    { ratePerMinute: 1_000_000, secret: "bench-secret-bench-secret-bench-secret" },
  );
  const user = await crawlgate.admin.createUser("bench", "business");
  if (!user.ok) throw new Error(user.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!key.ok) throw new Error(key.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "bench.example.com");
  if (!domain.ok) throw new Error(domain.message);
  const domainId = domain.value.domainId;

  let t = performance.now();
  const crawls = await seed(handle, domainId, quick ? 2_500 : 25_000);
  console.error(
    `exports ${label}: seeded ${crawls} crawls in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const call = async (body: Record<string, unknown>) => {
    const res = await crawlgate.api.handle({
      method: "POST",
      path: "/functions/v1/export-page-analytics",
      query: {},
      headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
      body: new TextEncoder().encode(JSON.stringify(body)),
    });
    if (res.status !== 200) throw new Error(`${res.status} ${String(res.body)}`);
    return JSON.parse(String(res.body));
  };
  const first = { domainId, period: "90d", pageSize: 50 };
  const firstPage = await call(first);
  // A deep position: the row ranked 50,000th, as a signed cursor continuing the first request.
  const { paths: walked } = await createKyselyStores(handle).crawls.rankPaths({
    domainId,
    startDay: firstPage.startDate,
    endDay: firstPage.endDate,
    botIds: null,
    tiers: null,
    pathPrefix: null,
    sortBy: "total",
    after: null,
    limit: quick ? 5_000 : 50_000,
  });
  const last = walked[walked.length - 1];
  if (!last) throw new Error("no rows");
  const cursor = await encodeCursor(crawlgate.signing, {
    endpoint: "export-page-analytics",
    userId: user.value.userId,
    issuedAt: TODAY,
    payload: {
      d: domainId,
      s: firstPage.startDate,
      e: firstPage.endDate,
      r: null,
      g: "day",
      o: "total",
      n: 50,
      b: null,
      t: null,
      x: null,
      a: [last.total, last.path],
    },
  });

  // Each request aggregates millions of rows: 3 samples (quick: 1) after one warm-up request.
  const samples = quick ? 1 : 3;
  const time = async (body: Record<string, unknown>) => {
    await call(body);
    const ms: number[] = [];
    for (let s = 0; s < samples; s++) {
      t = performance.now();
      await call(body);
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return ms[Math.floor(ms.length / 2)] as number;
  };
  const out: ResultRow[] = [];
  for (const [name, body] of [
    ["first-page-90d", first],
    ["deep-cursor-page-90d", { cursor }],
    ["first-page-90d-gptbot-verified", { ...first, botId: "gptbot", tier: "verified" }],
  ] as const) {
    const ms = await time(body);
    console.error(`exports ${label} ${name}: ${ms.toFixed(0)} ms`);
    out.push({
      suite: "exports",
      case: name,
      impl: `crawlgate-${label}`,
      nsPerOp: Math.round(ms * 1e6),
    });
  }
  return out;
}

export function exportsSuite(quick: boolean): Promise<ResultRow[]> {
  return onBothEngines("exports_", (label, handle) => run(label, handle, quick));
}
