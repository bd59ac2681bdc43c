/**
 * A separate process for the durability tests: ingests events `from..to` into a SQLite file and
 * prints `acked <eventId>` as each is acknowledged. On SIGTERM it closes the ingest (flushing
 * whatever is buffered), prints `closed <submitted>` and exits 0.
 * Usage: ingest-child.ts <sqlite file> <from> <to> [thread|inline] (the crawl writer; default thread)
 */
import { createMemoryBlobStore, createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { createKyselyStores, migrateToLatest } from "../index.js";
import { createSqliteDatabase } from "../sqlite/index.js";

const [file, fromText, toText, writer] = process.argv.slice(2);
const handle = createSqliteDatabase(file as string, { writerThread: writer !== "inline" });
await migrateToLatest(handle);
const { ingest } = createCrawlgate(
  {
    ...createKyselyStores(handle),
    settingsCache: createMemorySettingsCache(),
    blobs: createMemoryBlobStore(),
    resolver: { reverse: async () => [], forward: async () => [], txt: async () => [] },
  },
  { ingest: { maxBatch: 50, intervalMs: 20 } },
);
let submitted = 0;
let stopping = false;
process.on("SIGTERM", async () => {
  stopping = true;
  await ingest.close();
  process.stdout.write(`closed ${submitted}\n`);
  await handle.close();
  process.exit(0);
});
process.stdout.write("ready\n");
for (let i = Number(fromText); i < Number(toText) && !stopping; i++) {
  submitted++;
  void ingest
    .recordCrawl({
      eventId: `event-${i}`,
      domainId: "00000000-0000-4000-8000-0000000000d1",
      ts: new Date(Date.UTC(2026, 10, 20, 0, 0, 0, i)),
      path: `/p/${i % 97}`,
      userAgent: i % 3 ? "Mozilla/5.0 (compatible; Googlebot/2.1)" : "curl/8.0",
      ip: "203.0.113.5",
      servedFrom: "cache",
      status: 200,
      bytes: 100,
    })
    .then(
      (r) => process.stdout.write(`acked ${r.eventId}\n`),
      (error: unknown) => process.stderr.write(`not acknowledged: ${String(error)}\n`),
    );
  // Pace the stream so the parent can interrupt it mid-way.
  if (i % 25 === 0) await new Promise((r) => setTimeout(r, 5));
}
