import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
import { ownerWithDomain, type ServeProcess, startServe } from "./serve-fleet.js";

/**
 * Pay per crawl on a fleet: two `crawlgate serve` processes on one PostgreSQL schema and one
 * Redis. The same signed paid request sent to both at once, several times, is charged once:
 * with a nonce the shared nonce store lets one through; without one, the ledger's event id
 * keeps one row.
 */

const postgres = await postgresGate();

const HOST = "paid.example.com";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

async function startOrigin() {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><html><head><title>Paid</title></head><body>paid</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** An edge request for `path` on the test's host with `headers` (node:http: it sets Host). */
function edge(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { ...headers, host: HOST } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function api(base: string, key: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${base}/functions/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe("pay per crawl on a fleet: two serve processes, one PostgreSQL schema, one Redis", () => {
  postgres.when(() => {
    let dir = "";
    let redis: Awaited<ReturnType<typeof ownRedisServer>>;
    let origin: Awaited<ReturnType<typeof startOrigin>>;
    let directory: DirectoryServer;
    const fleet: ServeProcess[] = [];
    let key = "";
    let domainId = "";

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "crawlgate-fleet-paid-"));
      redis = await ownRedisServer();
      origin = await startOrigin();
      directory = await startDirectoryServer();
      const env = {
        ...process.env,
        DATABASE_URL: postgres.url,
        CRAWLGATE_DB_SCHEMA: freshSchema("cg_fleet_paid"),
        REDIS_URL: redis.url,
        CRAWLGATE_SECRET: "fleet-paid-secret-0123456789abcdef",
        CRAWLGATE_RANGE_REFRESH: "off",
        CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS: directory.origin,
      };
      ({ key, domainId } = await ownerWithDomain(env, dir, HOST, origin.url));
      const args = ["--renderer", "fetch", "--data-dir", dir];
      fleet.push(...(await Promise.all([startServe(env, args), startServe(env, args)])));
      const policy = await api(
        fleet[0]?.baseUrl ?? "",
        key,
        "PUT",
        `domains/${domainId}/crawler-policy`,
        {
          defaultAction: { type: "charge", price: { amount: "0.01", currency: "USD" } },
          impostorProtection: false,
        },
      );
      expect(policy.status).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(fleet.map((s) => s.stop()));
      await redis?.stop();
      await origin?.close();
      await directory?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Headers of one signed paid GET of `path` (`nonce` null: none). */
    async function paid(path: string, nonce: string | null) {
      const now = Math.floor(Date.now() / 1000);
      const signed = await directory.agent.sign(
        {
          method: "GET",
          host: HOST,
          url: path,
          headers: { "user-agent": BROWSER, "crawler-exact-price": "USD 0.01" },
        },
        {
          created: now,
          expires: now + 60,
          nonce,
          components: [
            '"@authority"',
            '"@path"',
            '"signature-agent";key="agent1"',
            '"crawler-exact-price"',
          ],
        },
      );
      return signed.headers as Record<string, string>;
    }

    /** The charges of `path` in the ledger, once both instances had time to write theirs. */
    async function chargesOf(path: string): Promise<number> {
      await new Promise((r) => setTimeout(r, 1_000));
      const exported = await api(fleet[1]?.baseUrl ?? "", key, "POST", "export-crawler-charges", {
        domainId,
        period: "1d",
        groupBy: "path",
      });
      expect(exported.status).toBe(200);
      const rows = exported.json.rows as { path: string; charged: number }[];
      return rows.find((r) => r.path === path)?.charged ?? 0;
    }

    it("a signed request with a nonce, replayed to both at once: served once, charged once", async () => {
      const headers = await paid("/with-nonce", "fleet-nonce-1");
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          edge(fleet[i % 2]?.baseUrl ?? "", "/with-nonce", headers),
        ),
      );
      const served = answers.filter((a) => a.status === 200);
      expect(served).toHaveLength(1);
      expect(served[0]?.headers["crawler-charged"]).toBe("USD 0.01");
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refused.headers["crawler-error"]).toBe("InvalidSignature");
      }
      expect(await chargesOf("/with-nonce")).toBe(1);
    }, 30_000);

    it("a signed request without a nonce, replayed to both at once: charged once", async () => {
      const headers = await paid("/without-nonce", null);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          edge(fleet[i % 2]?.baseUrl ?? "", "/without-nonce", headers),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers["crawler-charged"]).toBe("USD 0.01");
      }
      expect(await chargesOf("/without-nonce")).toBe(1);
    }, 30_000);
  });
});
