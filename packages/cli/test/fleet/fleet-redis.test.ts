import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshSchema, ownRedisServer, postgresGate } from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, callApi, GOOGLEBOT, send } from "../http-send.js";
import {
  addDomain,
  createUserKey,
  fleetEnv,
  type ServeProcess,
  startServe,
} from "./serve-fleet.js";

/**
 * Issue 14's fleet: two `crawlgate serve` processes on one PostgreSQL schema and one Redis (the
 * test's own `redis-server`, so it can be stopped). One user's per-minute limit is exact across
 * both; a rule written through A applies on B's edge on the next request; a purge queued through
 * A is rendered once by the fleet; Redis stopped mid-run costs no 5xx and no accepted write; a
 * singleton job moves to the other instance when its holder is killed.
 */

const postgres = await postgresGate();

const HOST = "fleet.example.com";
/** The singleton jobs' lock lifetime in this test (serve's default is 60 s). */
const LOCK_TTL_MS = 5_000;

/** The site behind the fleet: each page says how many times the renderer fetched it. */
async function startOrigin() {
  const renders = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    let version = renders.get(path) ?? 0;
    if (req.headers["x-crawlgate-render"] !== undefined) renders.set(path, ++version);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>${path}</title></head><body>v${version}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: (path: string) => renders.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An edge request to `base` for `path` on the test's host. */
const edge = (base: string, path: string, userAgent = GOOGLEBOT) =>
  send(base, { path, host: HOST, headers: { "user-agent": userAgent } });

const api = (base: string, key: string, endpoint: string, body: unknown) =>
  callApi(base, { key, endpoint, body });

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0;
}

/** Which instance logged taking the lock of each singleton job. */
function lockHolders(fleet: ServeProcess[]): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  for (const [i, serve] of fleet.entries()) {
    for (const line of serve.err) {
      if (!line.includes('"jobs.lock_taken"')) continue;
      const { job } = JSON.parse(line) as { job: string };
      holders.set(job, [...(holders.get(job) ?? []), i]);
    }
  }
  return holders;
}

