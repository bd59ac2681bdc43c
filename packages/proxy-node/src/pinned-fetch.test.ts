import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { createFetchRenderer } from "@crawlgate/core";
import { isRenderFailed } from "@crawlgate/core/adapter-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPinnedFetch } from "./pinned-fetch.js";

/**
 * A stand-in "public" upstream on 127.0.0.2 (the only address the tests' policy allows) and an
 * "internal" server on 127.0.0.1 at the same port that must never see a connection.
 */

async function listen(server: Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

let port = 0;
let internalConnections = 0;
let upstreamConnections = 0;
let lastRequest: { method: string; url: string; body: string; headers: Record<string, unknown> };
const servers: Server[] = [];
const allowOnly = (address: string) => address === "127.0.0.2";

beforeAll(async () => {
  const upstream = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    lastRequest = { method: req.method ?? "", url: req.url ?? "", body, headers: req.headers };
    const [path, query] = (req.url ?? "").split("?");
    if (path === "/hang") return; // never answers
    if (path === "/redirect") {
      res.writeHead(Number(new URLSearchParams(query).get("status") ?? 302), {
        location: new URLSearchParams(query).get("to") ?? "/final",
      });
      res.end();
      return;
    }
    if (path === "/loop") {
      res.writeHead(302, { location: "/loop" });
      res.end();
      return;
    }
    if (path === "/gzip") {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(gzipSync("<p>unzipped</p>"));
      return;
    }
    res.writeHead(201, { "content-type": "text/plain", "set-cookie": ["a=1", "b=2"] });
    res.end(`${req.method} ${req.url} ${body}`);
  });
  upstream.on("connection", () => {
    upstreamConnections++;
  });
  port = await listen(upstream, "127.0.0.2");
  const internal = createServer((_req, res) => res.end("internal secret"));
  internal.on("connection", () => {
    internalConnections++;
  });
  await listen(internal, "127.0.0.1", port);
  servers.push(upstream, internal);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("createPinnedFetch: refusals", () => {
  it("refuses loopback, metadata, private and IPv6 loopback literals with the default policy", async () => {
    const fetch = createPinnedFetch();
    for (const host of ["127.0.0.1", "169.254.169.254", "10.1.2.3", "[::1]", "0.0.0.0"]) {
      await expect(fetch(`http://${host}:${port}/`), host).rejects.toThrow(/non-public address/);
    }
    expect(internalConnections).toBe(0);
  });

  it("refuses a name that resolves to a private address, or to any private one among others", async () => {
    const dns: Record<string, string[]> = {
      "evil.example": ["127.0.0.1"],
      "mixed.example": ["127.0.0.2", "10.0.0.1"],
    };
    const fetch = createPinnedFetch({
      resolve: async (host) => dns[host] ?? [],
      isAllowedAddress: allowOnly,
    });
    await expect(fetch(`http://evil.example:${port}/`)).rejects.toThrow(/non-public address/);
    await expect(fetch(`http://mixed.example:${port}/`)).rejects.toThrow(/non-public address/);
    await expect(fetch(`http://nothing.example:${port}/`)).rejects.toThrow(/no address/);
    expect(internalConnections).toBe(0);
  });

  it("vets every redirect hop: a redirect to a private address is refused when following", async () => {
    const fetch = createPinnedFetch({ isAllowedAddress: allowOnly });
    const to = encodeURIComponent(`http://127.0.0.1:${port}/`);
    const url = `http://127.0.0.2:${port}/redirect?to=${to}`;
    await expect(fetch(url, { redirect: "follow" })).rejects.toThrow(/non-public address/);
    const manual = await fetch(url, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe(`http://127.0.0.1:${port}/`);
    expect(internalConnections).toBe(0);
  });

  it("is reported as refused by core's fetch renderer", async () => {
    const renderer = createFetchRenderer({ fetch: createPinnedFetch() });
    const error = await renderer
      .render({
        device: "desktop",
        url: `http://127.0.0.1:${port}/`,
        headers: {},
        deadline: new Date(Date.now() + 2_000),
      })
      .catch((e: unknown) => e);
    expect(isRenderFailed(error) && error.reason).toBe("refused");
    expect(internalConnections).toBe(0);
  });

  it("refuses non-http schemes and credentials in the URL", async () => {
    const fetch = createPinnedFetch({ isAllowedAddress: allowOnly });
    await expect(fetch("file:///etc/passwd")).rejects.toThrow(/refused/);
    await expect(fetch(`http://u:p@127.0.0.2:${port}/`)).rejects.toThrow(/refused/);
  });

  it("never reaches a second DNS answer (rebinding): the connection is pinned to the vetted one", async () => {
    let calls = 0;
    const fetch = createPinnedFetch({
      resolve: async () => (++calls === 1 ? ["127.0.0.2"] : ["127.0.0.1"]),
      isAllowedAddress: allowOnly,
    });
    const first = await fetch(`http://rebind.example:${port}/a`);
    expect(await first.text()).toBe("GET /a ");
    expect(calls).toBe(1);
    await expect(fetch(`http://rebind.example:${port}/b`)).rejects.toThrow(/non-public address/);
    expect(internalConnections).toBe(0);
  });
});

describe("createPinnedFetch: allowed upstreams", () => {
  const fetch = createPinnedFetch({
    resolve: async () => ["127.0.0.2"],
    isAllowedAddress: allowOnly,
    timeoutMs: 2_000,
  });

  it("answers a standard Response, keeping Host as the URL's name and sending the body", async () => {
    const res = await fetch(`http://site.example:${port}/echo?q=1`, {
      method: "POST",
      headers: { "content-type": "text/plain", connection: "close", "x-custom": "1" },
      body: "hello",
    });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(201);
    expect(res.url).toBe(`http://site.example:${port}/echo?q=1`);
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await res.text()).toBe("POST /echo?q=1 hello");
    expect(lastRequest.headers.host).toBe(`site.example:${port}`);
    expect(lastRequest.headers["x-custom"]).toBe("1");
  });

  it("follows redirects by default (303 turns a POST into a GET), at most maxRedirects", async () => {
    const res = await fetch(`http://site.example:${port}/redirect?status=303`, {
      method: "POST",
      body: "x",
    });
    expect(res.status).toBe(201);
    expect(res.url).toBe(`http://site.example:${port}/final`);
    expect(await res.text()).toBe("GET /final ");
    await expect(fetch(`http://site.example:${port}/loop`)).rejects.toThrow(/more than 5/);
  });

  it("keeps the connection to a vetted address alive for the next request", async () => {
    const before = upstreamConnections;
    const fresh = createPinnedFetch({ isAllowedAddress: allowOnly });
    for (const path of ["/one", "/two", "/three"]) {
      expect(await (await fresh(`http://127.0.0.2:${port}${path}`)).text()).toBe(`GET ${path} `);
    }
    // Reused at least once (undici may open a second one while the first is being released).
    expect(upstreamConnections - before).toBeLessThan(3);
  });

  it("decodes a gzip body like the platform fetch", async () => {
    const res = await fetch(`http://site.example:${port}/gzip`);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe("<p>unzipped</p>");
  });

  it("honours the signal and the timeout", async () => {
    const controller = new AbortController();
    const pending = fetch(`http://site.example:${port}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
    const quick = createPinnedFetch({ isAllowedAddress: allowOnly, timeoutMs: 100 });
    await expect(quick(`http://127.0.0.2:${port}/hang`)).rejects.toThrow(/timeout/i);
  });
});
