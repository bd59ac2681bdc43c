import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectRedis, deletePrefix, whenReady } from "@crawlgate/adapter-redis";
import { freshSchema, ownRedisServer, postgresGate, redisGate } from "@crawlgate/core/testing";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliIo, main } from "./main.js";

const redis = await redisGate();
const postgres = await postgresGate();
const REDIS_URL = redis.url;

async function seedOwner(run: (...args: string[]) => Promise<string>) {
  await run("users", "create", "owner", "--plan", "business");
  const { key } = JSON.parse(await run("keys", "create", "owner"));
  const { domainId } = JSON.parse(
    await run("domains", "add", "fleet.example.com", "--owner", "owner"),
  );
  return { key: key as string, domainId: domainId as string };
}

/** A server on one data dir with `env`; admin commands run on the same dir and env. */
async function world(dir: string, env: Record<string, string>, seed = true) {
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const io: CliIo = { out: (l) => lines.push(l), err: (l) => errors.push(l), env };
    expect(await main([...args, "--data-dir", dir], io), errors.join("\n")).toBe(0);
    return lines.join("\n");
  };
  const { key, domainId } = seed ? await seedOwner(run) : { key: "", domainId: "" };
  const controller = new AbortController();
  const lines: string[] = [];
  const errors: string[] = [];
  const io: CliIo = {
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
    env,
    signal: controller.signal,
  };
  // Limits lifted: the outage test sends more requests than a minute allows.
  const done = main(["serve", "--port", "0", "--rate-per-minute", "100000", "--data-dir", dir], io);
  for (let i = 0; i < 400 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  if (lines.length === 0) throw new Error(`serve did not start: ${errors.join("\n")}`);
  const base = JSON.parse(lines[0] as string).baseUrl as string;
  const createRule = async (sourcePath: string) => {
    const res = await fetch(`${base}/functions/v1/domains/${domainId}/routing-rules`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ sourcePath, targetUrl: "/moved", ruleType: "redirect" }),
    });
    return { status: res.status, body: (await res.json()) as { cacheInvalidated: boolean } };
  };
  const listDomains = async () =>
    (
      await fetch(`${base}/functions/v1/list-user-domains`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
      })
    ).status;
  return {
    base,
    errors,
    createRule,
    listDomains,
    async stop() {
      controller.abort();
      expect(await done).toBe(0);
    },
  };
}

/** An edge request for `path` on fleet.example.com; resolves with status and Location. */
function edge(base: string, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { host: "fleet.example.com" } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ...(res.headers.location ? { location: res.headers.location } : {}),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("crawlgate serve with REDIS_URL", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-redis-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps answering with its Redis stopped (cacheInvalidated false) and recovers when it returns", async () => {
    const own = await ownRedisServer();
    const env = { CRAWLGATE_RANGE_REFRESH: "off", REDIS_URL: own.url };
    const server = await world(dir, env);
    try {
      expect((await server.createRule("/a")).body.cacheInvalidated).toBe(true);
      await own.stop();
      for (let i = 0; i < 20; i++) expect(await server.listDomains()).toBe(200);
      const during = await server.createRule("/b");
      expect(during).toMatchObject({ status: 201, body: { cacheInvalidated: false } });
      // Settings come from the store: the rule written while Redis was away applies.
      expect(await edge(server.base, "/b")).toEqual({ status: 301, location: "/moved" });
      await own.start();
      let after = await server.createRule("/c");
      for (let i = 0; i < 100 && !after.body.cacheInvalidated; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = await server.createRule(`/c${i}`);
      }
      expect(after).toMatchObject({ status: 201, body: { cacheInvalidated: true } });
      expect(await edge(server.base, "/a")).toEqual({ status: 301, location: "/moved" });
      // The limiter tries Redis again at most every 5 s while degraded.
      const recovered = () => server.errors.some((l) => l.includes("rate_limiter.recovered"));
      for (let i = 0; i < 200 && !recovered(); i++) {
        expect(await server.listDomains()).toBe(200);
        await new Promise((r) => setTimeout(r, 50));
      }
      const transitions = server.errors.filter((l) => l.includes('"event":"rate_limiter.'));
      expect(transitions.map((l) => JSON.parse(l).event)).toEqual([
        "rate_limiter.degraded",
        "rate_limiter.recovered",
      ]);
    } finally {
      await server.stop();
      await own.stop();
    }
  }, 30_000);

  redis.when(() => {
    it("shares limits and edge settings through Redis: a rule write answers cacheInvalidated true", async () => {
      const prefix = `${freshSchema("cgt_cli")}:`;
      const env = { CRAWLGATE_RANGE_REFRESH: "off", REDIS_URL, CRAWLGATE_REDIS_PREFIX: prefix };
      const client = connectRedis(REDIS_URL, { commandTimeoutMs: 2000 });
      const server = await world(dir, env);
      try {
        expect(await edge(server.base, "/old")).not.toMatchObject({ status: 301 });
        const created = await server.createRule("/old");
        expect(created).toMatchObject({ status: 201, body: { cacheInvalidated: true } });
        expect(await edge(server.base, "/old")).toEqual({ status: 301, location: "/moved" });
        await whenReady(client, 3000);
        // The limiter and the settings cache wrote under the deployment's prefix.
        expect(await client.keys(`${prefix}rl:m:*`)).toHaveLength(1);
        expect(await client.keys(`${prefix}sc:h:*`)).toEqual([`${prefix}sc:h:fleet.example.com`]);
      } finally {
        await server.stop();
        await deletePrefix(client, prefix).catch(() => 0);
        client.disconnect();
      }
    });
  });
});

describe("crawlgate serve: two instances on one PostgreSQL", () => {
  postgres.when(() => {
    it("run each singleton job on one of them, and release its locks on stop", async () => {
      const schema = freshSchema("cg_fleet");
      const env = {
        CRAWLGATE_RANGE_REFRESH: "off",
        DATABASE_URL: postgres.url,
        CRAWLGATE_DB_SCHEMA: schema,
      };
      const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), "crawlgate-fleet-")));
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      const locks = async () =>
        (
          await client.query<{ name: string; holder: string }>(
            `select name, holder from "${schema}".fleet_locks order by name`,
          )
        ).rows;
      try {
        const a = await world(dirs[0] as string, env, false);
        for (let i = 0; i < 100 && (await locks()).length < 6; i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        const held = await locks();
        expect(held.map((l) => l.name)).toEqual([
          "job:crawl_days",
          "job:day_close",
          "job:html_retention",
          "job:read_model_refresh",
          "job:record_retention",
          "job:sitemap_warm",
        ]);
        expect(new Set(held.map((l) => l.holder)).size).toBe(1);
        // The second instance finds every singleton job taken and runs none of them.
        const b = await world(dirs[1] as string, env, false);
        await new Promise((r) => setTimeout(r, 500));
        expect(await locks()).toEqual(held);
        expect(
          b.errors.filter((l) =>
            /"event":"jobs\.(crawl_days|day_close|html_retention|read_model|record_retention|sitemap_warm)/.test(
              l,
            ),
          ),
        ).toEqual([]);
        await a.stop();
        await b.stop();
        expect(await locks()).toEqual([]);
      } finally {
        await client.end();
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
