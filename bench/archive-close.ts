/**
 * The timed day close of the archive bench, in a process of its own so that its peak RSS is the
 * close's alone: opens the SQLite file and blob directory under `<dir>`, closes every day as of
 * `<now>` and prints `{"ms":…,"cpuMs":…,"maxRssMiB":…,"files":…,"rows":…,"bytes":…}` (`bytes`:
 * the blob directory's files after the close, i.e. the archive's Parquet parts).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createFsBlobStore } from "@crawlgate/adapter-fs";
import { createKyselyStores } from "@crawlgate/adapter-kysely";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { closeArchive } from "@crawlgate/core";

const [dir, now] = process.argv.slice(2) as [string, string];
const handle = createSqliteDatabase(join(dir, "bench.sqlite"));
const stores = {
  ...createKyselyStores(handle),
  blobs: createFsBlobStore({ root: join(dir, "blobs") }),
};
const cpu = process.cpuUsage();
const start = performance.now();
const summary = await closeArchive(stores, new Date(now));
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
// CPU time of the close (user + system, every thread of the process): on a shared machine it
// moves less with the load than the wall time does.
const cpuMs = (used.user + used.system) / 1000;
await handle.close();
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
const blobs = join(dir, "blobs");
const bytes = readdirSync(blobs, { recursive: true, encoding: "utf8" })
  .map((name) => statSync(join(blobs, name)))
  .reduce((n, s) => n + (s.isFile() ? s.size : 0), 0);
console.log(
  JSON.stringify({ ms, cpuMs, maxRssMiB, files: summary.files, rows: summary.rows, bytes }),
);
