import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdgeMiddleware } from "./edge-middleware.js";
import { createExpressRouter } from "./express-router.js";

/**
 * Request targets the URL parser refuses, sent as they are on the request line: the router and
 * the edge middleware answer JSON from the error table; Express's default handler (HTML with a
 * stack trace) is never reached. Redirects built from captures stay on the site. (A target that
 * Express itself cannot parse, like an unclosed IPv6 bracket, never reaches the bridges: `serve`
 * answers it before Express, see cli's server tests.)
 */

let port = 0;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const crawlgate = createCrawlgate(createMemoryStores());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  if (!domain.ok) throw new Error(domain.message);
  const app = express();
  app.use("/functions/v1", createExpressRouter(crawlgate));
  app.use(createEdgeMiddleware(crawlgate));
  app.use((_req, res) => {
    res.status(404).json({ error: "not_found" });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
  // A rule whose target is built from the rest of the path (through the API on its own host:
  // on the site's host every path is the site's).
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!key.ok) throw new Error(key.message);
  const created = await send(
    "POST",
    `/functions/v1/domains/${domain.value.domainId}/routing-rules`,
    JSON.stringify({ sourcePath: "/go/*", targetUrl: "/*", redirectCode: 302 }),
    {
      host: "api.example.com",
      authorization: `Bearer ${key.value.key}`,
      "content-type": "application/json",
    },
  );
  expect(created.status).toBe(201);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, headers: { host: "site.example.com", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"] ?? ""),
            ...(res.headers.location ? { location: res.headers.location } : {}),
            body: text,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("request targets the URL parser refuses", () => {
  it.each([
    "http://x:99999/functions/v1/list-user-domains",
    "http://999.1.1.1/functions/v1/list-user-domains",
    "http://x:99999/functions/v1/get-bot-definitions?a=1",
    "http://x:99999/some/page",
    "http://[::1]:99999/old",
    "http://256.256.256.256/",
  ])("%s answers 400 invalid_request as JSON", async (target) => {
    const res = await send("GET", target);
    expect(res.status).toBe(400);
    expect(res.type).toContain("application/json");
    expect(JSON.parse(res.body)).toEqual({
      error: "invalid_request",
      message: "the request target is not a valid URL",
    });
  });

  it("routes a valid absolute-form target like its path", async () => {
    const res = await send("GET", "http://site.example.com/go//evil.com");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/evil.com");
  });

  it("keeps a redirect built from the path on the site", async () => {
    for (const [path, location] of [
      ["/go//evil.com", "/evil.com"],
      ["/go/\\evil.com", "/%5Cevil.com"],
      ["/go/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ] as const) {
      const res = await send("GET", path);
      expect(res.status).toBe(302);
      expect(res.location).toBe(location);
      expect(new URL(location, "https://site.example.com/a").host).toBe("site.example.com");
    }
  });
});
