/**
 * WAL written by freezing one day of raw crawls on PostgreSQL (issue: a frozen day's rows were
 * deleted row by row): the same `<rows>` crawls of one domain-day, seeded through the crawl
 * store, then one `closeArchive` that freezes the day, with `pg_current_wal_lsn()` read around
 * it after a `VACUUM` and a `CHECKPOINT` (so both runs pay full-page images alike). Two layouts, alternated:
 * `default` (the day has no partition: its rows sit in the default partition and are deleted
 * row by row, as every day was before migration 0027) and `partition` (the day's partition made
 * ahead by the `crawl_days` job: DETACH and DROP). Point it at a server of its own (the WAL
 * position is the whole server's). Prints one JSON line per run.
 *
 *   tsx archive-wal.ts <database-url> <rows> [runs per layout, default 1] [default|partition]
 *
 * `walFrom`/`walTo` are the positions read around the close, for `pg_waldump --stats`.
 *
 * `pnpm bench archive-wal --quick` (CI): 50,000 crawls, the partition layout only, on the local
 * PostgreSQL; fails when the close writes more than 5 MB of WAL (deleting 50,000 rows one by one
 * writes about 18 MB) or does not drop the day's rows.
 */
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { createKyselyStores, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createMemoryBlobStore } from "@crawlgate/adapter-memory";
import { closeArchive } from "@crawlgate/core";
import { sql } from "kysely";
import { record } from "./archive.js";

const DOMAIN = "00000000-0000-4000-8000-00000000a11e";
const DAY = "2026-11-01";
const BATCH = 5_000;
/** The quick gate: WAL of a 50,000-crawl day's close with the day partitioned. */
const QUICK_ROWS = 50_000;
const QUICK_MAX_WAL_BYTES = 5_000_000;

interface FreezeRun {
  layout: "default" | "partition";
  rows: number;
  frozen: number;
  droppedRows: number;
  walBytes: number;
  walFrom: string;
  walTo: string;
  closeMs: number;
  load1: number;
}

async function freeze(
  url: string,
  total: number,
  layout: "default" | "partition",
): Promise<FreezeRun> {
  const schema = `wal_${layout}_${process.pid}_${Date.now()}`;
  const handle = createPostgresDatabase(url, { schema });
  try {
    await migrateToLatest(handle);
    const stores = { ...createKyselyStores(handle), blobs: createMemoryBlobStore() };
    if (layout === "partition") await stores.crawls.prepareCrawlDays(DAY, 0, "2000-01-01");
    for (let i = 0; i < total; i += BATCH) {
      const batch = [];
      for (let j = i; j < Math.min(total, i + BATCH); j++) batch.push(record(DOMAIN, j, total));
      await stores.crawls.appendCrawls(batch, { pathCap: 100_000 });
    }
    // As days later, when the day freezes: autovacuum has been through the raw rows and the
    // aggregates' upserts (else its pruning and visibility-map writes land in the measured close).
    await sql`vacuum (analyze)`.execute(handle.db);
    await sql`checkpoint`.execute(handle.db);
    const lsn = async () =>
      (await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(handle.db))
        .rows[0]?.lsn as string;
    const before = await lsn();
    const load = loadavg()[0];
    const start = performance.now();
    const summary = await closeArchive(stores, new Date("2026-11-10T01:00:00.000Z"));
    const closeMs = Math.round(performance.now() - start);
    const after = await lsn();
    const { rows } = await sql<{ bytes: string }>`
      select pg_wal_lsn_diff(${after}::pg_lsn, ${before}::pg_lsn)::text as bytes`.execute(
      handle.db,
    );
    await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
    return {
      layout,
      rows: total,
      frozen: summary.frozen,
      droppedRows: summary.droppedRows,
      walBytes: Number(rows[0]?.bytes),
      walFrom: before,
      walTo: after,
      closeMs,
      load1: Number(load?.toFixed(2)),
    };
  } finally {
    await handle.close();
  }
}

/** `pnpm bench archive-wal [--quick]`: the quick gate, or one run of each layout (1M crawls). */
export async function archiveWalSuite(
  quick: boolean,
): Promise<{ runs: FreezeRun[]; regressions: string[] }> {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const layouts = quick ? (["partition"] as const) : (["default", "partition"] as const);
  const runs: FreezeRun[] = [];
  for (const layout of layouts) {
    const run = await freeze(url, quick ? QUICK_ROWS : 1_000_000, layout);
    console.error(JSON.stringify(run));
    runs.push(run);
  }
  const regressions = runs
    .filter((r) => r.layout === "partition")
    .flatMap((r) => [
      ...(r.walBytes > QUICK_MAX_WAL_BYTES * (r.rows / QUICK_ROWS)
        ? [`the close wrote ${r.walBytes} bytes of WAL for ${r.rows} partitioned crawls`]
        : []),
      ...(r.droppedRows !== r.rows ? [`${r.droppedRows} of ${r.rows} raw rows dropped`] : []),
    ]);
  return { runs, regressions };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, rowsArg, runsArg, only] = process.argv.slice(2);
  if (!url || !rowsArg) throw new Error("usage: tsx archive-wal.ts <database-url> <rows> [runs]");
  for (let r = 0; r < Number(runsArg ?? 1); r++)
    for (const layout of ["default", "partition"] as const)
      if (!only || only === layout)
        console.log(JSON.stringify(await freeze(url, Number(rowsArg), layout)));
}
