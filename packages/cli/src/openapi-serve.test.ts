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

describe("serve", () => {
  it("serves the OpenAPI document without a key", async () => {
    const running = await listen(createCrawlgate(createMemoryStores()), {
      port: 0,
      host: "127.0.0.1",
      logger: silentLogger,
    });
    try {
      const res = await fetch(`${running.baseUrl}/functions/v1/openapi.json`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe("3.1.0");
    } finally {
      await running.close();
    }
  });

  it("reads X-Forwarded-Proto/-Host for links only with CRAWLGATE_TRUST_PROXY=true", async () => {
    expect(readConfig({}, { CRAWLGATE_TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(readConfig({}, {}).trustProxy).toBe(false);
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" };
    expect(await htmlUrlThrough({ makeDeps, bridge: serveBridge(true) }, forwarded)).toMatch(
      /^https:\/\/api\.example\.com\/functions\/v1\/files\/snapshots\//,
    );
    expect(await htmlUrlThrough({ makeDeps, bridge: serveBridge(false) }, forwarded)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/files\/snapshots\//,
    );
  });
});
