import type { Logger, ReadinessCheck } from "@crawlgate/core";
import { postgresGate } from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import type { CuttableProxy } from "./cuttable-proxy.js";
import { type ServeBehindProxy, serveBehindProxy } from "./serve-behind-proxy.js";

/**
 * `/healthz` and `/readyz` on serve's server, with its PostgreSQL behind a TCP proxy the test cuts
 * (the shared server itself is never touched), and a non-essential check the test switches.
 */

const postgres = await postgresGate();
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

describe("serve's health endpoints", () => {
  postgres.when(() => {
    let world: ServeBehindProxy;
    let proxy: CuttableProxy;
    let running: RunningServer;
    let key = "";
    let cacheUp = true;
    const cache: ReadinessCheck = {
      name: "redis",
      essential: false,
      check: async () => {
        if (!cacheUp) throw new Error("connection refused");
      },
    };

    beforeAll(async () => {
      world = await serveBehindProxy(postgres.url, {
        logger: quiet,
        config: { ratePerMinute: 2 },
        readiness: (stores) => [...stores.readiness, cache],
      });
      ({ proxy, running, key } = world);
    });

    afterAll(async () => {
      await world?.close();
    });

    const probe = async (path: string, host?: string) => {
      const res = await fetch(`${running.baseUrl}${path}`, host ? { headers: { host } } : {});
      return { status: res.status, body: await res.json() };
    };

    it("is ready with the store up, degraded without the cache, down without the store, and recovers", async () => {
      expect(await probe("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
      expect(await probe("/readyz")).toEqual({
        status: 200,
        body: { status: "ready", checks: { store: "up", redis: "up" } },
      });
      cacheUp = false;
      expect(await probe("/readyz")).toEqual({
        status: 200,
        body: { status: "degraded", checks: { store: "up", redis: "down" } },
      });
      cacheUp = true;

      await proxy.cut();
      expect(await probe("/readyz")).toEqual({
        status: 503,
        body: { status: "down", checks: { store: "down", redis: "up" } },
      });
      expect(await probe("/healthz")).toEqual({ status: 200, body: { status: "ok" } });

      // A database that hangs (connections held) is down within the check's timeout.
      await proxy.restore();
      expect(await eventuallyReady(probe)).toBe(true);
      proxy.hold();
      const started = Date.now();
      expect((await probe("/readyz")).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
      await proxy.cut();
      await proxy.restore();
      expect(await eventuallyReady(probe)).toBe(true);
    }, 30_000);

    it("needs no key, is not counted against anyone, and answers on a customer's host too", async () => {
      for (let i = 0; i < 5; i++) {
        expect((await probe("/readyz")).status).toBe(200);
        expect((await probe("/healthz", "site.example.com")).status).toBe(200);
      }
      const call = () =>
        fetch(`${running.baseUrl}/functions/v1/list-user-domains`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: "{}",
        }).then((r) => r.status);
      // The minute allows 2 API requests: health probes took none of them.
      expect([await call(), await call(), await call()]).toEqual([200, 200, 429]);
    });
  });
});

async function eventuallyReady(
  probe: (path: string) => Promise<{ status: number }>,
): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if ((await probe("/readyz")).status === 200) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
