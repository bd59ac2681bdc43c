import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createApiWorld, htmlUrlThrough } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { expressBridge } from "./test-support/express-bridge.js";

const makeDeps = async () => ({ deps: createMemoryStores() });

describe("GET /functions/v1/openapi.json through the Express router", () => {
  it("answers the document without a key", async () => {
    const world = await createApiWorld({ makeDeps, bridge: expressBridge() });
    try {
      const res = await world.call("GET", "/openapi.json", { key: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.json.openapi).toBe("3.1.0");
    } finally {
      await world.close();
    }
  });
});

describe("presigned links through the Express router", () => {
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" };

  it("are built on the Host header, and on X-Forwarded-Proto/-Host only with trustProxy", async () => {
    const trusted = await htmlUrlThrough(
      { makeDeps, bridge: expressBridge({ trustProxy: true }) },
      forwarded,
    );
    expect(trusted).toMatch(/^https:\/\/api\.example\.com\/functions\/v1\/files\/snapshots\//);
    const untrusted = await htmlUrlThrough({ makeDeps, bridge: expressBridge() }, forwarded);
    expect(untrusted).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/files\/snapshots\//);
  });
});
