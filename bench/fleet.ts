import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import type autocannon from "autocannon";
import { sql } from "kysely";
import { driveSpread, type Server, startServer, stopServer } from "./load.js";
import { loadAverage, machineInfo } from "./measure.js";

/**
 * `pnpm bench fleet [--quick]`: the capacity model of docs/guide/scaling.md checked on real
 * `serve` processes (load-server.ts) on one PostgreSQL schema with Redis. One instance first:
 * edge cache hits alone (Googlebot, verified by range), `list-user-domains` alone, then the mix
 * (`API_SHARE` of API calls): requests/s and the server's CPU time per request of each. Then
 * four instances (the same schema, Redis, blob directory; warmed as long as the first was)
 * under the same mix spread over them:
 * total and per-instance requests/s and CPU per request. The model predicts the fleet from the
 * one instance's CPU per request of each kind, weighted by the mix, times the CPU the fleet's
 * processes got (on this 2-core machine four processes share two cores with the load generator,
 * PostgreSQL and Redis); the check is the fleet's total within 30 % of it. Then PostgreSQL bytes
 * per crawl row (`pg_total_relation_size` over the rows the runs recorded).
 * Writes results/fleet.json (full mode only); fails on any error answer, or fewer crawl rows
 * than edge answers (any mode), the check (full mode), or a fleet total outside 4× of the
 * model either way (quick mode, CI's gross-regression gate).
 */

