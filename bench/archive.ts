import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsBlobStore } from "@crawlgate/adapter-fs";
import { createKyselyStores, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { type CrawlRecord, createCrawlgate } from "@crawlgate/core";
import type { ResultRow } from "./measure.js";

/**
 * The crawl-log archive: the day close of one domain-day of 1,000,000 crawls (SQLite, local
 * blobs; a child process, for its peak RSS), then 2,000-row json and csv pages from the middle
 * of that frozen day (server time: `crawlgate.api.handle`, median of 7 after one warm-up).
 * Targets: close under 10 s and 1 GiB; each page under 100 ms. `--quick`: 100,000 crawls.
 */

const DAY = "2026-11-01";
const NOW = "2026-11-10T01:00:00.000Z";
const UAS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "curl/8.5.0",
];
const OPERATORS = ["Google", "OpenAI", "Microsoft", null];

export function record(domainId: string, i: number, total: number): CrawlRecord {
  const bot = i % UAS.length;
  return {
    eventId: `e${String(i).padStart(8, "0")}`,
    domainId,
    ts: new Date(Date.parse(`${DAY}T00:00:00.000Z`) + Math.floor((i * 86_400_000) / total)),
    path: `/p/${(i * 7919) % 40_000}${i % 10 === 0 ? "?ref=x" : ""}`,
    userAgent: UAS[bot] as string,
    uaHash: `${bot}`.padStart(16, "0"),
    botId: ["googlebot", "gptbot", "bingbot", "unknown"][bot] as string,
    verdict: bot === 3 ? "automation" : i % 3 === 0 ? "declared" : "verified",
    servedFrom: i % 10 < 7 ? "cache" : i % 10 < 9 ? "render" : "origin",
    status: i % 50 === 0 ? 404 : 200,
    bytes: (i * 131) % 300_000,
    botOperator: OPERATORS[bot] ?? null,
    matchedRange: bot === 0 ? "66.249.64.0/19" : null,
    contentHash: i % 4 === 0 ? null : ((i * 2654435761) % 68_000).toString(16).padStart(32, "0"),
    snapshotId: null,
    streamId: `s${i % 12}`,
    ipAsn: [15169, 8075, 0][i % 3] as number,
  };
}

/** A cursor as a client holds it after paging to `row` of `part` (the cursor's wire format). */
async function cursorAt(
  crawlgate: ReturnType<typeof createCrawlgate>,
  userId: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const json = { ep: "export-crawl-logs", uid: userId, iat, exp: iat + 3600, p: payload };
  const body = Buffer.from(JSON.stringify(json)).toString("base64url");
  const kid = crawlgate.signing.currentKid;
  const { mac } = await crawlgate.signing.sign("cursor", `v1.${kid}.${body}`);
  return `v1.${kid}.${body}.${Buffer.from(mac).toString("base64url")}`;
}

export async function archiveSuite(quick: boolean): Promise<ResultRow[]> {
  const total = quick ? 100_000 : 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-bench-archive-"));
  try {
    // Setup (not timed): the day's raw crawls in SQLite.
    let handle = createSqliteDatabase(join(dir, "bench.sqlite"));
    await migrateToLatest(handle);
    let stores = createKyselyStores(handle);
    const blobs = () => createFsBlobStore({ root: join(dir, "blobs") });
    let crawlgate = createCrawlgate({
      ...stores,
      settingsCache: createMemorySettingsCache(),
      blobs: blobs(),
      fetch: null,
    });
    const user = await crawlgate.admin.createUser("bench", "pro");
    if (!user.ok) throw new Error(user.message);
    const domain = await crawlgate.admin.addDomain(user.value.userId, "bench.example.com");
    if (!domain.ok) throw new Error(domain.message);
    const domainId = domain.value.domainId;
    for (let i = 0; i < total; i += 20_000) {
      const batch = [];
      for (let j = i; j < Math.min(total, i + 20_000); j++) batch.push(record(domainId, j, total));
      await stores.crawls.appendCrawls(batch, { pathCap: 50_000 });
    }
    await handle.close();

    const child = new URL("./archive-close.ts", import.meta.url).pathname;
    const out = execFileSync(process.execPath, ["--import", "tsx", child, dir, NOW], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    const close = JSON.parse(out.trim().split("\n").at(-1) as string);
    if (close.rows !== total) throw new Error(`closed ${close.rows} rows of ${total}`);
    console.error(
      `archive close ${total} rows: ${Math.round(close.ms)} ms, peak RSS ${Math.round(close.maxRssMiB)} MiB, ${close.files} files`,
    );

    handle = createSqliteDatabase(join(dir, "bench.sqlite"));
    stores = createKyselyStores(handle);
    crawlgate = createCrawlgate(
      { ...stores, settingsCache: createMemorySettingsCache(), blobs: blobs(), fetch: null },
      { ratePerMinute: 1_000_000 },
    );
    const key = await crawlgate.admin.createKey(user.value.userId);
    if (!key.ok) throw new Error(key.message);
    const files = await stores.archive.listArchiveFiles(domainId, DAY, DAY);
    const middle = files[Math.floor(files.length / 2)];
    if (!middle) throw new Error("no archive files");
    const at = {
      day: DAY,
      part: middle.part,
      row: Math.floor(middle.rowCount / 2) + 7_777,
      hash: middle.contentHash,
    };
    const rows: ResultRow[] = [
      {
        suite: "archive",
        case: `${total}-rows`,
        impl: "day-close",
        nsPerOp: Math.round(close.ms * 1e6),
      },
      {
        suite: "archive",
        case: `${total}-rows`,
        impl: "day-close-peak-rss-mib",
        nsPerOp: Math.round(close.maxRssMiB),
      },
    ];
    for (const format of ["json", "csv"] as const) {
      const cursor = await cursorAt(crawlgate, user.value.userId, {
        domainId,
        format,
        startDate: DAY,
        endDate: DAY,
        pageSize: 2000,
        operators: null,
        tiers: null,
        servedFrom: null,
        pathPrefix: null,
        at,
      });
      const request = () =>
        crawlgate.api.handle({
          method: "POST",
          path: "/functions/v1/export-crawl-logs",
          query: {},
          headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
          body: new TextEncoder().encode(JSON.stringify({ cursor })),
        });
      const times: number[] = [];
      for (let i = 0; i < 8; i++) {
        const start = performance.now();
        const res = await request();
        const ms = performance.now() - start;
        if (res.status !== 200)
          throw new Error(`${format} page: ${res.status} ${String(res.body)}`);
        if (i > 0) times.push(ms);
      }
      const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
      console.error(
        `archive ${format} page of 2,000 rows, middle of the frozen day: ${median.toFixed(1)} ms`,
      );
      rows.push({
        suite: "archive",
        case: `${total}-rows`,
        impl: `${format}-page-2000`,
        nsPerOp: Math.round(median * 1e6),
      });
    }
    await handle.close();
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
