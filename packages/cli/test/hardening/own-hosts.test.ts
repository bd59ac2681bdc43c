import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { type Crawlgate, createCrawlgate, createHealth, silentLogger } from "@crawlgate/core";
import {
  createDashboardRouter,
  createEdgeMiddleware,
  createExpressRouter,
  createHealthRouter,
} from "@crawlgate/http-express";
import {
  createDashboardHandler,
  createEdgeHandler,
  createFetchHandler,
  createHealthHandler,
} from "@crawlgate/http-fetch";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../src/server.js";

/**
 * crawlgate's own paths (API, dashboard, health; any letter case) belong to the site on a served
 * domain's host: they reach the domain's origin through `serve`, the Express bridge and the
 * fetch bridge. On hosts that are not served domains, and on a configured API host even when a
 * domain has its name, crawlgate answers them.
 */

const SITE = "site.example.com";
/** Configured as an API host, and also (by mistake) a domain: the API wins. */
const API = "api.example.com";
const OWN_PATHS = [
  "/dashboard",
  "/DashBoard/api/session",
  "/functions/v1/list-user-domains",
  "/FUNCTIONS/v1/openapi.json",
  "/functions/v1/openapi.json",
  "/healthz",
  "/readyz",
];

interface Answer {
  status: number;
  body: string;
}

/** What the site itself answers: where the request ended up. */
const siteAnswer = (path: string) => JSON.stringify({ site: SITE, path });

let origin: Server;
let originUrl = "";
let crawlgate: Crawlgate;

beforeAll(async () => {
  origin = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(siteAnswer(req.url ?? ""));
  });
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", () => resolve()));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  crawlgate = createCrawlgate(createMemoryStores(), { apiHosts: [API] });
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  for (const host of [SITE, API]) {
    const added = await crawlgate.admin.addDomain(user.value.userId, host, { originUrl });
    if (!added.ok) throw new Error(added.message);
  }
});

afterAll(async () => {
  origin.closeAllConnections();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

/** One request over a socket with the Host header set (fetch cannot set it). */
function send(base: string, host: string, path: string): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { host } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Each bridge as a function from (host, path) to the answer. */
type Bridge = (host: string, path: string) => Promise<Answer>;

async function onSocket(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    send: (host: string, path: string) => send(base, host, path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const bridges: Record<string, () => Promise<{ send: Bridge; close(): Promise<void> }>> = {
  async serve() {
    const running = await listen(crawlgate, { port: 0, host: "127.0.0.1", logger: silentLogger });
    return { send: (host, path) => send(running.baseUrl, host, path), close: running.close };
  },
  async express() {
    // The site's own app behind the edge: its routes answer what the origin answers.
    const app = express();
    app.use(createHealthRouter(createHealth([]), crawlgate));
    app.use("/dashboard", createDashboardRouter(crawlgate));
    app.use("/functions/v1", createExpressRouter(crawlgate));
    app.use(createEdgeMiddleware(crawlgate));
    app.use((req, res) => {
      res.type("application/json").send(siteAnswer(req.originalUrl));
    });
    return onSocket(app);
  },
  async fetch() {
    const site = async (request: Request) => {
      const url = new URL(request.url);
      return new Response(siteAnswer(url.pathname + url.search), {
        headers: { "content-type": "application/json" },
      });
    };
    const edge = createEdgeHandler(crawlgate, { next: site });
    const health = createHealthHandler(createHealth([]), crawlgate);
    const api = createFetchHandler(crawlgate, { otherHost: edge });
    const dashboard = createDashboardHandler(crawlgate, { otherHost: edge });
    const handle = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname.toLowerCase();
      const healthy = await health(request);
      if (healthy) return healthy;
      if (path.startsWith("/functions/v1/")) return api(request);
      if (path === "/dashboard" || path.startsWith("/dashboard/")) return dashboard(request);
      return edge(request);
    };
    return onSocket(async (req, res) => {
      const response = await handle(
        new Request(`http://${req.headers.host}${req.url}`, {
          method: req.method ?? "GET",
          headers: { host: req.headers.host ?? "" },
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  },
};

describe.each(Object.keys(bridges))("own paths through %s", (name) => {
  let bridge: { send: Bridge; close(): Promise<void> };
  beforeAll(async () => {
    bridge = await (bridges[name] as () => Promise<typeof bridge>)();
  });
  afterAll(() => bridge.close());

  it("on a served domain's host, every own path (any case) reaches the site", async () => {
    for (const path of OWN_PATHS) {
      const answer = await bridge.send(SITE, path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 200,
        body: siteAnswer(path),
      });
    }
  });

  it("answers them on hosts that are not domains and on a configured API host", async () => {
    for (const host of ["127.0.0.1", "localhost", "crawlgate.internal", API, "API.example.com."]) {
      const live = await bridge.send(host, "/healthz");
      expect({ host, ...live }).toEqual({ host, status: 200, body: '{"status":"ok"}' });
      const doc = await bridge.send(host, "/functions/v1/openapi.json");
      expect(doc.status).toBe(200);
      expect(JSON.parse(doc.body).openapi).toMatch(/^3\./);
      const session = await bridge.send(host, "/dashboard/api/session");
      expect(session.status).toBe(401);
    }
  });
});
