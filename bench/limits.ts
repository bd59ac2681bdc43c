import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createKyselyRateLimiter, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemoryRateLimiter } from "@crawlgate/adapter-memory";
import {
  connectRedis,
  createRedisRateLimiter,
  deletePrefix,
  whenReady,
} from "@crawlgate/adapter-redis";
import type { RateLimiter } from "@crawlgate/core";
import autocannon from "autocannon";
import { type Server, startServer, stopServer } from "./load.js";

/**
 * `pnpm bench limits [--quick]`: rate-limit decisions per second and their latency under
 * `CALLERS` concurrent callers, on every RateLimiter store (memory, SQLite, PostgreSQL, Redis;
 * more by passing a `LimiterStore`), in two shapes: each caller its own user, and all
 * callers on one user (a hot user: every decision on one row). Every decision is allowed and
 * counted (the limits are out of reach), and each run checks that the counts came out exact.
 * Then one API request end to end (`list-user-domains` on `serve`'s HTTP stack, the limiter
 * counting each request) on SQLite, PostgreSQL and a fleet (two processes on one PostgreSQL
 * schema and Redis, `CALLERS / 2` connections each) under autocannon at `CALLERS` connections.
 * Writes results/limits.json (full mode only); fails on any error or inexact count.
 */

/** Concurrent callers (and autocannon connections). */
export const CALLERS = 50;

/** A RateLimiter under test: opened fresh for the run, closed (and its data removed) after. */
export interface LimiterStore {
  name: string;
  open(): Promise<{ limiter: RateLimiter; close(): Promise<void> }>;
}

export interface DecisionRow {
  store: string;
  case: "own-user" | "hot-user";
  callers: number;
  decisions: number;
  decisionsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Every subject's last count equals the decisions made for it. */
  exact: boolean;
}

