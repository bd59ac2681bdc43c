import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { createEdgeMiddleware } from "@crawlgate/http-express";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchProxyResponder, nodeRequestHandler } from "./node-handler.js";
import { createPinnedProxy } from "./pinned-proxy.js";

/**
 * End to end on loopback: an "internal" listener on 127.0.0.1 that must never be reached, a
 * stand-in "public" upstream on 127.0.0.2 (the only address the test's policy allows), and a
 * site behind the edge middleware. Names resolve through a fake resolver.
 */

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  return (server.address() as AddressInfo).port;
}

let internalConnections = 0;
let internalPort = 0;
let upstreamPort = 0;
let sitePort = 0;
let lastUpstream: { headers: IncomingMessage["headers"]; body: string; url: string } | null = null;
const servers: Server[] = [];

beforeAll(async () => {
  const internal = createServer((_req, res) => res.end("internal secret"));
  internal.on("connection", () => {
    internalConnections++;
  });
  internalPort = await listen(internal, "127.0.0.1");

  const upstream = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    lastUpstream = { headers: req.headers, body, url: req.url ?? "" };
    if (req.url?.startsWith("/redirect")) {
      res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/` });
      res.end();
      return;
    }
    res.writeHead(201, {
      "content-type": "text/plain",
      "x-upstream": "yes",
      connection: "close, x-secret-hop",
      "x-secret-hop": "1",
    });
    res.end(`echo ${req.method} ${req.url} ${body}`);
  });
  upstreamPort = await listen(upstream, "127.0.0.2");

  const dns: Record<string, string[]> = {
    "up.example.org": ["127.0.0.2"],
    "evil.example.org": ["127.0.0.1"],
    "mixed.example.org": ["127.0.0.2", "10.0.0.1"],
  };
  const proxy = createPinnedProxy({
    resolve: async (host) => {
      const found = dns[host];
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found;
    },
    isAllowedAddress: (address) => address === "127.0.0.2",
    timeoutMs: 2000,
  });
  const crawlgate = createCrawlgate(createMemoryStores());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  if (!domain.ok) throw new Error(domain.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!key.ok) throw new Error(key.message);
  const rules: [string, string][] = [
    ["/up/*", `http://up.example.org:${upstreamPort}/*`],
    ["/evil", `http://evil.example.org:${internalPort}/`],
    ["/mixed", `http://mixed.example.org:${upstreamPort}/`],
    ["/gone", `http://nxdomain.example.org:${upstreamPort}/`],
  ];
  for (const [sourcePath, targetUrl] of rules) {
    const res = await crawlgate.api.handle({
      method: "POST",
      path: `/functions/v1/domains/${domain.value.domainId}/routing-rules`,
      query: {},
      headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
      body: new TextEncoder().encode(JSON.stringify({ sourcePath, targetUrl, ruleType: "proxy" })),
    });
    expect(res.status).toBe(201);
  }
  const app = express();
  app.use(createEdgeMiddleware(crawlgate, { proxy: nodeRequestHandler(proxy) }));
  app.use((_req, res) => {
    res.send("site");
  });
  const site = createServer(app);
  sitePort = await listen(site, "127.0.0.1");
  servers.push(internal, upstream, site);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Visit {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A raw node:http request, so that Host and Connection are sent exactly as given. */
function visit(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: sitePort,
        path,
        method: init.method ?? "GET",
        headers: { host: "site.example.com", ...init.headers },
      },
      async (res) => {
        let body = "";
        for await (const chunk of res) body += chunk;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("pinned proxy behind the edge middleware", () => {
  it("streams a request to the vetted upstream and its answer back", async () => {
    const res = await visit("/up/echo/Path?q=1", {
      method: "POST",
      body: "hello upstream",
      headers: {
        "content-type": "text/plain",
        connection: "keep-alive, x-drop-me",
        "x-drop-me": "1",
        "x-forwarded-for": "203.0.113.9",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toBe("echo POST /echo/Path?q=1 hello upstream");
    expect(res.headers["x-upstream"]).toBe("yes");
    expect(res.headers["x-secret-hop"]).toBeUndefined();
    const seen = lastUpstream?.headers ?? {};
    expect(seen.host).toBe(`up.example.org:${upstreamPort}`);
    expect(seen["x-forwarded-host"]).toBe("site.example.com");
    // The real scheme (plain http here), and the peer only: the client's own chain is dropped.
    expect(seen["x-forwarded-proto"]).toBe("http");
    expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen["x-drop-me"]).toBeUndefined();
  });

  it("passes an upstream redirect to 127.0.0.1 back instead of following it", async () => {
    const before = internalConnections;
    const res = await visit("/up/redirect");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`http://127.0.0.1:${internalPort}/`);
    expect(internalConnections).toBe(before);
  });

  it("refuses a public-looking name that resolves to loopback or to any private address, and DNS failures", async () => {
    for (const path of ["/evil", "/mixed", "/gone"]) {
      const res = await visit(path);
      expect(res.status, path).toBe(502);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["content-length"]).toBe(String(res.body.length));
      expect(JSON.parse(res.body)).toEqual({ error: "bad_gateway" });
    }
    expect(internalConnections).toBe(0);
  });

  it("passes other requests to the site", async () => {
    expect((await visit("/about")).body).toBe("site");
    expect((await visit("/up/echo", { headers: { host: "other.example.net" } })).body).toBe("site");
  });
});

describe("default address policy", () => {
  it("refuses loopback literals without a resolver", async () => {
    const proxy = createPinnedProxy();
    const result = await proxy.forward(`http://127.0.0.1:${internalPort}/`, {
      method: "GET",
      headers: {},
      body: null,
      hop: { host: "site.example.com", proto: "https" },
    });
    expect(result).toEqual({ ok: false, reason: "upstream resolves to a non-public address" });
    expect(internalConnections).toBe(0);
  });

  it("answers a refused upstream on fetch hosts with JSON from the error table too", async () => {
    for (const unreachable of [undefined, "origin_unreachable"] as const) {
      const respond = fetchProxyResponder(createPinnedProxy(), unreachable ? { unreachable } : {});
      const res = await respond(
        `http://127.0.0.1:${internalPort}/`,
        new Request("https://site.example.com/x"),
      );
      expect(res.status).toBe(502);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await res.json()).toEqual({ error: unreachable ?? "bad_gateway" });
    }
    expect(internalConnections).toBe(0);
  });
});
