import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { serviceUnavailable } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { createEdgeHandler } from "./edge-handler.js";
import { createFetchHandler } from "./fetch-handler.js";

/** The fetch bridges answer every failure as JSON from the error table and never throw. */
describe("fetch bridges never throw", () => {
  const crawlgate = createCrawlgate(createMemoryStores());

  it("answers a body stream that fails with 500 internal_error, no stack", async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("socket hang up at /srv/app/secret.js:1:1"));
      },
    });
    const handle = createFetchHandler(crawlgate);
    const res = await handle(
      new Request("http://api.test/functions/v1/export-crawl-analytics", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "internal_error" });
  });

  it("answers a request whose URL does not parse with 400 invalid_request", async () => {
    const handler = createEdgeHandler(crawlgate, {
      next: async () => new Response("origin"),
    });
    // A Request-like object from a host that hands over a raw target (as some adapters do).
    const res = await handler({
      url: "http://x:99999/a",
      headers: new Headers(),
      method: "GET",
    } as unknown as Request);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_request",
      message: "the request target is not a valid URL",
    });
  });
});

describe("a host whose settings cannot be loaded (the stores do not answer)", () => {
  it("is answered 503 service_unavailable with Retry-After, not the site and not a 500", async () => {
    const stores = createMemoryStores();
    const down = createCrawlgate({
      ...stores,
      accounts: {
        ...stores.accounts,
        getDomainByHostname: async () => {
          throw serviceUnavailable(new Error("connect ECONNREFUSED"));
        },
      },
    });
    let passed = 0;
    const handle = createEdgeHandler(down, {
      next: async () => {
        passed++;
        return new Response("the site");
      },
    });
    const res = await handle(new Request("http://never-loaded.example.com/page"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ error: "service_unavailable" });
    expect(passed).toBe(0);
  });
});
