import type { Logger } from "@crawlgate/core";
import { postgresGate } from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import type { CuttableProxy } from "./cuttable-proxy.js";
import { type ServeBehindProxy, serveBehindProxy } from "./serve-behind-proxy.js";

/**
 * The database disappears under `serve` (a TCP proxy in front of the shared PostgreSQL is cut,
 * the server itself is never touched): requests answer `500 {"error":"internal_error"}` with
 * nothing about the database in the body, and the service recovers once the database is back.
 */

const postgres = await postgresGate();

describe("serve while its PostgreSQL disappears", () => {
  postgres.when(() => {
    let world: ServeBehindProxy;
    let proxy: CuttableProxy;
    let running: RunningServer;
    let key = "";
    const logged: string[] = [];
    const logger: Logger = {
      info: () => {},
      warn: (event) => logged.push(event),
      error: (event) => logged.push(event),
    };

    beforeAll(async () => {
      world = await serveBehindProxy(postgres.url, { logger });
      ({ proxy, running, key } = world);
    });

    afterAll(async () => {
      await world?.close();
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
