import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { serviceUnavailable } from "@crawlgate/core/adapter-kit";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdgeMiddleware } from "./edge-middleware.js";

/**
 * The edge middleware's own error answers (no proxy configured, no origin for the host, a host
 * it does not know): JSON from the error table, complete with a Content-Length.
 */

const servers: ReturnType<express.Express["listen"]>[] = [];
let proxied = 0;
let toOrigin = 0;

async function serve(options: Parameters<typeof createEdgeMiddleware>[1]): Promise<number> {
  const crawlgate = createCrawlgate(createMemoryStores());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!domain.ok || !key.ok) throw new Error("seed failed");
  const created = await crawlgate.api.handle({
    method: "POST",
    path: `/functions/v1/domains/${domain.value.domainId}/routing-rules`,
    query: {},
    headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
    body: new TextEncoder().encode(
      JSON.stringify({
        sourcePath: "/docs",
        targetUrl: "https://docs.example.org/",
        ruleType: "proxy",
      }),
    ),
  });
  expect(created.status).toBe(201);
  const app = express();
  app.use(createEdgeMiddleware(crawlgate, options));
  app.use((_req, res) => {
    res.send("the site");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return (server.address() as AddressInfo).port;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function get(port: number, path: string, host = "site.example.com") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("edge middleware error answers", () => {
  let bare = 0;
  let originProxy = 0;
  beforeAll(async () => {
    bare = await serve({ unknownHost: "404" });
    originProxy = await serve({
      origin: "proxy",
      proxy: async (_upstream, _req, res) => {
        proxied++;
        res.end("proxied");
        return { status: 200, bytes: 7 };
      },
      originProxy: async (_upstream, _req, res) => {
        toOrigin++;
        res.end("origin");
        return { status: 200, bytes: 6 };
      },
    });
  });

  it.each([
    ["a proxy rule without a proxy", "/docs", "site.example.com", 502, "bad_gateway"],
    ["a host the edge does not know", "/x", "other.example.net", 404, "not_found"],
  ])("answers %s with JSON from the table", async (_what, path, host, status, error) => {
    const res = await get(bare, path, host);
    expect(res.status).toBe(status);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(res.body)));
    expect(JSON.parse(res.body)).toEqual({ error });
  });

  it("answers 404 not_found for a domain without an origin URL, and never calls a proxy", async () => {
    const res = await get(originProxy, "/page");
    expect(res.status).toBe(404);
    expect(res.headers["x-crawlgate-served-from"]).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual({ error: "not_found" });
    expect(await get(originProxy, "/docs")).toMatchObject({ status: 200, body: "proxied" });
    expect([proxied, toOrigin]).toEqual([1, 0]);
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
    const app = express();
    app.use(createEdgeMiddleware(down));
    app.use((_req, res) => void res.send("the site"));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const res = await get(
      (server.address() as AddressInfo).port,
      "/page",
      "never-loaded.example.com",
    );
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(JSON.parse(res.body)).toEqual({ error: "service_unavailable" });
  });
});
