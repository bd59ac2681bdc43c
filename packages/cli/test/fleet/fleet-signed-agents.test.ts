import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type DirectoryServer,
  freshSchema,
  ownRedisServer,
  postgresGate,
  startDirectoryServer,
} from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type ServeProcess, startServe } from "./serve-fleet.js";

/**
 * Web Bot Auth in a fleet: two `crawlgate serve` processes on one PostgreSQL schema and one Redis
 * verify signed requests against a key directory on loopback (a trusted origin), which counts its
 * requests. Within the directory's cache period the fleet fetches it once, whichever instance
 * each request reaches, and a nonce is accepted once fleet-wide.
 */

const postgres = await postgresGate();

const HOST = "signed-fleet.example.com";
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** An edge GET of `path` on the test's host with `headers` (node:http: fetch cannot set Host). */
function edge(base: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { ...headers, host: HOST } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("a fleet verifying signed agents: two serve processes, one PostgreSQL, one Redis", () => {
  postgres.when(() => {
    let dir = "";
    let directory: DirectoryServer;
    let redis: Awaited<ReturnType<typeof ownRedisServer>>;
    const fleet: ServeProcess[] = [];

    /** Headers of a GET of `path` signed by the directory's agent (a fresh nonce unless given). */
    const signed = async (path: string, nonce?: string) => {
      const now = Math.floor(Date.now() / 1000);
      const request = { method: "GET", host: HOST, url: path, headers: { "user-agent": BROWSER } };
      const options = { created: now, expires: now + 60, ...(nonce ? { nonce } : {}) };
      return (await directory.agent.sign(request, options)).headers as Record<string, string>;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "crawlgate-fleet-signed-"));
      directory = await startDirectoryServer();
      redis = await ownRedisServer();
      const env = {
        ...process.env,
        DATABASE_URL: postgres.url,
        CRAWLGATE_DB_SCHEMA: freshSchema("cg_fleet_signed"),
        REDIS_URL: redis.url,
        CRAWLGATE_SECRET: "fleet-test-secret-0123456789abcdef",
        CRAWLGATE_RANGE_REFRESH: "off",
        CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS: directory.origin,
      };
      await runCli(env, "users", "create", "owner", "--plan", "business", "--data-dir", dir);
      const key = JSON.parse(await runCli(env, "keys", "create", "owner", "--data-dir", dir)).key;
      const added = await runCli(
        env,
        "domains",
        "add",
        HOST,
        "--owner",
        "owner",
        "--data-dir",
        dir,
      );
      const { domainId } = JSON.parse(added);
      fleet.push(
        ...(await Promise.all([
          startServe(env, ["--data-dir", dir]),
          startServe(env, ["--data-dir", dir]),
        ])),
      );
      // Only a signature verified against the directory's origin meets this rule: a 403 says
      // the request was verified, anything else that it was not.
      const policy = await fetch(
        `${(fleet[0] as ServeProcess).baseUrl}/functions/v1/domains/${domainId}/crawler-policy`,
        {
          method: "PUT",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            rules: [
              {
                match: { type: "signatureAgent", value: directory.origin },
                action: { type: "block" },
              },
            ],
          }),
        },
      );
      expect(policy.status, await policy.text()).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(fleet.map((s) => s.stop()));
      await redis?.stop();
      await directory?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("fetches the key directory once for the fleet within its cache period", async () => {
      const base = (i: number) => (fleet[i % 2] as ServeProcess).baseUrl;
      // Concurrent first requests on both instances: one fetch, the other waits for its entry.
      const first = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => edge(base(i), `/a/${i}`, await signed("/a"))),
      );
      expect(first).toEqual(Array(10).fill(403));
      const later = [];
      for (let i = 0; i < 10; i++) later.push(await edge(base(i), "/b", await signed("/b")));
      expect(later).toEqual(Array(10).fill(403));
      expect(directory.hits()).toBe(1);
    }, 60_000);

    it("accepts a nonce once across the fleet: the replay on the other instance is not verified", async () => {
      const headers = await signed("/c", "fleet-nonce-0001");
      expect(await edge((fleet[0] as ServeProcess).baseUrl, "/c", headers)).toBe(403);
      // The same signature again, on B: a replay, so the rule does not apply.
      expect(await edge((fleet[1] as ServeProcess).baseUrl, "/c", headers)).not.toBe(403);
      expect(directory.hits()).toBe(1);
    }, 60_000);
  });
});