export interface ApiRow {
  engine: string;
  connections: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const POSTGRES_URL = () => process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = () => process.env.REDIS_URL || "redis://127.0.0.1:6379";
const OUT_OF_REACH = { perMinute: 1_000_000_000, monthly: null };

/**
 * memory, SQLite (a file in WAL), PostgreSQL (a schema dropped afterwards) and Redis (keys under
 * a prefix of the run, deleted afterwards; the adapter's default command timeout).
 */
export function builtInStores(): LimiterStore[] {
  return [
    {
      name: "memory",
      open: async () => ({ limiter: createMemoryRateLimiter(), close: async () => {} }),
    },
    {
      name: "sqlite",
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), "crawlgate-limits-"));
        const handle = createSqliteDatabase(join(dir, "limits.sqlite"), { writerThread: false });
        await migrateToLatest(handle);
        return {
          limiter: createKyselyRateLimiter(handle),
          close: async () => {
            await handle.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
    {
      name: "postgres",
      open: async () => {
        const schema = `cg_bench_limits_${process.pid}`;
        // serve's pool (10): on 2 cores, 50 server backends measured the scheduler, not the store.
        const handle = createPostgresDatabase(POSTGRES_URL(), { schema });
        await migrateToLatest(handle);
        return {
          limiter: createKyselyRateLimiter(handle),
          close: async () => {
            await handle.db.schema.dropSchema(schema).ifExists().cascade().execute();
            await handle.close();
          },
        };
      },
    },
    {
      name: "redis",
      open: async () => {
        const prefix = `cg_bench_limits_${process.pid}:`;
        const client = connectRedis(REDIS_URL());
        if (!(await whenReady(client, 3_000))) throw new Error(`no Redis at ${REDIS_URL()}`);
        return {
          limiter: createRedisRateLimiter(client, prefix),
          close: async () => {
            await deletePrefix(client, prefix);
            client.disconnect();
          },
        };
      },
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** `CALLERS` loops of `consume` for `ms`; subject per caller (`own-user`) or one for all. */
async function decide(
  limiter: RateLimiter,
  shape: DecisionRow["case"],
  tag: string,
  ms: number,
): Promise<Omit<DecisionRow, "store">> {
  const latencies: number[] = [];
  const last = new Map<string, number>();
  const made = new Map<string, number>();
  let errors = 0;
  const started = performance.now();
  const deadline = started + ms;
  const caller = async (c: number) => {
    const subject = shape === "hot-user" ? `${tag}-hot` : `${tag}-${c}`;
    while (performance.now() < deadline) {
      const t = performance.now();
      let decision: Awaited<ReturnType<RateLimiter["consume"]>>;
      try {
        decision = await limiter.consume(subject, OUT_OF_REACH, new Date());
      } catch {
        errors++;
        continue;
      }
      latencies.push(performance.now() - t);
      made.set(subject, (made.get(subject) ?? 0) + 1);
      if (decision.allowed)
        last.set(subject, Math.max(last.get(subject) ?? 0, decision.monthUsage));
      else errors++; // nothing may be refused: the limits are out of reach
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, (_, c) => caller(c)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    case: shape,
    callers: CALLERS,
    decisions: latencies.length,
    decisionsPerSec: Math.round(latencies.length / seconds),
    p50Ms: round2(percentile(latencies, 0.5)),
    p99Ms: round2(percentile(latencies, 0.99)),
    errors,
    exact: [...made].every(([subject, n]) => last.get(subject) === n),
  };
}

/** Decisions per second on each store, both shapes, after a short warm-up. */
export async function decisionRows(stores: LimiterStore[], quick: boolean): Promise<DecisionRow[]> {
  const ms = quick ? 1_000 : 5_000;
  const rows: DecisionRow[] = [];
  for (const store of stores) {
    const { limiter, close } = await store.open();
    try {
      await decide(limiter, "own-user", "warmup", quick ? 200 : 1_000);
      for (const shape of ["own-user", "hot-user"] as const) {
        const row = { store: store.name, ...(await decide(limiter, shape, shape, ms)) };
        rows.push(row);
        console.error(JSON.stringify(row));
      }
    } finally {
      await close();
    }
  }
  return rows;
}

/** The `serve` processes of one API row, and the seeding one's keys. */
interface Deployment {
  servers: Server[];
  keys: string[];
}

/** One process on SQLite or PostgreSQL, or a fleet of two on one PostgreSQL schema and Redis. */
async function deploy(engine: string): Promise<Deployment> {
  if (engine !== "fleet") {
    const server = await startServer(engine);
    return { servers: [server], keys: server.keys };
  }
  const shared = {
    LOAD_SCHEMA: `cg_load_fleet_${process.pid}`,
    LOAD_REDIS_PREFIX: `cg_load_fleet_${process.pid}:`,
    REDIS_URL: REDIS_URL(),
  };
  const first = await startServer("fleet", shared);
  const second = await startServer("fleet", { ...shared, LOAD_JOIN: "1" });
  return { servers: [first, second], keys: first.keys };
}

/**
 * `list-user-domains` on each deployment at `CALLERS` connections in all (split evenly over
 * its processes, one autocannon each at once): requests per second summed, the worst p50 and p99.
 */
async function apiRows(quick: boolean): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (const engine of ["sqlite", "postgres", "fleet"]) {
    const { servers, keys } = await deploy(engine);
    try {
      const requests = keys.map((key) => ({
        method: "POST" as const,
        path: "/functions/v1/list-user-domains",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: "{}",
      }));
      const connections = CALLERS / servers.length;
      const drive = (limit: { duration: number } | { amount: number }) =>
        Promise.all(
          servers.map((server) =>
            autocannon({ url: server.baseUrl, connections, requests, timeout: 10, ...limit }),
          ),
        );
      await drive({ amount: quick ? 500 : 2_000 });
      await new Promise((r) => setTimeout(r, 1_000));
      const results = await drive({ duration: quick ? 1 : 5 });
      const sum = (f: (r: autocannon.Result) => number) => results.reduce((n, r) => n + f(r), 0);
      const row: ApiRow = {
        engine: engine === "fleet" ? "fleet (2 × postgres + redis)" : engine,
        connections: CALLERS,
        requests: sum((r) => r.requests.total),
        reqPerSec: Math.round(sum((r) => r.requests.average)),
        p50Ms: Math.max(...results.map((r) => r.latency.p50)),
        p99Ms: Math.max(...results.map((r) => r.latency.p99)),
        errors: sum((r) => r.errors + r.timeouts + r.non2xx),
      };
      rows.push(row);
      console.error(JSON.stringify(row));
    } finally {
      // The seeding process drops the schema: it stops last.
      for (const server of [...servers].reverse()) await stopServer(server);
    }
  }
  return rows;
}

/** Issue 14's target: Redis decides at least 5× as many per second as PostgreSQL, each shape. */
function targets(decisions: DecisionRow[]) {
  const out: Record<string, { target: string; value: number | null; met: boolean }> = {};
  for (const shape of ["own-user", "hot-user"] as const) {
    const rate = (store: string) =>
      decisions.find((r) => r.store === store && r.case === shape)?.decisionsPerSec;
    const redis = rate("redis");
    const postgres = rate("postgres");
    const value = redis && postgres ? round2(redis / postgres) : null;
    out[`decisions/s redis / postgres (${shape})`] = {
      target: ">= 5",
      value,
      met: value !== null && value >= 5,
    };
  }
  return out;
}

/** Runs the suite; `extra` stores (e.g. Redis) are measured after the built-in ones. */
export async function runLimits(quick: boolean, extra: LimiterStore[] = []): Promise<void> {
  const loadAverageBefore = loadavg().map(round2);
  const decisions = await decisionRows([...builtInStores(), ...extra], quick);
  const api = await apiRows(quick);
  const report = {
    suite: "limits",
    quick,
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadAverageBefore,
      loadAverageAfter: loadavg().map(round2),
    },
    targets: targets(decisions),
    decisions,
    api,
  };
  if (!quick)
    writeFileSync(
      new URL("./results/limits.json", import.meta.url),
      `${JSON.stringify(report, null, 2)}\n`,
    );
  console.log(JSON.stringify(report));
  const failed = [
    ...decisions.filter((r) => r.errors > 0 || !r.exact).map((r) => `${r.store} ${r.case}`),
    ...api.filter((r) => r.errors > 0).map((r) => `api ${r.engine}`),
  ];
  if (failed.length > 0) {
    console.error(`FAILED (errors or inexact counts): ${failed.join(", ")}`);
    process.exit(1);
  }
}
