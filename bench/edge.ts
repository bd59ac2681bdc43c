import { execFile, execFileSync } from "node:child_process";
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import {
  type Crawlgate,
  type CrawlgateDeps,
  createFetchRenderer,
  createScheduler,
  type Renderer,
  silentLogger,
  systemClock,
} from "@crawlgate/core";
import { createEdgeMiddleware, createExpressRouter } from "@crawlgate/http-express";
import { createPinnedFetch, createPinnedProxy, nodeRequestHandler } from "@crawlgate/proxy-node";
import { createChromiumRenderer, findChromium } from "@crawlgate/renderer-chromium";
import express from "express";
import { type MarkdownBench, markdownMicroBench } from "./edge-markdown.js";
import { type PaidBench, paidMicroBench } from "./edge-paid.js";
import { type PolicyBench, policyMicroBench } from "./edge-policy.js";
import { createBenchAgent, type SignatureBench, signatureMicroBench } from "./edge-signed.js";
import { openEdgeCrawlgate } from "./edge-world.js";
import { FULL, type MachineInfo, machineInfo, QUICK, type ResultRow } from "./measure.js";

/**
 * The edge data plane (issue 13), in one process tree: the servers run here, the load comes from
 * autocannon in a child process.
 *
 * 1. Cache hits: a Googlebot request for a cached page through `createEdgeMiddleware` (recording
 *    on), against a bare Express handler that sends the same bytes with the same headers; the
 *    two alternate (bare, SQLite, memory, SQLite signed, bare, …) so the machine's noise is
 *    shared. "SQLite signed" is the same page asked by a Web Bot Auth signed agent (a browser
 *    User-Agent, one signature without a nonce, so every request verifies Ed25519 again) with
 *    its key directory cached: the cost of verification per request. Before the load, the core
 *    verifier's own rate (verifications per second, `edge-signed.ts`). "memory markdown" is the
 *    memory world asked for the page's Markdown (`Accept: text/markdown`, kept in the Markdown
 *    memory after the first conversion), beside the memory world's HTML hit; before the load,
 *    the conversion's own cost on a 100 KB page (`edge-markdown.ts`).
 * 2. Renders per second of the `fetch` and `chromium` renderers on a loopback origin page with a
 *    little JavaScript, distinct URLs, at the worker's concurrency (2, also Chromium's default).
 * 3. Purge to fresh with `chromium`: POST purge-cache through the HTTP API, then poll the edge as
 *    a crawler until the body changes; the page worker runs on the scheduler at its default poll
 *    interval, as in `crawlgate serve`.
 */

const HOST = "shop.example.com";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** The crawler's address as the edge sees it: inside Google's published range. */
const GOOGLE_IP = "66.249.66.1";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CONNECTIONS = 50;
/**
 * The data plane's defaults the bench runs at (`DEFAULT_EDGE` in core's edge/options.ts, not
 * exported): worker concurrency, worker poll interval, worker render deadline.
 */
const DEFAULT_EDGE = { workerConcurrency: 2, workerPollMs: 500, renderDeadlineMs: 30_000 } as const;

export interface EdgeMode {
  quick: boolean;
  /** Seconds per autocannon run. */
  loadSeconds: number;
  /** Requests to each target before the timed runs. */
  warmUpRequests: number;
  /** Rounds of bare / SQLite / memory. */
  rounds: number;
  fetchRenderSeconds: number;
  chromiumRenderSeconds: number;
  purges: number;
}

const FULL_MODE: EdgeMode = {
  quick: false,
  loadSeconds: 10,
  warmUpRequests: 1_000,
  rounds: 3,
  fetchRenderSeconds: 5,
  chromiumRenderSeconds: 20,
  purges: 20,
};
const QUICK_MODE: EdgeMode = {
  quick: true,
  loadSeconds: 2,
  warmUpRequests: 200,
  rounds: 2,
  fetchRenderSeconds: 1,
  chromiumRenderSeconds: 3,
  purges: 3,
};

// ── the origin ───────────────────────────────────────────────────────────────────────────────

