import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createFsBlobStore } from "@crawlgate/adapter-fs";
import { createKyselyStores, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import type { CrawlRecord } from "@crawlgate/core/adapter-kit";
import { loadAverage, type MachineInfo, machineInfo, type ResultRow } from "./measure.js";

/**
 * The crawl-log archive: the day close of one domain-day of 1,000,000 crawls (SQLite, local
 * blobs; each close in a child process of its own, for its peak RSS and CPU time, three closes of
 * copies of the same database, median reported), then 2,000-row json and csv pages from the
 * middle of that frozen day (server time: `crawlgate.api.handle` in this process, no HTTP, median
 * of 15 after one warm-up). Targets: close under 10 s and 1 GiB; each page under 100 ms. The
 * report (machine, load average, every sample, each target met or not) goes to
 * `results/archive.json`. `--quick`: 100,000 crawls, one close, 7 pages, gates only.
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
    signatureAgent: null,
    signature: null,
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

export interface ArchiveReport {
  suite: "archive";
  quick: boolean;
  date: string;
  machine: MachineInfo & {
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  setup: Record<string, string | number>;
  /** Each close: wall time, CPU time (user + system) and peak RSS of its process. */
  closes: {
    ms: number;
    cpuMs: number;
    maxRssMiB: number;
    files: number;
    rows: number;
    /** Bytes of the archive's files (Parquet parts) after the close. */
    bytes: number;
  }[];
  /** Server time of each page request after the warm-up, and its CPU time, in ms. */
  pages: Record<"json" | "csv", { ms: number[]; cpuMs: number[] }>;
  targets: Record<string, { target: string; value: number; met: boolean }>;
  /** Quick-mode gates (gross regressions); empty when all hold. */
  regressions: string[];
  rows: ResultRow[];
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The day's raw crawls written into a new SQLite file under `dir` (untimed). */
async function seed(dir: string, total: number) {
  const handle = createSqliteDatabase(join(dir, "bench.sqlite"));
  await migrateToLatest(handle);
  const stores = createKyselyStores(handle);
  const crawlgate = createCrawlgate({
    ...stores,
    settingsCache: createMemorySettingsCache(),
    blobs: createFsBlobStore({ root: join(dir, "blobs") }),
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
  return { userId: user.value.userId, domainId };
}

/** Closes a copy of the seeded database in a child process; the copy's directory is returned. */
function closeCopy(dir: string, run: number, total: number) {
  const copy = join(dir, `close-${run}`);
  mkdirSync(copy);
  for (const file of ["bench.sqlite", "bench.sqlite-wal"])
    if (existsSync(join(dir, file))) copyFileSync(join(dir, file), join(copy, file));
  const child = new URL("./archive-close.ts", import.meta.url).pathname;
  const out = execFileSync(process.execPath, ["--import", "tsx", child, copy, NOW], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  const close = JSON.parse(out.trim().split("\n").at(-1) as string);
  if (close.rows !== total) throw new Error(`closed ${close.rows} rows of ${total}`);
  console.error(
    `archive close ${run} of ${total} rows: ${Math.round(close.ms)} ms (CPU ${Math.round(close.cpuMs)} ms), peak RSS ${Math.round(close.maxRssMiB)} MiB, ${close.files} files of ${close.bytes} bytes (${Math.round(close.bytes / Math.max(1, close.rows))} per crawl), load ${loadavg()[0]?.toFixed(2)}`,
  );
  return { copy, close: close as ArchiveReport["closes"][number] };
}

/** Server time and CPU time of 2,000-row json and csv pages from the middle of the frozen day. */
async function measurePages(
  dir: string,
  seeded: { userId: string; domainId: string },
  samples: number,
): Promise<ArchiveReport["pages"]> {
  const handle = createSqliteDatabase(join(dir, "bench.sqlite"));
  const stores = createKyselyStores(handle);
  const crawlgate = createCrawlgate(
    {
      ...stores,
      settingsCache: createMemorySettingsCache(),
      blobs: createFsBlobStore({ root: join(dir, "blobs") }),
      fetch: null,
    },
    { ratePerMinute: 1_000_000 },
  );
  const { userId, domainId } = seeded;
  const key = await crawlgate.admin.createKey(userId);
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
  const pages: ArchiveReport["pages"] = { json: { ms: [], cpuMs: [] }, csv: { ms: [], cpuMs: [] } };
  for (const format of ["json", "csv"] as const) {
    const cursor = await cursorAt(crawlgate, userId, {
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
    for (let i = 0; i <= samples; i++) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const res = await crawlgate.api.handle({
        method: "POST",
        path: "/functions/v1/export-crawl-logs",
        query: {},
        headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
        body: new TextEncoder().encode(JSON.stringify({ cursor })),
      });
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      if (res.status !== 200) throw new Error(`${format} page: ${res.status} ${String(res.body)}`);
      // The first request is the warm-up (the part's footer is read and kept then).
      if (i === 0) continue;
      pages[format].ms.push(round1(ms));
      pages[format].cpuMs.push(round1((used.user + used.system) / 1000));
    }
    console.error(
      `archive ${format} page of 2,000 rows, middle of the frozen day: ${median(pages[format].ms)} ms (CPU ${median(pages[format].cpuMs)} ms)`,
    );
  }
  await handle.close();
  return pages;
}

export async function archiveSuite(quick: boolean): Promise<ArchiveReport> {
  const total = quick ? 100_000 : 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-bench-archive-"));
  const loadAverageBefore = loadAverage();
  try {
    const seeded = await seed(dir, total);
    const closes: ArchiveReport["closes"] = [];
    let last = "";
    for (let run = 1; run <= (quick ? 1 : 3); run++) {
      const { copy, close } = closeCopy(dir, run, total);
      closes.push({ ...close, ms: round1(close.ms), cpuMs: round1(close.cpuMs) });
      if (last) rmSync(last, { recursive: true, force: true });
      last = copy;
    }
    const pages = await measurePages(last, seeded, quick ? 7 : 15);
    return archiveReport({ quick, total, loadAverageBefore, closes, pages });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Targets (full mode), gates (quick mode) and the rows of `results/archive.json`. */
function archiveReport(run: {
  quick: boolean;
  total: number;
  loadAverageBefore: number[];
  closes: ArchiveReport["closes"];
  pages: ArchiveReport["pages"];
}): ArchiveReport {
  const { quick, total, closes, pages } = run;
  const closeMs = median(closes.map((c) => c.ms));
  const rssMiB = Math.max(...closes.map((c) => c.maxRssMiB));
  const json = median(pages.json.ms);
  const csv = median(pages.csv.ms);
  const targets: ArchiveReport["targets"] = quick
    ? {}
    : {
        "day-close": {
          target: "< 10,000 ms (median of the closes)",
          value: closeMs,
          met: closeMs < 10_000,
        },
        "day-close-peak-rss": {
          target: "< 1,024 MiB (largest of the closes)",
          value: rssMiB,
          met: rssMiB < 1024,
        },
        "json-page-2000": { target: "< 100 ms server time (median)", value: json, met: json < 100 },
        "csv-page-2000": { target: "< 100 ms server time (median)", value: csv, met: csv < 100 },
      };
  // Gross regressions only (quick mode in CI): a 100,000-row close over 30 s or 1 GiB, a page
  // over 2 s.
  const regressions: string[] = [];
  if (quick && closeMs > 30_000) regressions.push(`day close ${closeMs} ms (> 30,000)`);
  if (rssMiB > 1024) regressions.push(`day close peak RSS ${rssMiB} MiB (> 1,024)`);
  for (const [format, ms] of [
    ["json", json],
    ["csv", csv],
  ] as const)
    if (ms > 2000) regressions.push(`${format} page ${ms} ms (> 2,000)`);
  const row = (impl: string, nsPerOp: number): ResultRow => ({
    suite: "archive",
    case: `${total}-rows`,
    impl,
    nsPerOp: Math.round(nsPerOp),
  });
  return {
    suite: "archive",
    quick,
    date: new Date().toISOString(),
    machine: {
      ...machineInfo(),
      loadAverageBefore: run.loadAverageBefore,
      loadAverageAfter: loadAverage(),
    },
    setup: {
      rows: total,
      partRows: 100_000,
      rowGroupRows: 50_000,
      store: "adapter-kysely SQLite file, adapter-fs blobs, in a temp dir",
      closes: "closeArchive in a child process (archive-close.ts) per copy of the seeded database",
      pages:
        "api.handle in process, cursor in the middle of the middle part, first request is the warm-up",
    },
    closes,
    pages,
    targets,
    regressions,
    rows: [
      row("day-close", closeMs * 1e6),
      row("day-close-cpu", median(closes.map((c) => c.cpuMs)) * 1e6),
      row("day-close-peak-rss-mib", rssMiB),
      row("json-page-2000", json * 1e6),
      row("csv-page-2000", csv * 1e6),
    ],
  };
}