describe("a fleet: two serve processes on one PostgreSQL schema and one Redis", () => {
  postgres.when(() => {
    let dir = "";
    let env: NodeJS.ProcessEnv = {};
    let redis: Awaited<ReturnType<typeof ownRedisServer>>;
    let origin: Awaited<ReturnType<typeof startOrigin>>;
    const fleet: ServeProcess[] = [];
    const keys = new Map<string, string>();
    let domainId = "";
    const a = () => (fleet[0] as ServeProcess).baseUrl;
    const b = () => (fleet[1] as ServeProcess).baseUrl;
    const key = (user: string) => keys.get(user) as string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "crawlgate-fleet-redis-"));
      redis = await ownRedisServer();
      origin = await startOrigin();
      env = fleetEnv({
        postgresUrl: postgres.url,
        schema: freshSchema("cg_fleet_redis"),
        redisUrl: redis.url,
        extra: { CRAWLGATE_FLEET_LOCK_TTL_MS: String(LOCK_TTL_MS) },
      });
      // One user per phase, so that each phase has a minute of its own.
      for (const user of ["owner", "limited", "calm", "outage", "after"])
        keys.set(user, await createUserKey(env, dir, user, "business"));
      domainId = await addDomain(env, dir, { host: HOST, owner: "owner", originUrl: origin.url });
      const args = ["--rate-per-minute", "50", "--renderer", "fetch", "--data-dir", dir];
      fleet.push(...(await Promise.all([startServe(env, args), startServe(env, args)])));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(fleet.map((s) => s.stop()));
      await redis?.stop();
      await origin?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("counts one user's per-minute limit exactly across both instances", async () => {
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          api(i % 2 ? b() : a(), key("limited"), "list-user-domains", {}),
        ),
      );
      expect(answers.filter((x) => x.status === 200)).toHaveLength(50);
      const refused = answers.filter((x) => x.status === 429);
      expect(refused).toHaveLength(30);
      for (const x of refused)
        expect(JSON.parse(x.body)).toEqual({
          error: "rate_limit_exceeded_per_minute",
          usage: 50,
          limit: 50,
        });
    }, 30_000);

    it("applies a rule written through A on B's edge at the very next request", async () => {
      // B has the host's settings cached (its edge answered for the host just now).
      expect((await edge(b(), "/old", "curl/8.5.0")).status).not.toBe(301);
      const created = await api(a(), key("owner"), `domains/${domainId}/routing-rules`, {
        sourcePath: "/old",
        targetUrl: "/new",
        ruleType: "redirect",
      });
      expect(created.status).toBe(201);
      expect(JSON.parse(created.body)).toMatchObject({ cacheInvalidated: true });
      expect(await edge(b(), "/old", "curl/8.5.0")).toMatchObject({
        status: 301,
        headers: { location: "/new" },
      });
    }, 30_000);

    it("renders a purge queued through A once in the fleet", async () => {
      const first = await edge(b(), "/pricing");
      expect(first).toMatchObject({ status: 200 });
      expect(first.body).toContain("v1");
      expect(origin.renders("/pricing")).toBe(1);
      const purge = await api(a(), key("owner"), "purge-cache", { domain: HOST, path: "/pricing" });
      expect(purge.status).toBe(200);
      expect(JSON.parse(purge.body)).toMatchObject({ queued: true, path: "/pricing" });
      await until("the purge's render", () => origin.renders("/pricing") === 2);
      await until("fresh HTML on both edges", async () => {
        const [x, y] = await Promise.all([edge(a(), "/pricing"), edge(b(), "/pricing")]);
        return x.body.includes("v2") && y.body.includes("v2");
      });
      // Both page workers poll every 500 ms: give them several turns to render it again.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(origin.renders("/pricing")).toBe(2);
    }, 30_000);

    it("keeps answering with Redis stopped, loses no accepted write and recovers when it returns", async () => {
      const round = async (user: string, n: number) => {
        const answers = await Promise.all(
          Array.from({ length: n }, (_, i) =>
            i % 2
              ? api(i % 4 === 1 ? a() : b(), key(user), "list-user-domains", {})
              : edge(i % 4 === 0 ? a() : b(), "/pricing"),
          ),
        );
        return answers;
      };
      const calm = [...(await round("calm", 100))];
      expect(calm.every((x) => x.status === 200)).toBe(true);

      await redis.stop();
      const outage: Answer[] = [];
      // Writes accepted while Redis is away: a rule (through B) and a purge (through A).
      const rule = await api(b(), key("owner"), `domains/${domainId}/routing-rules`, {
        sourcePath: "/during-outage",
        targetUrl: "/kept",
        ruleType: "redirect",
      });
      expect(rule.status).toBe(201);
      expect(JSON.parse(rule.body)).toMatchObject({ cacheInvalidated: false });
      const purge = await api(a(), key("owner"), "purge-cache", { domain: HOST, path: "/pricing" });
      expect(purge.status).toBe(200);
      outage.push(...(await round("outage", 100)));
      expect(outage.filter((x) => x.status >= 500)).toEqual([]);
      expect(outage.every((x) => x.status === 200)).toBe(true);
      for (const base of [a(), b()]) {
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({ status: "degraded", checks: { redis: "down" } });
      }
      // The rule written during the outage applies on the other instance's edge (from the
      // database), and the purge queued during it is rendered.
      expect(await edge(a(), "/during-outage", "curl/8.5.0")).toMatchObject({
        status: 301,
        headers: { location: "/kept" },
      });
      await until("the outage purge's render", () => origin.renders("/pricing") === 3);

      const calmP99 = p99(calm.map((x) => x.ms));
      const outageP99 = p99(outage.map((x) => x.ms));
      console.info(
        `fleet with Redis stopped: p99 ${outageP99.toFixed(1)} ms against ${calmP99.toFixed(1)} ms before (${outage.length} requests each)`,
      );
      // Bounded: every Redis call gives up within its command timeout (100 ms).
      expect(outageP99).toBeLessThan(calmP99 + 2_000);

      await redis.start();
      for (const base of [a(), b()])
        await until("ready again", async () => {
          const ready = await fetch(`${base}/readyz`);
          return (
            ready.status === 200 && ((await ready.json()) as { status: string }).status === "ready"
          );
        });
      await until("rule writes invalidating the fleet's cache again", async () => {
        const again = await api(a(), key("after"), "list-user-domains", {});
        expect(again.status).toBe(200);
        const write = await api(a(), key("owner"), `domains/${domainId}/routing-rules`, {
          sourcePath: `/after-${Date.now()}`,
          targetUrl: "/new",
          ruleType: "redirect",
        });
        expect(write.status).toBe(201);
        return (JSON.parse(write.body) as { cacheInvalidated: boolean }).cacheInvalidated;
      });
      expect(await edge(b(), "/during-outage", "curl/8.5.0")).toMatchObject({ status: 301 });
    }, 60_000);

    it("runs each singleton job on one instance and moves it when its holder is killed", async () => {
      const holders = lockHolders(fleet);
      expect(holders.get("day_close")).toHaveLength(1);
      for (const [, instances] of holders) expect(instances).toHaveLength(1);
      const holder = (holders.get("day_close") as number[])[0] as number;
      const other = 1 - holder;
      const victim = fleet[holder] as ServeProcess;
      victim.child.kill("SIGKILL");
      await victim.stop();
      await until(
        "the other instance to take day_close over",
        () => (lockHolders(fleet).get("day_close") ?? []).includes(other),
        4 * LOCK_TTL_MS + 10_000,
      );
      expect([...(lockHolders(fleet).get("day_close") ?? [])].sort()).toEqual([0, 1]);
    }, 60_000);
  });
});