/**
 * The site behind the edge, on loopback: every path is a small page whose list is built by a
 * script that declares `prerenderReady`; `/live` says a new version on every fetch.
 */
async function startOrigin(): Promise<{ url: string; fetches(): number; close(): Promise<void> }> {
  let live = 0;
  let fetches = 0;
  const filler = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n".repeat(80);
  const server = createServer((req, res) => {
    fetches++;
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const heading = path === "/live" ? `Live version ${++live}` : `Page ${path}`;
    const body = `<!doctype html>
<html><head><meta charset="utf-8"><title>${heading}</title>
<script>window.prerenderReady = false;</script></head>
<body><h1>${heading}</h1><ul id="items"></ul>
${filler}<script>
setTimeout(function () {
  var list = document.getElementById("items");
  for (var i = 0; i < 20; i++) {
    var li = document.createElement("li");
    li.textContent = "Item " + i + " built by JavaScript";
    list.appendChild(li);
  }
  window.prerenderReady = true;
}, 20);
</script></body></html>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(body);
  });
  const port = await listenOn(server);
  return {
    url: `http://127.0.0.1:${port}`,
    fetches: () => fetches,
    close: () => closeServer(server),
  };
}

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

// ── a world: stores, crawlgate, the edge app ────────────────────────────────────────────────

interface World {
  label: string;
  /** Headers every request of this world's runs carries (a signed agent's), else none. */
  headers: Record<string, string> | undefined;
  crawlgate: Crawlgate;
  baseUrl: string;
  apiKey: string;
  /** Crawl rows stored for the domain; `final` writes the buffered ones first (closes ingest). */
  countCrawls(final: boolean): Promise<number>;
  close(): Promise<void>;
}

/** Origins are operator configuration: loopback allowed, as `crawlgate serve` does. */
const originFetch = () => createPinnedFetch({ isAllowedAddress: () => true });

async function createWorld(
  label: string,
  originUrl: string,
  renderer: Renderer,
  signed?: {
    webBotAuth?: NonNullable<CrawlgateDeps["webBotAuth"]>;
    headers: Record<string, string>;
  },
): Promise<World> {
  const opened = await openEdgeCrawlgate({
    sqlite: label.startsWith("sqlite"),
    renderer,
    webBotAuth: signed?.webBotAuth,
  });
  const { crawlgate, deps, handle } = opened;
  const user = await crawlgate.admin.createUser("bench", "pro");
  if (!user.ok) throw new Error(user.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, { originUrl });
  if (!key.ok || !domain.ok) throw new Error("bench setup failed");
  const domainId = domain.value.domainId;

  // As `crawlgate serve` mounts it (packages/cli/src/server.ts), without the request log.
  const app = express();
  app.disable("x-powered-by");
  app.use("/functions/v1", createExpressRouter(crawlgate));
  app.use(
    createEdgeMiddleware(crawlgate, {
      protocol: "http",
      clientIp: () => GOOGLE_IP,
      origin: "proxy",
      originProxy: nodeRequestHandler(createPinnedProxy({ isAllowedAddress: () => true })),
      unknownHost: "404",
    }),
  );
  const server = createServer(app);
  const port = await listenOn(server);
  const countRows = async () => {
    if (handle) {
      const row = await handle.db
        .selectFrom("crawl_events")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("domain_id", "=", domainId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const rows = await deps.crawls.listCrawls(
      domainId,
      new Date(0),
      new Date("2100-01-01T00:00:00.000Z"),
      100_000_000,
    );
    return rows.length;
  };
  return {
    label,
    headers: signed?.headers,
    crawlgate,
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: key.value.key,
    async countCrawls(final) {
      // The final count writes what is buffered (closing ingest); a count between runs waits
      // until the buffer (flushed every 200 ms) has settled, since a closed ingest takes no more.
      if (final) await crawlgate.ingest.close();
      let last = -1;
      for (;;) {
        const n = await countRows();
        if (final || n === last) return n;
        last = n;
        await new Promise((r) => setTimeout(r, 500));
      }
    },
    async close() {
      await closeServer(server);
      await opened.close();
    },
  };
}

/** One crawler request to the edge (node:http: `fetch` does not let a caller set Host). */
function crawl(
  baseUrl: string,
  path: string,
  extra: Record<string, string> = {},
): Promise<{
  status: number;
  servedFrom: string | null;
  headers: IncomingHttpHeaders;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      baseUrl + path,
      { headers: { host: HOST, "user-agent": GOOGLEBOT, ...extra }, agent: keepAlive },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const servedFrom = res.headers["x-crawlgate-served-from"];
          resolve({
            status: res.statusCode ?? 0,
            servedFrom: typeof servedFrom === "string" ? servedFrom : null,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });

// ── 1. cache hits under load ────────────────────────────────────────────────────────────────

interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The server process during the run: event-loop delay (p99, max) and time paused by GC. */
  eventLoopDelayP99Ms?: number;
  eventLoopDelayMaxMs?: number;
  gcPauseMs?: number;
  /** CPU time of the server process (user + system) per request answered, in µs. */
  cpuPerRequestUs?: number;
}

const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/**
 * A load run with the server process watched: the event loop's delay (1 ms resolution) and the
 * time GC paused it. The servers share this process, so the numbers are the target's while it
 * is the only one under load.
 */
async function watchedLoad(
  url: string,
  seconds: number,
  headers?: Record<string, string>,
): Promise<LoadResult> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let gcNs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcNs += entry.duration * 1e6;
  });
  gc.observe({ entryTypes: ["gc"] });
  delay.enable();
  const cpu = process.cpuUsage();
  try {
    const result = await load(url, { seconds }, headers);
    const used = process.cpuUsage(cpu);
    return {
      ...result,
      cpuPerRequestUs: round2((used.user + used.system) / Math.max(1, result.requests)),
      eventLoopDelayP99Ms: round2(delay.percentile(99) / 1e6),
      eventLoopDelayMaxMs: round2(delay.max / 1e6),
      gcPauseMs: Math.round(gcNs / 1e6),
    };
  } finally {
    delay.disable();
    gc.disconnect();
  }
}

