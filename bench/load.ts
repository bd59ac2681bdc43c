import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

/**
 * `pnpm bench load [--quick]`: the API's read endpoints and the edge's redirect path under
 * autocannon, on SQLite and PostgreSQL, at 10 and 100 connections: requests/s, p50/p99 latency
 * and error answers (anything but the expected status, socket errors, timeouts). Then the
 * server's RSS before and after 100,000 requests (10,000 in quick mode), against the bound in
 * bench/README.md. The server runs in a child process (`load-server.ts`). Writes
 * results/load.json (full mode only); fails when any answer was an error or RSS grew past the
 * bound.
 */

export interface LoadRow {
  engine: string;
  target: string;
  connections: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface MemoryRow {
  engine: string;
  requests: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  growthMb: number;
  errors?: number;
}

/** Every target's requests, alternating, for the long mixed run. */
function interleave(all: Target[]): autocannon.Request[] {
  const out: autocannon.Request[] = [];
  const longest = Math.max(...all.map((t) => t.requests.length));
  for (let i = 0; i < longest; i++)
    for (const t of all) out.push(t.requests[i % t.requests.length] as autocannon.Request);
  return out;
}

/** RSS growth over the long run that fails the bench (see bench/README.md). */
export const RSS_GROWTH_BOUND_MB = 64;

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  keys: string[];
  domainId: string;
  /** Its PostgreSQL schema (when on PostgreSQL). */
  schema: string;
}

/** Starts load-server.ts for `engine`; `env` is added to this process's environment. */
export async function startServer(engine: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", new URL("./load-server.ts", import.meta.url).pathname, engine],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`load server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as Omit<Server, "child">) };
}

export async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

/** The child's resident set size in MB (Linux /proc). */
function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

interface Target {
  name: string;
  expect: number;
  /** The same request with each reader's key (connections cycle through them). */
  requests: autocannon.Request[];
}

function targets(server: Server): Target[] {
  const auth = server.keys.map((key) => ({
    authorization: `Bearer ${key}`,
    "content-type": "application/json",
  }));
  const api = (method: "GET" | "POST", path: string): autocannon.Request[] =>
    auth.map((headers) => ({ method, path: `/functions/v1/${path}`, headers, body: "{}" }));
  return [
    { name: "list-user-domains", expect: 200, requests: api("POST", "list-user-domains") },
    {
      name: "list-routing-rules",
      expect: 200,
      requests: api("GET", `domains/${server.domainId}/routing-rules`).map(
        ({ body: _body, ...request }) => request,
      ),
    },
    { name: "get-bot-definitions", expect: 200, requests: api("POST", "get-bot-definitions") },
    {
      name: "edge-redirect",
      expect: 301,
      requests: [
        { method: "GET", path: "/old/some-page?utm=1", headers: { host: "site.example.com" } },
      ],
    },
  ];
}

async function drive(
  server: Server,
  requests: autocannon.Request[],
  connections: number,
  limit: { duration: number } | { amount: number },
): Promise<autocannon.Result> {
  return autocannon({
    url: server.baseUrl,
    connections,
    requests,
    timeout: 10,
    ...limit,
  });
}

/** `requests` on every server at once, `connections` split evenly between them. */
export function driveSpread(
  servers: Server[],
  connections: number,
  requests: autocannon.Request[],
  limit: { duration: number } | { amount: number },
): Promise<autocannon.Result[]> {
  return Promise.all(
    servers.map((server) =>
      autocannon({
        url: server.baseUrl,
        connections: connections / servers.length,
        requests,
        timeout: 10,
        ...limit,
      }),
    ),
  );
}

/** Answers that are errors: socket errors, timeouts, and any status but the expected one. */
function errorsOf(result: autocannon.Result, expect: number[]): number {
  let wrong = 0;
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  for (const [code, { count }] of Object.entries(stats ?? {}))
    if (!expect.includes(Number(code))) wrong += count;
  return result.errors + result.timeouts + wrong;
}

export async function loadSuite(quick: boolean): Promise<{ rows: LoadRow[]; memory: MemoryRow[] }> {
  const rows: LoadRow[] = [];
  const memory: MemoryRow[] = [];
  const seconds = quick ? 1 : 5;
  const longRun = quick ? 10_000 : 100_000;
  for (const engine of ["sqlite", "postgres"]) {
    const server = await startServer(engine);
    try {
      const all = targets(server);
      // Warm-up: JIT, pools, caches.
      await drive(server, interleave(all), 10, { amount: quick ? 1_000 : 5_000 });
      for (const target of all) {
        for (const connections of [10, 100]) {
          // Requests still in flight from the run before finish first.
          await new Promise((r) => setTimeout(r, 1_000));
          const result = await drive(server, target.requests, connections, { duration: seconds });
          const row: LoadRow = {
            engine,
            target: target.name,
            connections,
            requests: result.requests.total,
            reqPerSec: Math.round(result.requests.average),
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            errors: errorsOf(result, [target.expect]),
          };
          rows.push(row);
          console.error(JSON.stringify(row));
        }
      }
      const before = rssMb(server.child);
      const result = await drive(server, interleave(all), 100, { amount: longRun });
      const after = rssMb(server.child);
      const row: MemoryRow = {
        engine,
        requests: result.requests.total,
        rssBeforeMb: before,
        rssAfterMb: after,
        growthMb: Math.round((after - before) * 10) / 10,
      };
      memory.push({ ...row, errors: errorsOf(result, [200, 301]) });
      console.error(JSON.stringify(row));
    } finally {
      await stopServer(server);
    }
  }
  return { rows, memory };
}

/** Runs the suite, writes results/load.json (full mode) and fails on errors or RSS growth. */
export async function runLoad(quick: boolean): Promise<void> {
  const { rows, memory } = await loadSuite(quick);
  if (!quick)
    writeFileSync(
      new URL("./results/load.json", import.meta.url),
      `${JSON.stringify({ rows, memory }, null, 2)}\n`,
    );
  console.log(JSON.stringify({ rows, memory }));
  const errors =
    rows.reduce((n, r) => n + r.errors, 0) + memory.reduce((n, m) => n + (m.errors ?? 0), 0);
  const grown = memory.filter((m) => m.growthMb > RSS_GROWTH_BOUND_MB);
  if (errors > 0) {
    console.error(`FAILED: ${errors} error answers under load`);
    process.exit(1);
  }
  if (grown.length > 0) {
    console.error(`FAILED: RSS grew past ${RSS_GROWTH_BOUND_MB} MB: ${JSON.stringify(grown)}`);
    process.exit(1);
  }
}
