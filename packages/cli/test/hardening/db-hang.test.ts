import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { silentLogger } from "@crawlgate/core";
import { postgresGate } from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, callApi, send } from "../http-send.js";
import { type ServeBehindProxy, serveBehindProxy } from "./serve-behind-proxy.js";

/**
 * PostgreSQL stops answering (a TCP proxy in front of the shared server stops forwarding, in both
 * directions, without closing anything) while `serve` is under load: API requests answer `503
 * service_unavailable` with `Retry-After` within the bound, `/readyz` says `down`, the edge keeps
 * passing the site's pages from its origin, and everything recovers within seconds of the
 * database answering again, without a restart.
 */

const postgres = await postgresGate();

const SITE = "site.example.com";
/** "About 5 s" for an API request on a database that answers nothing. */
const API_BOUND_MS = 6_000;

describe("serve while its PostgreSQL hangs", () => {
  postgres.when(() => {
    let world: ServeBehindProxy;
    let origin: Server;

    beforeAll(async () => {
      origin = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<p>from the origin</p>");
      });
      await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", () => resolve()));
      // Eight clients send far more than the default 60 API requests a minute: the limit is not
      // what this test is about (a 429 is a correct answer to that load).
      world = await serveBehindProxy(postgres.url, {
        logger: silentLogger,
        config: { ratePerMinute: 1_000_000 },
      });
      const domain = await world.stores.deps.accounts.getDomainByHostname(SITE);
      if (!domain) throw new Error("no test domain");
      const set = await world.crawlgate.admin.setDomainSettings(domain.domainId, {
        originUrl: `http://127.0.0.1:${(origin.address() as AddressInfo).port}`,
      });
      if (!set.ok) throw new Error(set.message);
    });

    afterAll(async () => {
      world?.proxy.resume();
      await world?.close();
      origin?.closeAllConnections();
      await new Promise<void>((resolve) => origin?.close(() => resolve()));
    });

    it("answers 503 within the bound, keeps the edge up, and recovers after resuming", async () => {
      const base = world.running.baseUrl;
      const api = () => callApi(base, { key: world.key, endpoint: "list-user-domains", body: {} });
      const edge = () => send(base, { path: "/page", host: SITE });
      expect((await api()).status).toBe(200);
      expect((await edge()).status).toBe(200);

      // Continuous bounded load across the pause: 4 API and 4 edge clients.
      let stop = false;
      const seen: { kind: "api" | "edge"; answer: Answer; paused: boolean }[] = [];
      let paused = false;
      const client = async (kind: "api" | "edge") => {
        while (!stop) seen.push({ kind, answer: await (kind === "api" ? api() : edge()), paused });
      };
      const clients = [..."aaaa"].map(() => client("api"));
      clients.push(...[..."eeee"].map(() => client("edge")));
      await new Promise((r) => setTimeout(r, 500));

      world.proxy.pause();
      paused = true;
      const pausedAt = performance.now();
      const during = await api();
      expect(during.status).toBe(503);
      expect(JSON.parse(during.body)).toEqual({ error: "service_unavailable" });
      expect(during.headers["retry-after"]).toBe("5");
      expect(during.ms).toBeLessThan(API_BOUND_MS);
      const ready = await send(base, { path: "/readyz" });
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body).status).toBe("down");
      const page = await edge();
      expect(page.status).toBe(200);
      expect(page.body).toBe("<p>from the origin</p>");
      // Load keeps running for a while on the hung database.
      while (performance.now() - pausedAt < 7_000) await new Promise((r) => setTimeout(r, 200));

      world.proxy.resume();
      paused = false;
      const resumedAt = performance.now();
      let status = 0;
      while (status !== 200 && performance.now() - resumedAt < 10_000) {
        status = (await api()).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
      expect(performance.now() - resumedAt).toBeLessThan(5_000);
      stop = true;
      await Promise.all(clients);

      // Under load: only 200s and 503 service_unavailable (with Retry-After), API answers within
      // the bound, and the edge answered every request from the origin.
      for (const { kind, answer } of seen) {
        if (answer.status !== 200) {
          expect({ kind, status: answer.status, body: answer.body }).toEqual({
            kind: "api",
            status: 503,
            body: '{"error":"service_unavailable"}',
          });
          expect(answer.headers["retry-after"]).toBe("5");
        }
        if (kind === "api") expect(answer.ms).toBeLessThan(API_BOUND_MS);
      }
      expect(seen.filter((s) => s.kind === "edge" && s.paused).length).toBeGreaterThan(10);
      expect(seen.some((s) => s.kind === "api" && s.paused && s.answer.status === 503)).toBe(true);
      expect((await send(base, { path: "/readyz" })).status).toBe(200);
    }, 60_000);
  });
});