/**
 * autocannon in a child process (so it does not share the servers' event loop), as Googlebot
 * unless `headers` say otherwise.
 */
function load(
  url: string,
  run: { seconds: number } | { amount: number },
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const sent: Record<string, string> = { host: HOST, "user-agent": GOOGLEBOT, ...headers };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        autocannonBin,
        "--json",
        "--connections",
        String(CONNECTIONS),
        ...("seconds" in run
          ? ["--duration", String(run.seconds)]
          : ["--amount", String(run.amount)]),
        ...Object.entries(sent).flatMap(([name, value]) => ["--headers", `${name}=${value}`]),
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const r = JSON.parse(stdout) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          errors: number;
          timeouts: number;
          non2xx: number;
        };
        resolve({
          requestsPerSecond: Math.round(r.requests.average),
          latencyP50Ms: r.latency.p50,
          latencyP99Ms: r.latency.p99,
          requests: r.requests.total,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
        });
      },
    );
  });
}

interface CacheHitRow {
  impl: string;
  runs: LoadResult[];
  /** Medians over the runs (errors and non-2xx summed). */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /** Edge rows: requests answered, and crawl rows stored for them. */
  requestsSent?: number;
  crawlRowsStored?: number;
  ratioToBare?: number;
  /** Median CPU time of the server process per request (µs). */
  cpuPerRequestUs?: number;
  /** Signed rows: CPU per request added over the same store's unsigned row (µs). */
  addedCpuUs?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function summarise(impl: string, runs: LoadResult[]): CacheHitRow {
  return {
    impl,
    runs,
    requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
    latencyP50Ms: median(runs.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(runs.map((r) => r.latencyP99Ms)),
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    cpuPerRequestUs: median(runs.map((r) => r.cpuPerRequestUs ?? 0)),
  };
}

async function cacheHits(mode: EdgeMode, originUrl: string): Promise<CacheHitRow[]> {
  const renderer = createFetchRenderer({ fetch: originFetch() });
  const path = "/products/42";
  const agent = await createBenchAgent();
  const signed = { webBotAuth: agent.deps(), headers: await agent.sign(HOST, path) };
  // A signed agent sends a browser's User-Agent.
  signed.headers["user-agent"] = BROWSER;
  const worlds = [
    await createWorld("sqlite", originUrl, renderer),
    await createWorld("memory", originUrl, renderer),
    await createWorld("sqlite-signed", originUrl, renderer, signed),
    // The memory world's page asked as Markdown: no signature, only the Accept header.
    await createWorld("memory-markdown", originUrl, renderer, {
      headers: { accept: "text/markdown" },
    }),
  ];
  try {
    // Render once, then check it is served from the cache.
    let sample: Awaited<ReturnType<typeof crawl>> | null = null;
    for (const world of worlds) {
      const first = await crawl(world.baseUrl, path);
      if (first.status !== 200 || first.servedFrom !== "render")
        throw new Error(`${world.label}: first request ${first.status} ${first.servedFrom}`);
      sample = await crawl(world.baseUrl, path);
      if (sample.servedFrom !== "cache")
        throw new Error(`${world.label}: second request served from ${sample.servedFrom}`);
      if (world.headers) {
        // The signed agent: verified (the synthetic signed-agent bot), served from the cache;
        // the Markdown: converted once here, then from the Markdown memory.
        const hit = await crawl(world.baseUrl, path, world.headers);
        if (hit.status !== 200 || hit.servedFrom !== "cache")
          throw new Error(`${world.label}: request ${hit.status} ${hit.servedFrom}`);
        const markdown = hit.headers["content-type"] === "text/markdown; charset=utf-8";
        if (markdown !== world.label.endsWith("markdown"))
          throw new Error(`${world.label}: answered ${hit.headers["content-type"]}`);
      }
    }
    if (!sample) throw new Error("no sample");
    // The bare handler: the same bytes and headers (bar the ones Node writes itself).
    const headers: Record<string, string> = {};
    const skip = ["date", "connection", "keep-alive", "content-length", "transfer-encoding"];
    for (const [name, value] of Object.entries(sample.headers)) {
      if (value === undefined || skip.includes(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const bytes = sample.body;
    const bareApp = express();
    bareApp.disable("x-powered-by");
    bareApp.use((_req, res) => {
      res.status(200).set(headers);
      res.end(bytes);
    });
    const bare = createServer(bareApp);
    const barePort = await listenOn(bare);
    const bareUrl = `http://127.0.0.1:${barePort}${path}`;
    // Each target once, untimed: JIT, connections, the hot-page memory.
    await load(bareUrl, { amount: mode.warmUpRequests });
    for (const w of worlds)
      await load(w.baseUrl + path, { amount: mode.warmUpRequests }, w.headers);
    log("cache-hit worlds ready and warm");
    const before = await Promise.all(worlds.map((w) => w.countCrawls(false)));

    const runs: Record<string, LoadResult[]> = { bare: [] };
    for (const world of worlds) runs[world.label] = [];
    for (let round = 0; round < mode.rounds; round++) {
      const bareRun = await watchedLoad(bareUrl, mode.loadSeconds);
      runs.bare?.push(bareRun);
      log(`cache-hit bare   round ${round + 1}: ${fmtLoad(bareRun)}`);
      for (const world of worlds) {
        const run = await watchedLoad(world.baseUrl + path, mode.loadSeconds, world.headers);
        runs[world.label]?.push(run);
        log(`cache-hit ${world.label.padEnd(6)} round ${round + 1}: ${fmtLoad(run)}`);
      }
    }
    await closeServer(bare);

    const bareRow = summarise("bare-express", runs.bare ?? []);
    const rows: CacheHitRow[] = [bareRow];
    for (const [i, world] of worlds.entries()) {
      const row = summarise(`edge-${world.label}`, runs[world.label] ?? []);
      row.requestsSent = (runs[world.label] ?? []).reduce((n, r) => n + r.requests, 0);
      row.crawlRowsStored = (await world.countCrawls(true)) - (before[i] as number);
      row.ratioToBare = round2(row.requestsPerSecond / bareRow.requestsPerSecond);
      const unsigned = rows.find((r) => r.impl === "edge-sqlite");
      if (world.label === "sqlite-signed" && unsigned)
        row.addedCpuUs = round2((row.cpuPerRequestUs ?? 0) - (unsigned.cpuPerRequestUs ?? 0));
      log(
        `cache-hit edge-${world.label}: ${row.requestsSent} requests, ${row.crawlRowsStored} crawl rows stored`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    for (const world of worlds) await world.close();
    await renderer.close();
  }
}

function fmtLoad(r: LoadResult): string {
  return `${r.requestsPerSecond} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, errors ${r.errors + r.timeouts}, non-2xx ${r.non2xx}, loop delay p99 ${r.eventLoopDelayP99Ms} ms max ${r.eventLoopDelayMaxMs} ms, GC ${r.gcPauseMs} ms, CPU ${r.cpuPerRequestUs} µs/req`;
}

// ── 2. renders per second ───────────────────────────────────────────────────────────────────

interface RenderRow {
  renderer: string;
  concurrency: number;
  seconds: number;
  renders: number;
  failures: number;
  rendersPerSecond: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

let pageCounter = 0;

async function rendersPerSecond(
  renderer: Renderer,
  originUrl: string,
  concurrency: number,
  seconds: number,
): Promise<RenderRow> {
  // One untimed render per slot: browser launch, connections.
  await Promise.all(
    Array.from({ length: concurrency }, () =>
      renderer.render({
        device: "desktop",
        url: `${originUrl}/warm/${++pageCounter}`,
        headers: { "user-agent": GOOGLEBOT },
        deadline: new Date(Date.now() + DEFAULT_EDGE.renderDeadlineMs),
      }),
    ),
  );
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stopAt) {
        const t = performance.now();
        try {
          const result = await renderer.render({
            device: "desktop",
            url: `${originUrl}/p/${++pageCounter}`,
            headers: { "user-agent": GOOGLEBOT },
            deadline: new Date(Date.now() + DEFAULT_EDGE.renderDeadlineMs),
          });
          if (result.status !== 200 || !result.html.includes("Page /p/")) failures++;
          else latencies.push(performance.now() - t);
        } catch {
          failures++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const row: RenderRow = {
    renderer: renderer.name,
    concurrency,
    seconds: round2(elapsed),
    renders: latencies.length,
    failures,
    rendersPerSecond: round2(latencies.length / elapsed),
    latencyP50Ms: Math.round(median(latencies)),
    latencyP95Ms: Math.round(percentile(latencies, 95)),
  };
  log(
    `renders ${row.renderer} x${concurrency}: ${row.rendersPerSecond}/s (${row.renders} in ${row.seconds} s, ${failures} failed), p50 ${row.latencyP50Ms} ms, p95 ${row.latencyP95Ms} ms`,
  );
  return row;
}

// ── 3. purge to fresh ───────────────────────────────────────────────────────────────────────

interface PurgeResult {
  purges: number;
  /** Purges whose fresh content did not show within the poll limit. */
  timedOut: number;
  samplesMs: number[];
  p50Ms: number;
  p95Ms: number;
  pollEveryMs: number;
  workerPollMs: number;
}

const POLL_EVERY_MS = 50;
const PURGE_GIVE_UP_MS = 30_000;

async function purgeToFresh(
  mode: EdgeMode,
  originUrl: string,
  renderer: Renderer,
): Promise<PurgeResult> {
  const world = await createWorld("sqlite", originUrl, renderer);
  const scheduler = createScheduler(world.crawlgate.jobs, {
    clock: systemClock,
    logger: silentLogger,
  });
  try {
    const first = await crawl(world.baseUrl, "/live");
    if (first.servedFrom !== "render")
      throw new Error(`/live first served from ${first.servedFrom}`);
    let current = first.body.toString("utf8");
    const samples: number[] = [];
    let timedOut = 0;
    for (let i = 0; i < mode.purges; i++) {
      const started = performance.now();
      const response = await fetch(`${world.baseUrl}/functions/v1/purge-cache`, {
        method: "POST",
        headers: { authorization: `Bearer ${world.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ domain: HOST, path: "/live" }),
      });
      if (response.status !== 200) throw new Error(`purge-cache answered ${response.status}`);
      await response.arrayBuffer();
      for (;;) {
        const reply = await crawl(world.baseUrl, "/live");
        const body = reply.body.toString("utf8");
        if (body !== current) {
          current = body;
          samples.push(performance.now() - started);
          break;
        }
        if (performance.now() - started > PURGE_GIVE_UP_MS) {
          timedOut++;
          break;
        }
        await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
      }
    }
    const result: PurgeResult = {
      purges: mode.purges,
      timedOut,
      samplesMs: samples.map(Math.round),
      p50Ms: Math.round(median(samples)),
      p95Ms: Math.round(percentile(samples, 95)),
      pollEveryMs: POLL_EVERY_MS,
      workerPollMs: DEFAULT_EDGE.workerPollMs,
    };
    log(
      `purge-to-fresh ${renderer.name}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (${samples.length} purges, ${timedOut} timed out)`,
    );
    return result;
  } finally {
    await scheduler.stop();
    await world.close();
  }
}

// ── the suite ───────────────────────────────────────────────────────────────────────────────

export interface EdgeReport {
  suite: "edge";
  quick: boolean;
  date: string;
  machine: MachineInfo & {
    chromium: string | null;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  setup: Record<string, string | number>;
  /** The crawler policy's cost per request beside the routing match (`edge-policy.ts`). */
  policy: PolicyBench;
  /** What a paid request adds beside an allowed one, signature verification excluded. */
  paid: PaidBench;
  /** The core Web Bot Auth verifier's rate, its directory cached (`edge-signed.ts`). */
  signatures: SignatureBench;
  /** Converting a 100 KB page to Markdown (`edge-markdown.ts`). */
  markdown: MarkdownBench;
  cacheHits: CacheHitRow[];
  renders: RenderRow[];
  purgeToFresh: PurgeResult | null;
  targets: Record<
    string,
    { target: string; value: number | null; anchor?: number | null; met: boolean }
  >;
  /** Quick-mode gates (gross regressions); empty when all hold. */
  regressions: string[];
  rows: ResultRow[];
}

const suiteStarted = performance.now();

function log(line: string): void {
  console.error(`[${((performance.now() - suiteStarted) / 1000).toFixed(1)} s] ${line}`);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function chromiumVersion(path: string): string | null {
  try {
    return execFileSync(path, ["--version"], { encoding: "utf8", timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

export async function edgeSuite(quick: boolean): Promise<EdgeReport> {
  const mode = quick ? QUICK_MODE : FULL_MODE;
  const loadAverageBefore = loadavg().map(round2);
  const executablePath = findChromium();
  const origin = await startOrigin();
  log(`edge bench (${quick ? "quick" : "full"}), load average ${loadAverageBefore.join(" ")}`);
  try {
    // First, on a quiet process: a micro-bench of a few seconds, no servers.
    const policy = policyMicroBench(quick ? QUICK : FULL);
    log(
      `policy ${policy.policyNs} ns/request at ${policy.rules} rules, routing ${policy.routingNs} ns, signal headers ${policy.signalsNoneNs} / ${policy.signalsOverridesNs} ns`,
    );
    const paid = await paidMicroBench(quick ? QUICK : FULL);
    log(
      `paid request +${paid.paidNs} ns on the answer's path (event id ${paid.eventIdNs} ns after it)`,
    );
    const signatures = await signatureMicroBench(quick ? QUICK : FULL);
    log(
      `web bot auth: ${signatures.sequentialPerSecond} verifications/s one at a time (${signatures.sequentialUs} µs), ${signatures.concurrentPerSecond}/s with ${signatures.inFlight} in flight`,
    );
    const markdown = markdownMicroBench(quick ? QUICK : FULL);
    log(
      `markdown: ${markdown.convertMs} ms per ${Math.round(markdown.pageBytes / 1024)} KB page (${markdown.prepareMs} ms preparing), ${markdown.markdownBytes} bytes, ~${markdown.tokens} tokens`,
    );
    const cacheHitRows = await cacheHits(mode, origin.url);

    const concurrency = DEFAULT_EDGE.workerConcurrency;
    const renders: RenderRow[] = [];
    const fetchRenderer = createFetchRenderer({ fetch: originFetch() });
    renders.push(
      await rendersPerSecond(fetchRenderer, origin.url, concurrency, mode.fetchRenderSeconds),
    );
    await fetchRenderer.close();

    let purge: PurgeResult | null = null;
    if (executablePath) {
      const chromium = createChromiumRenderer({ executablePath, originFetch: originFetch() });
      try {
        // Chromium's default concurrency is 2, the worker's too.
        renders.push(
          await rendersPerSecond(chromium, origin.url, concurrency, mode.chromiumRenderSeconds),
        );
        purge = await purgeToFresh(mode, origin.url, chromium);
      } finally {
        await chromium.close();
      }
    } else {
      log("no Chromium found (scripts/install-chromium.sh): chromium rows skipped");
    }

    const bare = cacheHitRows.find((r) => r.impl === "bare-express");
    const sqlite = cacheHitRows.find((r) => r.impl === "edge-sqlite");
    const memory = cacheHitRows.find((r) => r.impl === "edge-memory");
    const signedHits = cacheHitRows.find((r) => r.impl === "edge-sqlite-signed");
    const markdownHits = cacheHitRows.find((r) => r.impl === "edge-memory-markdown");
    const markdownRatio =
      markdownHits && memory
        ? round2(markdownHits.requestsPerSecond / memory.requestsPerSecond)
        : null;
    const targets: EdgeReport["targets"] = {
      "cache-hit ratio edge-sqlite / bare": {
        target: ">= 0.5",
        value: sqlite?.ratioToBare ?? null,
        met: (sqlite?.ratioToBare ?? 0) >= 0.5,
      },
      "cache-hit p99 edge-sqlite (ms)": {
        target: "< 20",
        value: sqlite?.latencyP99Ms ?? null,
        // The same machine's floor: the bare handler's p99 in the same rounds.
        anchor: bare?.latencyP99Ms ?? null,
        met: (sqlite?.latencyP99Ms ?? Number.POSITIVE_INFINITY) < 20,
      },
      "signed cache-hit ratio edge-sqlite-signed / bare": {
        target: ">= 0.5",
        value: signedHits?.ratioToBare ?? null,
        met: (signedHits?.ratioToBare ?? 0) >= 0.5,
      },
      "verification CPU added per signed request (µs)": {
        target: "< 150",
        value: signedHits?.addedCpuUs ?? null,
        // The core verifier alone, one verification at a time, same process.
        anchor: signatures.sequentialUs,
        met: (signedHits?.addedCpuUs ?? Number.POSITIVE_INFINITY) < 150,
      },
      "policy evaluation per request at 100 rules (ns)": {
        target: "< 1000",
        value: policy.policyNs,
        // The routing match over 100 rules, same paths, same process.
        anchor: policy.routingNs,
        met: policy.policyNs < 1000,
      },
      "paid request added latency, signature verification excluded (ns)": {
        target: "< 50000",
        value: paid.paidNs,
        // The policy evaluation every crawler request pays anyway.
        anchor: policy.policyNs,
        met: paid.paidNs < 50_000,
      },
      "markdown conversion of a 100 KB page (ms)": {
        target: "< 5",
        value: markdown.convertMs,
        // Core's preparation alone, same page, same process.
        anchor: markdown.prepareMs,
        met: markdown.convertMs < 5,
      },
      "markdown cache-hit / html cache-hit throughput (memory)": {
        target: ">= 0.9",
        value: markdownRatio,
        anchor: memory?.requestsPerSecond ?? null,
        met: (markdownRatio ?? 0) >= 0.9,
      },
      "purge-to-fresh p95 chromium (ms)": {
        target: "< 5000",
        value: purge?.p95Ms ?? null,
        met: purge !== null && purge.timedOut === 0 && purge.p95Ms < 5000,
      },
    };

    // Gross regressions only (quick mode in CI; reported in full mode too).
    const regressions: string[] = [];
    for (const row of [sqlite, memory, signedHits, markdownHits]) {
      if (!row) continue;
      if ((row.ratioToBare ?? 0) < 0.2)
        regressions.push(`${row.impl}: ${row.ratioToBare}x the bare handler's throughput (< 0.2x)`);
      if (row.errors > 0 || row.non2xx > 0)
        regressions.push(`${row.impl}: ${row.errors} errors, ${row.non2xx} non-2xx`);
      if ((row.crawlRowsStored ?? 0) < (row.requestsSent ?? 0))
        regressions.push(
          `${row.impl}: ${row.crawlRowsStored} crawl rows stored for ${row.requestsSent} requests`,
        );
    }
    for (const row of renders) {
      if (row.renders === 0 || row.failures > 0)
        regressions.push(`${row.renderer}: ${row.renders} renders, ${row.failures} failed`);
    }
    if (policy.policyNs > 10_000)
      regressions.push(
        `policy evaluation ${policy.policyNs} ns per request at 100 rules (> 10 us)`,
      );
    if (purge && (purge.timedOut > 0 || purge.p95Ms > 15_000))
      regressions.push(`purge-to-fresh p95 ${purge.p95Ms} ms (${purge.timedOut} timed out)`);

    if (paid.paidNs > 500_000) regressions.push(`a paid request adds ${paid.paidNs} ns (> 500 us)`);
    if (markdown.convertMs > 50)
      regressions.push(`markdown conversion ${markdown.convertMs} ms per 100 KB page (> 50 ms)`);
    if (markdownRatio !== null && markdownRatio < 0.5)
      regressions.push(
        `markdown cache hits at ${markdownRatio}x the HTML hits' throughput (< 0.5x)`,
      );
    const rows: ResultRow[] = [
      ...policy.rows,
      ...paid.rows,
      ...signatures.rows,
      ...markdown.rows,
      ...cacheHitRows.map((r) => ({
        suite: "edge",
        case: "cache-hit",
        impl: r.impl,
        nsPerOp: Math.round(1e9 / r.requestsPerSecond),
      })),
      ...renders.map((r) => ({
        suite: "edge",
        case: `render-x${r.concurrency}`,
        impl: r.renderer,
        nsPerOp: Math.round(1e9 / r.rendersPerSecond),
      })),
    ];
    return {
      suite: "edge",
      quick,
      date: new Date().toISOString(),
      machine: {
        ...machineInfo(),
        chromium: executablePath ? chromiumVersion(executablePath) : null,
        loadAverageBefore,
        loadAverageAfter: loadavg().map(round2),
      },
      setup: {
        connections: CONNECTIONS,
        loadSeconds: mode.loadSeconds,
        rounds: mode.rounds,
        loadGenerator: "autocannon 8.0.0 (child process)",
        stores:
          "sqlite: adapter-kysely SQLite file + fs blobs in a temp dir; memory: adapter-memory; sqlite-signed: sqlite, requests signed (Web Bot Auth, Ed25519, no nonce, directory cached); memory-markdown: memory, Accept: text/markdown",
        edgeOptions: "defaults (hot-page memory 5 s, page cache 24 h)",
        renderConcurrency: concurrency,
        workerPollMs: DEFAULT_EDGE.workerPollMs,
        originPage: "~5.6 KB HTML, 20 list items built by script, prerenderReady after 20 ms",
      },
      policy,
      paid,
      signatures,
      markdown,
      cacheHits: cacheHitRows,
      renders,
      purgeToFresh: purge,
      targets,
      regressions,
      rows,
    };
  } finally {
    await origin.close();
    log("edge bench done");
  }
}
