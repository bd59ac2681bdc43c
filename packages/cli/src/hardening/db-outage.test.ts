import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCrawlgate, type Logger } from "@crawlgate/core";
import { freshSchema, postgresGate } from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type RunningServer } from "../server.js";
import { type OpenStores, openStores } from "../stores.js";
import { type CuttableProxy, startCuttableProxy } from "./cuttable-proxy.js";

/**
 * The database disappears under `serve` (a TCP proxy in front of the shared PostgreSQL is cut,
 * the server itself is never touched): requests answer `500 {"error":"internal_error"}` with
 * nothing about the database in the body, and the service recovers once the database is back.
 */

const postgres = await postgresGate();

describe("serve while its PostgreSQL disappears", () => {
  postgres.when(() => {
    let proxy: CuttableProxy;
    let stores: OpenStores;
    let running: RunningServer;
    let key = "";
    let dir = "";
    const logged: string[] = [];
    const logger: Logger = {
      info: () => {},
      warn: (event) => logged.push(event),
      error: (event) => logged.push(event),
    };

    beforeAll(async () => {
      const url = new URL(postgres.url);
      proxy = await startCuttableProxy(url.hostname, Number(url.port || 5432));
      url.hostname = "127.0.0.1";
      url.port = String(proxy.port);
      dir = mkdtempSync(join(tmpdir(), "crawlgate-outage-"));
      stores = await openStores({
        dataDir: dir,
        databaseUrl: url.toString(),
        databaseSchema: freshSchema("cg_outage"),
        s3: null,
      });
      const crawlgate = createCrawlgate({ ...stores.deps, logger });
      const user = await crawlgate.admin.createUser("owner", "business");
      if (!user.ok) throw new Error(user.message);
      const created = await crawlgate.admin.createKey(user.value.userId);
      if (!created.ok) throw new Error(created.message);
      key = created.value.key;
      await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
      running = await listen(crawlgate, { port: 0, host: "127.0.0.1", logger });
    });

    afterAll(async () => {
      await running?.close();
      await proxy?.restore();
      await stores?.close();
      await proxy?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${running.baseUrl}/functions/v1/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
      });
      return { status: res.status, body: await res.text() };
    };

    const expectOutage = (res: { status: number; body: string }) => {
      expect([500, 503]).toContain(res.status);
      expect(JSON.parse(res.body)).toEqual(
        res.status === 500
          ? { error: "internal_error" }
          : { error: "snapshot storage unavailable" },
      );
    };

    it("answers 500 internal_error while it is gone, and recovers when it returns", async () => {
      expect((await call("list-user-domains")).status).toBe(200);

      await proxy.cut();
      expectOutage(await call("list-user-domains"));
      expectOutage(await call("export-crawl-analytics", { period: "7d" }));
      expectOutage(await call("get-snapshot", { id: "00000000-0000-4000-8000-000000000000" }));
      expect(logged.length).toBeGreaterThan(0);

      // Mid-request: queries hang on a held connection, then the connection is cut.
      await proxy.restore();
      expect(await eventually(async () => (await call("list-user-domains")).status)).toBe(200);
      proxy.hold();
      const pending = call("list-user-domains");
      await new Promise((r) => setTimeout(r, 200));
      await proxy.cut();
      expectOutage(await pending);

      await proxy.restore();
      expect(await eventually(async () => (await call("list-user-domains")).status)).toBe(200);
      const after = await call("list-user-domains");
      expect(JSON.parse(after.body).domainCount).toBe(1);
    });
  });
});

/** The first 200 within a few tries (the pool replaces the connections the cut broke). */
async function eventually(attempt: () => Promise<number>): Promise<number> {
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = await attempt();
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}
