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
 */
import { loadavg } from "node:os";
import { createKyselyStores, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createMemoryBlobStore } from "@crawlgate/adapter-memory";
import { closeArchive } from "@crawlgate/core";
import { sql } from "kysely";
import { record } from "./archive.js";

const [url, rowsArg, runsArg, only] = process.argv.slice(2);
if (!url || !rowsArg) throw new Error("usage: tsx archive-wal.ts <database-url> <rows> [runs]");
const total = Number(rowsArg);
const runs = Number(runsArg ?? 1);
const DOMAIN = "00000000-0000-4000-8000-00000000a11e";
const DAY = "2026-11-01";
const BATCH = 5_000;

async function freeze(layout: "default" | "partition"): Promise<Record<string, unknown>> {
  const schema = `wal_${layout}_${process.pid}_${Date.now()}`;
  const handle = createPostgresDatabase(url as string, { schema });
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

for (let r = 0; r < runs; r++)
  for (const layout of ["default", "partition"] as const)
    if (!only || only === layout) console.log(JSON.stringify(await freeze(layout)));
