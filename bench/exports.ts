import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { createKyselyStores, type KyselyHandle, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createMemoryBlobStore, createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { type Crawlgate, createCrawlgate } from "@crawlgate/core";
import { addDays } from "@crawlgate/core/adapter-kit";
import { sql } from "kysely";
import { cpuMs, cpuSince } from "./cpu.js";
import { onBothEngines } from "./engines.js";
import { loadAverage, type ResultRow } from "./measure.js";

/**
 * Exports over a big domain: about 10 million crawls over 90 days, loaded straight into the
 * aggregate tables the exports read (through ingest this would take most of an hour here; the
 * raw rows are not read by these exports). Two worlds: 100,000 distinct paths (the tail on about
 * 30% of the days) and 1,000,000 (the tail on about 3%), the same head. Each export is timed
 * through the API handler up to its JSON text (a client's parse of it is not the server's time),
 * median of a few calls, with the CPU time per call beside it (this process and, on PostgreSQL,
 * the server processes of its connections).
 */

const DAYS = 90;

/** A domain to seed: its distinct paths, the head crawled every day, the tail's share of days. */
export interface World {
  name: string;
  paths: number;
  /** Paths crawled every day (the head of the distribution), three bots each. */
  head: number;
  /** A tail path is crawled on a day when `(path * 7 + day * 13) % modulus < share`. */
  modulus: number;
  share: number;
}

export const WORLDS: Record<string, World> = {
  "100k": { name: "100k", paths: 100_000, head: 2_000, modulus: 10, share: 3 },
  "1m": { name: "1m", paths: 1_000_000, head: 2_000, modulus: 100, share: 3 },
  // CI's quick mode: the same code paths (read model, deep cursor, filters, stale day) in seconds.
  quick: { name: "quick", paths: 6_000, head: 200, modulus: 10, share: 1 },
};
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

/** The inverse of `a` modulo `m` (coprime). */
function inverse(a: number, m: number): number {
  for (let x = 1; x < m; x++) if ((a * x) % m === 1) return x;
  throw new Error(`${a} has no inverse modulo ${m}`);
}

/**
 * Inserts the aggregates of one domain. Rows per (day, path, bot, tier): the head's paths every
 * day with three bots each, the tail's paths on a share of the days with one bot. Counts give
 * about 10 million crawls in all for the two full worlds. The tail's (day, path) pairs are
 * generated directly (for a day and a residue, the paths with `(path * 7 + day * 13) % modulus`
 * equal to it are one arithmetic progression), not filtered out of every pair.
 */
export async function seed(handle: KyselyHandle, domainId: string, world: World): Promise<number> {
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
  const { head, modulus, share } = world;
  const path = `'/section-' || (pi % 50) || '/page-' || pi`;
  // 7p + 13d = r (mod m) <=> p = inv(7) * (r - 13d) (mod m); the added 13·m·DAYS keeps it positive.
  const tailPath = `(${inverse(7, modulus)} * (r.i + ${13 * modulus * DAYS} - 13 * d.i)) % ${modulus} + ${modulus} * j.i`;
  const pairs = `
    select d.i as di, p.i as pi, b.i as slot, 4 + (${head} - p.i) / 200 as count
    from ${series("d", DAYS)} cross join ${series("p", head)} cross join ${series("b", 3)}
    union all
    select di, pi, 0 as slot, 1 + ((pi + di) % 3) as count from (
      select d.i as di, ${tailPath} as pi
      from ${series("d", DAYS)} cross join ${series("r", share)}
        cross join ${series("j", world.paths / modulus)}
    ) t where pi >= ${head}`;
  const rows = `select ${day.replaceAll("d.i", "di")} as day, ${path} as path, slot, di, pi, count from (${pairs}) q`;
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

/**
 * Median wall time of `times` calls, in nanoseconds (one untimed warm-up call first), and the
 * mean CPU time per call (this process, and PostgreSQL's server processes of the handle).
 */
async function timed(
  handle: KyselyHandle,
  times: number,
  run: () => Promise<unknown>,
): Promise<{ ns: number; cpu: { own: number; server: number } }> {
  await run();
  const samples: number[] = [];
  const before = await cpuMs(handle);
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push((performance.now() - start) * 1e6);
  }
  const cpu = cpuSince(before, await cpuMs(handle));
  samples.sort((a, b) => a - b);
  return {
    ns: Math.round(samples[Math.floor(samples.length / 2)] as number),
    cpu: { own: cpu.own / times, server: cpu.server / times },
  };
}

/** The stores and app of a fresh database: one enterprise user, its key and one domain. */
async function appOn(handle: KyselyHandle) {
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
  return { stores, crawlgate, k: key.value.key, domainId: domain.value.domainId };
}

/** One crawl imported into a settled day 40 days back (ingest's `appendCrawls`). */
async function lateImport(stores: ReturnType<typeof createKyselyStores>, domainId: string) {
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
}

async function runOn(
  engine: string,
  handle: KyselyHandle,
  world: World,
  quick: boolean,
): Promise<ResultRow[]> {
  // The 100,000-path world keeps the rows' old names (`crawlgate-<engine>`), so runs compare.
  const label = world.name === "100k" ? engine : `${engine}-${world.name}`;
  const { stores, crawlgate, k, domainId } = await appOn(handle);
  const started = performance.now();
  const crawls = await seed(handle, domainId, world);
  console.error(
    `exports ${label}: seeded ${crawls.toLocaleString("en")} crawls on ${world.paths.toLocaleString("en")} paths in ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${loadAverage().join(" ")}`,
  );

  const times = quick ? 3 : 7;
  const rows: ResultRow[] = [];
  const record = (name: string, ns: number, cpu?: { own: number; server: number }) => {
    const cpuText = cpu
      ? ` (CPU ${(cpu.own + cpu.server).toFixed(1)} ms: this process ${cpu.own.toFixed(1)}, server ${cpu.server.toFixed(1)})`
      : "";
    console.error(`exports ${label} ${name}: ${(ns / 1e6).toFixed(1)} ms${cpuText}`);
    rows.push({ suite: "exports", case: name, impl: `crawlgate-${label}`, nsPerOp: ns });
    if (cpu)
      rows.push({
        suite: "exports",
        case: name,
        impl: `crawlgate-${label}-cpu`,
        nsPerOp: Math.round((cpu.own + cpu.server) * 1e6),
      });
  };
  const measure = async (name: string, run: () => Promise<unknown>) => {
    const { ns, cpu } = await timed(handle, times, run);
    record(name, ns, cpu);
  };
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
  // The first page in a fresh process: it loads the domain's path directory (once per process).
  await once("page-analytics-first-page-cold", () =>
    request(crawlgate, k, "export-page-analytics", { domainId, period: "90d" }),
  );
  // PROFILE=<dir>: a CPU profile of this process over the timed requests that follow.
  const profile = process.env.PROFILE ? await startProfile() : null;
  await measure("crawl-analytics-365d", () =>
    request(crawlgate, k, "export-crawl-analytics", { domainId, period: "365d" }),
  );
  await measure("page-analytics-first-page", () =>
    request(crawlgate, k, "export-page-analytics", { domainId, period: "90d" }),
  );
  // A deep page: follow the cursors of 500-path pages, untimed, to the page after the 2,000th
  // path (the cursor pins the page size, so the timed deep page has 500 rows).
  let cursor: string | null = null;
  for (let page = 0; page < 4; page++) {
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
  await lateImport(stores, domainId);
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
  if (profile) await profile(`exports-${label}`);
  return rows;
}

/** Starts the inspector's CPU profiler; the returned function writes `<PROFILE>/<name>.cpuprofile`. */
async function startProfile(): Promise<(name: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async (name) => {
    const { profile } = await session.post("Profiler.stop");
    const dir = process.env.PROFILE as string;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * The worlds of a run: `PATHS=100k,1m` (the default) or one of them; quick mode (CI) seeds the
 * small world alone.
 */
function worldsOf(quick: boolean): World[] {
  if (quick) return [WORLDS.quick as World];
  const names = (process.env.PATHS || "100k,1m").split(",").map((n) => n.trim().toLowerCase());
  return names.map((n) => {
    const world = WORLDS[n];
    if (!world) throw new Error(`PATHS: unknown world "${n}" (known: 100k, 1m)`);
    return world;
  });
}

export async function exportsSuite(quick: boolean): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const world of worldsOf(quick))
    rows.push(
      ...(await onBothEngines(`exports_${world.name}_`, (engine, handle) =>
        runOn(engine, handle, world, quick),
      )),
    );
  return rows;
}

/** Targets per request in ms (SQLite, PostgreSQL); quick mode fails at five times them. */
const TARGETS: Record<string, [number, number]> = {
  "crawl-analytics-365d": [50, 50],
  "page-analytics-first-page": [500, 300],
  "page-analytics-deep-cursor-page": [500, 300],
};

/** The quick run's gross regressions: a targeted request at five times its target or more. */
export function exportsRegressions(rows: readonly ResultRow[]): string[] {
  const out: string[] = [];
  for (const [name, [sqlite, postgres]] of Object.entries(TARGETS))
    for (const [engine, target] of [
      ["sqlite", sqlite],
      ["postgres", postgres],
    ] as const) {
      const row = rows.find(
        (r) =>
          r.case === name && r.impl.startsWith(`crawlgate-${engine}`) && !r.impl.endsWith("-cpu"),
      );
      if (!row) out.push(`exports ${name} on ${engine}: not measured`);
      else if (row.nsPerOp >= 5 * target * 1e6)
        out.push(
          `exports ${name} on ${engine}: ${(row.nsPerOp / 1e6).toFixed(0)} ms, over 5 x its ${target} ms target`,
        );
    }
  return out;
}
