import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshSchema, postgresGate } from "@crawlgate/core/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, GOOGLEBOT, type SendOptions, send } from "../http-send.js";
import {
  addDomain,
  createUserKey,
  fleetEnv,
  type ServeProcess,
  startServe,
} from "./serve-fleet.js";

/**
 * A rolling restart: two `crawlgate serve` processes on one PostgreSQL schema and the shared
 * Redis (a prefix of their own) under continuous bounded load (API writes and reads, crawler
 * requests through the edge), each stopped with SIGTERM and started again in turn. A client
 * whose connection is refused goes to the other instance (as a load balancer does); a
 * connection reset after the request was sent counts as a failed request. No request fails except with a retryable status (503 with Retry-After), every stopped
 * process exits 0, every acknowledged rule write is present, and every answered crawl is stored
 * exactly once.
 */

const postgres = await postgresGate();

const HOST = "roll.example.com";
/** Bounded load: this many clients of each kind, one request at a time each. */
const CLIENTS = 3;

async function startOrigin(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    // Slow enough that a stop always finds requests in flight.
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/css" });
      res.end(`/* ${req.url} */`);
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("a rolling restart of two serve processes under load", () => {
  postgres.when(() => {
    let dir = "";
    let env: NodeJS.ProcessEnv = {};
    let origin: { url: string; server: Server };
    let schema = "";
    let key = "";
    let domainId = "";
    const fleet: ServeProcess[] = [];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "crawlgate-rolling-"));
      origin = await startOrigin();
      schema = freshSchema("cg_rolling");
      env = fleetEnv({
        postgresUrl: postgres.url,
        schema,
        redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
        redisPrefix: `${schema}:`,
        extra: { CRAWLGATE_SHUTDOWN_MS: "5000" },
      });
      key = await createUserKey(env, dir, "owner", "enterprise");
      domainId = await addDomain(env, dir, { host: HOST, owner: "owner", originUrl: origin.url });
      fleet.push(...(await Promise.all([start(), start()])));
    }, 120_000);

    const start = () =>
      startServe(env, ["--rate-per-minute", "100000", "--renderer", "fetch", "--data-dir", dir]);

    afterAll(async () => {
      await Promise.all(fleet.map((s) => s.stop()));
      origin?.server.closeAllConnections();
      await new Promise<void>((resolve) => origin?.server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    });

    it("fails no request, loses no acknowledged write and stores every answered crawl once", async () => {
      /** Sends to the instances in turn; an instance that gives no answer is left for the next. */
      let turn = 0;
      // Instances the balancer has taken out of rotation before their SIGTERM, as an
      // orchestrator does (deregistration, preStop): a connection still in the kernel's accept
      // queue when a listener closes is reset, in Node as in nginx, so none may be sent there.
      const outOfRotation = new Set<ServeProcess>();
      const balanced = async (request: SendOptions): Promise<Answer> => {
        let lastError: unknown;
        for (let attempt = 0; attempt < 20; attempt++) {
          let serve = fleet[turn++ % fleet.length] as ServeProcess;
          if (outOfRotation.has(serve)) serve = fleet[turn++ % fleet.length] as ServeProcess;
          try {
            return await send(serve.baseUrl, request);
          } catch (error) {
            // Refused: the instance is not accepting (a balancer goes to the next one). Any
            // other error (a reset after the request was sent) is a failed request.
            if ((error as { code?: string }).code !== "ECONNREFUSED") throw error;
            lastError = error;
            await new Promise((r) => setTimeout(r, 20));
          }
        }
        throw lastError;
      };

      const acknowledged: string[] = [];
      const crawled: string[] = [];
      const failures: string[] = [];
      let counter = 0;
      let running = true;
      const failed = (error: unknown): Answer => ({
        status: 0,
        headers: {},
        body: String(error),
        ms: 0,
      });
      const check = (what: string, answer: Answer, ok: number) => {
        if (answer.status === ok) return true;
        if (answer.status === 503 && answer.headers["retry-after"]) return false; // retryable
        failures.push(`${what}: ${answer.status} ${answer.body}`);
        return false;
      };
      const writer = async () => {
        while (running) {
          const sourcePath = `/w/${counter++}`;
          const answer = await balanced({
            method: "POST",
            path: `/functions/v1/domains/${domainId}/routing-rules`,
            key,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ sourcePath, targetUrl: "/moved", redirectCode: 301 }),
          }).catch(failed);
          if (check(`write ${sourcePath}`, answer, 201)) acknowledged.push(sourcePath);
        }
      };
      const reader = async () => {
        while (running) {
          const answer = await balanced({
            method: "POST",
            path: "/functions/v1/list-user-domains",
            key,
          }).catch(failed);
          check("read", answer, 200);
        }
      };
      const crawler = async () => {
        while (running) {
          const path = `/assets/${counter++}.css`;
          const answer = await balanced({
            method: "GET",
            path,
            host: HOST,
            headers: { "user-agent": GOOGLEBOT },
          }).catch(failed);
          if (check(`crawl ${path}`, answer, 200)) crawled.push(path);
        }
      };
      const load = [
        ...Array.from({ length: CLIENTS }, writer),
        ...Array.from({ length: CLIENTS }, reader),
        ...Array.from({ length: CLIENTS }, crawler),
      ];
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

      await pause(1_500);
      for (const i of [0, 1]) {
        const old = fleet[i] as ServeProcess;
        outOfRotation.add(old);
        await pause(200); // the balancer's deregistration delay: connections begun are accepted
        await old.stop(); // SIGTERM (requests in flight on it still finish), then the exit
        expect({ instance: i, code: old.child.exitCode }).toEqual({ instance: i, code: 0 });
        expect(old.err.some((l) => l.includes('"shutdown.step"'))).toBe(true);
        fleet[i] = await start();
        await pause(1_500);
      }
      running = false;
      await Promise.all(load);

      expect(failures).toEqual([]);
      // The new instances stop too (their buffers hold the last crawls for up to the interval).
      for (const serve of fleet) {
        await serve.stop();
        expect(serve.child.exitCode).toBe(0);
      }
      expect(acknowledged.length).toBeGreaterThan(20);
      expect(crawled.length).toBeGreaterThan(20);

      // Read back from the database every process wrote to.
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const rules = await client.query<{ source_path: string }>(
          `select source_path from "${schema}".routing_rules where domain_id = $1`,
          [domainId],
        );
        const stored = new Set(rules.rows.map((r) => r.source_path));
        expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);
        // Stopped instances flushed their buffers: every crawl answered is stored, once.
        const crawls = await client.query<{ path: string; n: string }>(
          `select path, count(*) as n from "${schema}".crawl_events group by path`,
        );
        const counts = new Map(crawls.rows.map((r) => [r.path, Number(r.n)]));
        expect(crawled.filter((p) => counts.get(p) !== 1)).toEqual([]);
      } finally {
        await client.end();
      }
    }, 120_000);
  });
});