/** Connections in all (split over the instances); `FLEET_CONNECTIONS` changes it (a multiple of 4). */
const CONNECTIONS = Number(process.env.FLEET_CONNECTIONS || 48);
const INSTANCES = 4;
/** Share of the mix that is API calls (the rest: edge cache hits). */
const API_SHARE = 0.1;
const HOST = "shop.example.com";
const PATH = "/products/42";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Inside Google's published crawler range (load-server.ts loads it), sent as X-Forwarded-For. */
const GOOGLE_IP = "66.249.66.1";
const TOLERANCE = 0.3;
/** The quick gate: the fleet within 4× of the model either way (the full run checks 30 %). */
const QUICK_BAND = 4;
const DATABASE_URL = () => process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A loopback origin: one 5.6 KB page per path (as bench edge's). */
async function startOrigin() {
  const filler = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n".repeat(80);
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>${req.url}</title></head><body>${filler}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const edgeRequest: autocannon.Request = {
  method: "GET",
  path: PATH,
  headers: { host: HOST, "user-agent": GOOGLEBOT, "x-forwarded-for": GOOGLE_IP },
};
const apiRequests = (keys: string[]): autocannon.Request[] =>
  keys.map((key) => ({
    method: "POST",
    path: "/functions/v1/list-user-domains",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
  }));

/** The mix: after every `1/API_SHARE - 1` edge hits one API call, keys in turn. */
function mixed(keys: string[]): autocannon.Request[] {
  const out: autocannon.Request[] = [];
  const edgePerApi = Math.round(1 / API_SHARE) - 1;
  for (const api of apiRequests(keys)) {
    for (let i = 0; i < edgePerApi; i++) out.push(edgeRequest);
    out.push(api);
  }
  return out;
}

/** Busy and total CPU time of the whole machine so far, in clock ticks (Linux /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = fields.reduce((n, v) => n + v, 0);
  // idle and iowait are fields 4 and 5.
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export interface InstanceRun {
  reqPerSec: number;
  requests: number;
  cpuUsPerRequest: number;
  /** CPU seconds per wall second this process got. */
  cores: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface FleetRun {
  name: string;
  instances: number;
  seconds: number;
  reqPerSec: number;
  /** CPU seconds per wall second the serve processes got together. */
  cores: number;
  /** CPU seconds per wall second of this process (the load generator: autocannon in process). */
  loadGeneratorCores: number;
  /** Busy CPU seconds per wall second of the whole machine (every process, other work too). */
  machineBusyCores: number;
  cpuUsPerRequest: number;
  errors: number;
  /** Edge answers (200) of this run, for the crawl-row check. */
  edgeAnswers: number;
  perInstance: InstanceRun[];
}

/** `requests` on every server for `seconds` (connections split), with each server's CPU. */
async function drive(
  name: string,
  servers: Server[],
  requests: autocannon.Request[],
  seconds: number,
): Promise<FleetRun> {
  const before = servers.map((s) => cpuSeconds(s.child.pid as number));
  const ticksBefore = machineTicks();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const results = await driveSpread(servers, CONNECTIONS, requests, { duration: seconds });
  const wall = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const ticksAfter = machineTicks();
  const machineBusy = (ticksAfter.busy - ticksBefore.busy) / CLOCK_TICKS / wall;
  const perInstance = results.map((r, i) => {
    const cpu = cpuSeconds(servers[i]?.child.pid as number) - (before[i] as number);
    return {
      reqPerSec: Math.round(r.requests.average),
      requests: r.requests.total,
      cpuUsPerRequest: round((cpu * 1e6) / Math.max(1, r.requests.total)),
      cores: round(cpu / wall, 2),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
    };
  });
  const total = perInstance.reduce((n, r) => n + r.requests, 0);
  const cores = perInstance.reduce((n, r) => n + r.cores, 0);
  const edgeShare = requests.filter((r) => r === edgeRequest).length / requests.length;
  const run: FleetRun = {
    name,
    instances: servers.length,
    seconds: round(wall, 1),
    reqPerSec: perInstance.reduce((n, r) => n + r.reqPerSec, 0),
    cores: round(cores, 2),
    loadGeneratorCores: round((own.user + own.system) / 1e6 / wall, 2),
    machineBusyCores: round(machineBusy, 2),
    cpuUsPerRequest: round((cores * wall * 1e6) / Math.max(1, total)),
    errors: perInstance.reduce((n, r) => n + r.errors, 0),
    edgeAnswers: Math.round(total * edgeShare),
    perInstance,
  };
  console.error(
    `${name}: ${run.reqPerSec} req/s on ${run.instances} instance(s), ${run.cpuUsPerRequest} µs CPU/request, ${run.cores} cores (load generator ${run.loadGeneratorCores}, machine busy ${run.machineBusyCores}), errors ${run.errors}, load ${loadAverage().join(" ")}`,
  );
  return run;
}

/** The page rendered once and then served from the cache, on every instance. */
async function primeCache(servers: Server[]): Promise<void> {
  for (const [i, server] of servers.entries()) {
    for (let attempt = 0; ; attempt++) {
      const res = await fetchEdge(server.baseUrl);
      if (res.status === 200 && res.servedFrom === "cache") break;
      if (attempt === 3)
        throw new Error(`instance ${i}: ${res.status} served from ${res.servedFrom}, not cache`);
    }
  }
}

async function fetchEdge(baseUrl: string): Promise<{ status: number; servedFrom: string | null }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(baseUrl + PATH, { headers: edgeRequest.headers }, (res) => {
      res.resume();
      res.on("end", () => {
        const from = res.headers["x-crawlgate-served-from"];
        resolve({
          status: res.statusCode ?? 0,
          servedFrom: typeof from === "string" ? from : null,
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Crawl rows in the schema and the bytes of every crawl table (heap, indexes, TOAST). */
async function crawlStorage(schema: string, wantRows: number) {
  const pg = createPostgresDatabase(DATABASE_URL());
  try {
    const count = async () =>
      Number(
        (
          await pg.db
            .withSchema(schema)
            .selectFrom("crawl_events")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The instances flush their crawl buffers on a timer: wait for the last batches.
    let rows = await count();
    for (let i = 0; i < 20 && rows < wantRows; i++) {
      await new Promise((r) => setTimeout(r, 500));
      rows = await count();
    }
    // Partitions' sizes are their own (a partitioned parent has none): sum plain tables only.
    const { rows: sizes } = await sql<{ name: string; bytes: string }>`
      select c.relname as name, pg_total_relation_size(c.oid) as bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ${schema} and c.relkind = 'r' and c.relname like 'crawl%'`.execute(pg.db);
    const tables = Object.fromEntries(sizes.map((s) => [s.name, Number(s.bytes)]));
    const total = Object.values(tables).reduce((n, b) => n + b, 0);
    const events = Object.entries(tables)
      .filter(([name]) => name.startsWith("crawl_events"))
      .reduce((n, [, b]) => n + b, 0);
    return {
      rows,
      tables,
      bytesPerRowCrawlEvents: round(events / Math.max(1, rows)),
      bytesPerRowAllCrawlTables: round(total / Math.max(1, rows)),
    };
  } finally {
    await pg.close();
  }
}

/** The model's prediction: the one instance's CPU per request of each kind, weighted by the mix. */
function predict(edge: FleetRun, api: FleetRun, fleet: FleetRun) {
  const mixCpuUs = (1 - API_SHARE) * edge.cpuUsPerRequest + API_SHARE * api.cpuUsPerRequest;
  const perCore = 1e6 / mixCpuUs;
  const predicted = Math.round(perCore * fleet.cores);
  const ratio = round(fleet.reqPerSec / predicted, 2);
  return {
    apiShare: API_SHARE,
    mixCpuUsPerRequest: round(mixCpuUs),
    perCoreReqPerSec: Math.round(perCore),
    fleetCores: fleet.cores,
    predictedReqPerSec: predicted,
    measuredReqPerSec: fleet.reqPerSec,
    ratio,
    tolerance: TOLERANCE,
    met: Math.abs(ratio - 1) <= TOLERANCE,
  };
}

/** An instance on PostgreSQL + Redis serving the origin's domain; `joining` another's schema. */
function startInstance(originUrl: string, dataDir: string, joining?: Server): Promise<Server> {
  return startServer("postgres", {
    LOAD_REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
    LOAD_ORIGIN_URL: originUrl,
    LOAD_DATA_DIR: dataDir,
    ...(joining ? { LOAD_JOIN_SCHEMA: joining.schema } : {}),
  });
}

/** One instance (edge alone, API alone, the mix), then four under the mix; the crawl storage. */
async function measure(quick: boolean, originUrl: string, dataDir: string) {
  const seconds = quick ? 2 : 10;
  const servers: Server[] = [await startInstance(originUrl, dataDir)];
  const first = servers[0] as Server;
  try {
    await primeCache(servers);
    const keys = first.keys;
    const mix = mixed(keys);
    const pause = () => new Promise((r) => setTimeout(r, 1_000));
    // Warm-up: JIT, pools, the hot-page memory, Redis scripts.
    await drive("warm-up", servers, mix, quick ? 1 : 3);
    await pause();
    const edge = await drive("one instance, edge cache hits", servers, [edgeRequest], seconds);
    await pause();
    const api = await drive("one instance, list-user-domains", servers, apiRequests(keys), seconds);
    await pause();
    const one = await drive("one instance, mix", servers, mix, seconds);
    for (let i = 1; i < INSTANCES; i++)
      servers.push(await startInstance(originUrl, dataDir, first));
    await primeCache(servers);
    // The joining instances get as long a warm-up as the first had before its mix (JIT: a cold
    // instance spent twice the first's CPU per request in the runs before this warm-up).
    await drive("warm-up", servers, mix, (quick ? 1 : 3) + 3 * seconds);
    await pause();
    const fleet = await drive(`${INSTANCES} instances, mix`, servers, mix, seconds);
    // Joining instances flush their crawls as they stop; the first's last batch is awaited.
    for (const server of servers.splice(1).reverse()) await stopServer(server);
    const runs = [edge, api, one, fleet];
    const storage = await crawlStorage(
      first.schema,
      runs.reduce((n, r) => n + r.edgeAnswers, 0),
    );
    return { runs, prediction: predict(edge, api, fleet), storage };
  } finally {
    for (const server of servers.reverse()) await stopServer(server);
  }
}

/** Runs the suite, writes results/fleet.json (full mode), fails on errors, lost rows or the check. */
export async function runFleet(quick: boolean): Promise<void> {
  const loadAverageBefore = loadAverage();
  const origin = await startOrigin();
  const dataDir = mkdtempSync(join(tmpdir(), "crawlgate-fleet-"));
  let result: Awaited<ReturnType<typeof measure>>;
  try {
    result = await measure(quick, origin.url, dataDir);
  } finally {
    await origin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const report = {
    suite: "fleet",
    quick,
    date: new Date().toISOString(),
    machine: { ...machineInfo(), loadAverageBefore, loadAverageAfter: loadAverage() },
    setup: { connections: CONNECTIONS, instances: INSTANCES, apiShare: API_SHARE, path: PATH },
    ...result,
  };
  if (!quick)
    writeFileSync(
      new URL("./results/fleet.json", import.meta.url),
      `${JSON.stringify(report, null, 2)}\n`,
    );
  console.log(JSON.stringify(report));
  const p = result.prediction;
  console.error(
    `check: ${INSTANCES} instances ${p.measuredReqPerSec} req/s, model ${p.perCoreReqPerSec} req/s per core × ${p.fleetCores} cores = ${p.predictedReqPerSec} (ratio ${p.ratio}, within ${TOLERANCE * 100} %: ${p.met ? "met" : "NOT met"})`,
  );
  const edgeAnswers = result.runs.reduce((n, r) => n + r.edgeAnswers, 0);
  const failures = [
    ...result.runs.filter((r) => r.errors > 0).map((r) => `${r.name}: ${r.errors} errors`),
    ...(quick || p.met ? [] : [`fleet total off the model by more than ${TOLERANCE * 100} %`]),
    // Quick (CI): a gross regression only, the fleet's total a quarter of the model or 4× it.
    ...(quick && (p.ratio < 1 / QUICK_BAND || p.ratio > QUICK_BAND)
      ? [`fleet total ${p.ratio}× the model (quick gate: within ${QUICK_BAND}×)`]
      : []),
  ];
  // Warm-up and priming requests recorded crawls too: stored rows cover at least the timed ones.
  if (result.storage.rows < edgeAnswers)
    failures.push(`${result.storage.rows} crawl rows stored for ${edgeAnswers} edge answers`);
  for (const line of failures) console.error(`FAILED: fleet ${line}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
