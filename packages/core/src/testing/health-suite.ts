import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHealth, type Health, type ReadinessCheck } from "../health/health.js";

/** A bridge serving `health`, with every other path answered `404 {"error":"not_found"}`. */
export interface HealthBridge {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * `/healthz` and `/readyz` through an HTTP bridge (see core's `createHealth`): the same cases
 * for Express and fetch. The checks' states are switched between calls.
 */
export function healthBridgeSuite(name: string, serve: (health: Health) => Promise<HealthBridge>) {
  describe(`health endpoints: ${name}`, () => {
    const state = { store: true, redis: true };
    const check = (key: "store" | "redis", essential: boolean): ReadinessCheck => ({
      name: key,
      essential,
      check: async () => {
        if (!state[key]) throw new Error(`${key} unreachable`);
      },
    });
    let bridge: HealthBridge;
    beforeAll(async () => {
      bridge = await serve(createHealth([check("store", true), check("redis", false)]));
    });
    afterAll(() => bridge.close());

    const json = async (path: string) => {
      const res = await bridge.fetch(path);
      const body = (await res.json()) as { status?: string };
      return { status: res.status, type: res.headers.get("content-type"), body };
    };

    it("answers liveness and readiness as the store and the cache come and go", async () => {
      expect(await json("/healthz")).toEqual({
        status: 200,
        type: "application/json; charset=utf-8",
        body: { status: "ok" },
      });
      expect(await json("/readyz")).toMatchObject({
        status: 200,
        body: { status: "ready", checks: { store: "up", redis: "up" } },
      });
      state.redis = false;
      expect(await json("/readyz")).toMatchObject({
        status: 200,
        body: { status: "degraded", checks: { store: "up", redis: "down" } },
      });
      state.store = false;
      expect(await json("/readyz")).toMatchObject({
        status: 503,
        body: { status: "down", checks: { store: "down", redis: "down" } },
      });
      expect((await json("/healthz")).status).toBe(200);
      Object.assign(state, { store: true, redis: true });
      expect((await json("/readyz")).body.status).toBe("ready");
    });

    it("HEAD has no body, POST is 405, other paths go on to the host", async () => {
      const head = await bridge.fetch("/readyz", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      const post = await bridge.fetch("/healthz", { method: "POST" });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
      expect(await json("/healthz/x")).toMatchObject({ status: 404, body: { error: "not_found" } });
    });
  });
}
