import {
  createKyselyCrawlStore,
  type KyselyHandle,
  migrateToLatest,
} from "@crawlgate/adapter-kysely";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, type IngestService } from "@crawlgate/core";
import { cpuMs } from "./cpu.js";
import { onBothEngines } from "./engines.js";
import type { ResultRow } from "./measure.js";

/**
 * Ingest end to end: classify + verify (published ranges) + write, into SQLite and PostgreSQL.
 * Events: a bot mix over 2,000 paths; 90% of addresses inside a loaded range.
 */

const UAS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  "curl/8.5.0",
];

/** Events recorded before the timed run. */
const WARM_UP = 5_000;

/**
 * Records `events` events of `domainId` with ids `${prefix}-${i}`, waiting for the
 * acknowledgements every 10,000.
 */
async function feed(
  ingest: IngestService,
  domainId: string,
  prefix: string,
  events: number,
): Promise<void> {
  const acks: Promise<unknown>[] = [];
  for (let i = 0; i < events; i++) {
    acks.push(
      ingest.recordCrawl({
        eventId: `${prefix}-${i}`,
        domainId,
        ts: new Date(Date.UTC(2026, 10, 1 + (i % 20), 0, 0, 0, i % 1000)),
        path: `/p/${(i * 7919) % 2000}`,
        userAgent: UAS[i % UAS.length] as string,
        ip: i % 10 === 0 ? "203.0.113.9" : i % 2 ? "66.249.66.1" : "20.171.206.9",
        servedFrom: i % 4 === 0 ? "render" : "cache",
        status: 200,
        bytes: 20_000,
      }),
    );
    if (acks.length >= 10_000) await Promise.all(acks.splice(0));
  }
  await Promise.all(acks);
}

async function run(label: string, handle: KyselyHandle, events: number): Promise<ResultRow[]> {
  await migrateToLatest(handle);
  const { ingest } = createCrawlgate(
    {
      ...createMemoryStores(),
      crawls: createKyselyCrawlStore(handle),
      resolver: { reverse: async () => [], forward: async () => [], txt: async () => [] },
      fetch: null,
    },
    { ingest: { maxBatch: 5000, maxBuffered: 20_000, intervalMs: 50, concurrency: 2 } },
  );
  ingest.verifier.setRanges(
    "https://developers.google.com/static/crawling/ipranges/common-crawlers.json",
    ["66.249.64.0/19"],
    new Date(),
  );
  ingest.verifier.setRanges("https://openai.com/gptbot.json", ["20.171.206.0/24"], new Date());
  // Warm-up, not timed: JIT, prepared statements and (SQLite) the start of the writer thread.
  // Another domain, so the timed run still creates its own aggregate rows and path-cap rows.
  await feed(ingest, "bench-warm-up", `${label}-warm`, WARM_UP);
  const cpuBefore = await cpuMs(handle);
  const start = performance.now();
  await feed(ingest, "bench-domain", label, events);
  await ingest.close();
  const ns = ((performance.now() - start) * 1e6) / events;
  const cpuAfter = await cpuMs(handle);
  const own = cpuAfter.own - cpuBefore.own;
  let server = 0;
  for (const [pid, ms] of cpuAfter.server) server += ms - (cpuBefore.server.get(pid) ?? 0);
  for (const pid of cpuBefore.server.keys())
    if (!cpuAfter.server.has(pid)) console.error(`ingest ${label}: server process ${pid} ended`);
  const perEvent = (ms: number) => (ms * 1e6) / events;
  const cpuNs = perEvent(own + server);
  console.error(
    `ingest ${label}: ${ns.toFixed(0)} ns/event (${(1e9 / ns).toFixed(0)} events/s), CPU ${cpuNs.toFixed(0)} ns/event (this process ${perEvent(own).toFixed(0)}, server ${perEvent(server).toFixed(0)})`,
  );
  const row = (impl: string, nsPerOp: number): ResultRow => ({
    suite: "ingest",
    case: `${events}-events`,
    impl,
    nsPerOp: Math.round(nsPerOp),
  });
  return [row(`crawlgate-${label}`, ns), row(`crawlgate-${label}-cpu`, cpuNs)];
}

export async function ingestSuite(quick: boolean): Promise<ResultRow[]> {
  const events = quick ? 5_000 : 100_000;
  return onBothEngines("", (label, handle) => run(label, handle, events));
}
