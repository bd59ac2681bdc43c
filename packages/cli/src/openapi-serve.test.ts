import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import { htmlUrlThrough } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { listen } from "./server.js";

/** `serve`'s HTTP stack (the server `crawlgate serve` runs) as the API suite's bridge. */
const serveBridge =
  (trustProxy: boolean) => async (crawlgate: ReturnType<typeof createCrawlgate>) => {
    const running = await listen(crawlgate, {
      port: 0,
      host: "127.0.0.1",
      logger: silentLogger,
      trustProxy,
    });
    return {
      fetch: (request: Request) => {
        const url = new URL(request.url);
        return fetch(`${running.baseUrl}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          duplex: "half",
        } as RequestInit);
      },
      close: () => running.close(),
    };
  };

const makeDeps = async () => ({ deps: createMemoryStores() });

/** `serve`'s HTTP stack on memory stores, for the time of `use`. */
async function withServe(use: (baseUrl: string) => Promise<void>): Promise<void> {
  const running = await listen(createCrawlgate(createMemoryStores()), {
    port: 0,
    host: "127.0.0.1",
    logger: silentLogger,
  });
  try {
    await use(running.baseUrl);
  } finally {
    await running.close();
  }
}

describe("serve", () => {
  it("serves the OpenAPI document without a key", () =>
    withServe(async (baseUrl) => {
      const res = await fetch(`${baseUrl}/functions/v1/openapi.json`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe("3.1.0");
    }));

  it("answers a body without Content-Type application/json with 400 invalid_request", () =>
    withServe(async (baseUrl) => {
      const res = await fetch(`${baseUrl}/functions/v1/list-user-domains`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "{}",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "invalid_request",
        message: "Content-Type must be application/json",
      });
    }));

  it("reads X-Forwarded-Proto/-Host for links only with CRAWLGATE_TRUST_PROXY=true", async () => {
    expect(readConfig({}, { CRAWLGATE_TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(readConfig({}, {}).trustProxy).toBe(false);
    expect(readConfig({}, {}).requireVerifiedDomains).toBe(false);
    const strict = { CRAWLGATE_REQUIRE_VERIFIED_DOMAINS: " TRUE " };
    expect(readConfig({}, strict).requireVerifiedDomains).toBe(true);
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" };
    expect(await htmlUrlThrough({ makeDeps, bridge: serveBridge(true) }, forwarded)).toMatch(
      /^https:\/\/api\.example\.com\/functions\/v1\/files\/snapshots\//,
    );
    expect(await htmlUrlThrough({ makeDeps, bridge: serveBridge(false) }, forwarded)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/files\/snapshots\//,
    );
  });
});
