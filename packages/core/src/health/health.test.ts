import { describe, expect, it } from "vitest";
import { createHealth, type ReadinessCheck } from "./health.js";

const up = (name: string, essential = true): ReadinessCheck => ({
  name,
  essential,
  check: async () => {},
});
const down = (name: string, essential = true): ReadinessCheck => ({
  name,
  essential,
  check: async () => {
    throw new Error(`password=secret ${name} refused`);
  },
});

async function get(checks: ReadinessCheck[], path: string, method = "GET", timeoutMs = 2000) {
  const res = await createHealth(checks, { timeoutMs }).handle(method, path);
  if (!res) return null;
  return { ...res, json: res.body === null ? null : JSON.parse(String(res.body)) };
}

describe("health endpoints", () => {
  it("/healthz is 200 ok without running any check", async () => {
    let ran = 0;
    const counting: ReadinessCheck = {
      name: "store",
      essential: true,
      check: async () => void ran++,
    };
    const res = await get([counting, down("redis")], "/healthz");
    expect(res).toMatchObject({ status: 200, json: { status: "ok" } });
    expect(res?.headers).toEqual({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    });
    expect(ran).toBe(0);
  });

  it("/readyz is 200 ready when every check answers", async () => {
    expect(await get([up("store"), up("redis", false)], "/readyz")).toMatchObject({
      status: 200,
      json: { status: "ready", checks: { store: "up", redis: "up" } },
    });
    expect(await get([], "/readyz")).toMatchObject({
      status: 200,
      json: { status: "ready", checks: {} },
    });
  });

  it("is 200 degraded when only a non-essential dependency is down", async () => {
    expect(await get([up("store"), down("redis", false)], "/readyz")).toMatchObject({
      status: 200,
      json: { status: "degraded", checks: { store: "up", redis: "down" } },
    });
  });

  it("is 503 down when an essential dependency is down, and says nothing of the error", async () => {
    const res = await get([down("store"), down("redis", false)], "/readyz");
    expect(res).toMatchObject({
      status: 503,
      json: { status: "down", checks: { store: "down", redis: "down" } },
    });
    expect(String(res?.body)).not.toMatch(/secret|refused/);
  });

  it("counts a check that does not settle in time, or throws at once, as down", async () => {
    const hung: ReadinessCheck = {
      name: "store",
      essential: true,
      check: () => new Promise(() => {}),
    };
    const throws: ReadinessCheck = {
      name: "redis",
      essential: false,
      check: () => {
        throw new Error("sync");
      },
    };
    const started = Date.now();
    expect(await get([hung, throws], "/readyz", "GET", 50)).toMatchObject({
      status: 503,
      json: { status: "down", checks: { store: "down", redis: "down" } },
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("answers HEAD without a body, refuses other methods with 405, ignores other paths", async () => {
    expect(await get([down("store")], "/readyz", "HEAD")).toMatchObject({
      status: 503,
      body: null,
    });
    expect(await get([], "/healthz", "HEAD")).toMatchObject({ status: 200, body: null });
    const post = await get([], "/readyz", "POST");
    expect(post).toMatchObject({ status: 405, json: { error: "method_not_allowed" } });
    expect(post?.headers.allow).toBe("GET, HEAD");
    for (const path of ["/", "/healthz/", "/readyz/x", "/functions/v1/healthz", "/HEALTHZ"])
      expect(await get([], path)).toBeNull();
  });
});
