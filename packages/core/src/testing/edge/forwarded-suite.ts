import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import type { Crawlgate, CrawlgateDeps } from "../../crawlgate.js";
import { createCrawlgate } from "../../crawlgate.js";
import type { Renderer } from "../../ports/index.js";
import type { Harness } from "../harness.js";
import {
  type CanonicalOrigin,
  canonicalOf,
  forwardingOf,
  PUBLIC_HOST,
  startCanonicalOrigin,
} from "./canonical-origin.js";
import { BROWSER, type EdgeCall, type EdgeReply, GOOGLEBOT } from "./world.js";

/**
 * Puts a bridge in front of `crawlgate`, passing what the origin answers to the domain's
 * `originUrl` over HTTP (the Node proxy, the fetch pass-through), over plain `http`. `trustProxy`:
 * the bridge trusts the peer as a proxy. `peer` is the address the bridge sees requests come from.
 */
export type ForwardedBridgeFactory = (
  crawlgate: Crawlgate,
  options: { trustProxy: boolean },
) => Promise<Harness<{ send(call: EdgeCall): Promise<EdgeReply>; peer: string }>>;

/** A renderer for the suite's renders; closed after each test. */
export interface SuiteRenderer {
  name: string;
  create(): Renderer;
}

/** Sends one request over node:http to `127.0.0.1:port`, Host and headers exactly as given. */
export function sendOverHttp(port: number, call: EdgeCall): Promise<EdgeReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: call.method,
        path: call.path,
        headers: { ...call.headers, host: call.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = [value].flat().join(", ");
          }
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

interface ForwardedWorld {
  crawlgate: Crawlgate;
  origin: CanonicalOrigin;
  domainId: string;
  apiKey: string;
  peer: string;
  send(path: string, headers: Record<string, string>, host?: string): Promise<EdgeReply>;
}

async function createForwardedWorld(
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: ForwardedBridgeFactory,
  renderer: SuiteRenderer,
  trustProxy = false,
): Promise<Harness<ForwardedWorld>> {
  const origin = await startCanonicalOrigin();
  const rendering = renderer.create();
  // The worker's renders say `https`; the bridges' visitors come over `http`.
  const crawlgate = createCrawlgate(
    { ...makeStores(), renderer: rendering, fetch: null },
    { edge: { renderBudgetMs: 20_000, hotCacheMs: 0 }, publicScheme: "https" },
  );
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, PUBLIC_HOST, {
    originUrl: origin.originUrl,
  });
  if (!domain.ok) throw new Error(domain.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!key.ok) throw new Error(key.message);
  const client = await bridge(crawlgate, { trustProxy });
  return {
    crawlgate,
    origin,
    domainId: domain.value.domainId,
    apiKey: key.value.key,
    peer: client.peer,
    send: (path, headers, host = PUBLIC_HOST) =>
      client.send({ method: "GET", host, path, headers }),
    teardown: async () => {
      await client.teardown?.();
      await crawlgate.close();
      await rendering.close();
      await origin.close();
    },
  };
}

/**
 * What an origin behind the edge is told of each request, on every bridge: a crawler's render
 * (the page and its subresources) carries the same public URL as a person's pass-through, a
 * virtual-host origin gets the domain as Host when the domain says so, and the forwarding
 * headers the origin sees are exactly the edge's, whatever the client sent.
 */
export function forwardedHeadersSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: ForwardedBridgeFactory,
  renderers: readonly SuiteRenderer[],
): void {
  for (const renderer of renderers) {
    describe(`forwarded headers: ${name}, ${renderer.name} renderer`, () => {
      const world = (trustProxy = false) =>
        createForwardedWorld(makeStores, bridge, renderer, trustProxy);
      renderCases(world);
    });
  }
  describe(`forwarded headers: ${name}, pass-through`, () => {
    const first = renderers[0] as SuiteRenderer;
    const world = (trustProxy = false) =>
      createForwardedWorld(makeStores, bridge, first, trustProxy);
    passThroughCases(world);
    schemeCases(world);
  });
}

type MakeWorld = (trustProxy?: boolean) => Promise<Harness<ForwardedWorld>>;

/** Runs `run` on the world `made` builds, tearing it down after. */
export async function using<W, T>(made: Promise<Harness<W>>, run: (w: W) => T) {
  const w = await made;
  try {
    return await run(w);
  } finally {
    await w.teardown?.();
  }
}

function renderCases(world: MakeWorld): void {
  it("gives a crawler's render and a person's answer the same public URL", () =>
    using(world(), async (w) => {
      const person = await w.send("/canon", { "user-agent": BROWSER });
      expect(person.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(canonicalOf(person.body)).toBe(`http://${PUBLIC_HOST}/canon`);
      const crawler = await w.send("/canon", { "user-agent": GOOGLEBOT }, "SHOP.Example.com.");
      expect(crawler.headers["x-crawlgate-served-from"]).toBe("render");
      expect(canonicalOf(crawler.body)).toBe(`http://${PUBLIC_HOST}/canon`);
      // The render's requests to the origin (the page, and its script when scripts run) carry
      // the edge's forwarding headers and no client address; Host stays the origin's own.
      const rendered = w.origin.requests.filter(
        (r) => r.headers["user-agent"] !== BROWSER && (r.path === "/canon" || r.path === "/app.js"),
      );
      expect(rendered.length).toBeGreaterThan(0);
      for (const request of rendered) {
        expect(forwardingOf(request.headers), request.path).toEqual({
          "x-forwarded-host": PUBLIC_HOST,
          "x-forwarded-proto": "http",
        });
        expect(request.headers.host).toBe(new URL(w.origin.originUrl).host);
      }
    }));

  it("renders a virtual-host origin's own site when the domain sends the public Host", () =>
    using(world(), async (w) => {
      const before = await w.send("/site", { "user-agent": GOOGLEBOT });
      expect(before.body).toContain("<h1>Default site</h1>");
      const asked = w.origin.requests.length;
      const set = await w.crawlgate.admin.setDomainSettings(w.domainId, { originHost: "public" });
      expect(set.ok).toBe(true);
      const crawler = await w.send("/vhost", { "user-agent": GOOGLEBOT });
      expect(crawler.headers["x-crawlgate-served-from"]).toBe("render");
      expect(crawler.body).toContain("<h1>Shop</h1>");
      expect(canonicalOf(crawler.body)).toBe(`http://${PUBLIC_HOST}/vhost`);
      const person = await w.send("/vhost", { "user-agent": BROWSER });
      expect(person.body).toContain("<h1>Shop</h1>");
      // A script the page loads (when scripts run) asks the origin for the same site.
      for (const request of w.origin.requests.slice(asked)) {
        expect(request.headers.host, request.path).toBe(PUBLIC_HOST);
      }
    }));

  it("tells the origin the scheme a trusted proxy reports, and https for the worker's renders", () =>
    using(world(true), async (w) => {
      const headers = { "user-agent": GOOGLEBOT, "x-forwarded-proto": "https" };
      const crawler = await w.send("/secure", headers);
      expect(crawler.headers["x-crawlgate-served-from"]).toBe("render");
      expect(canonicalOf(crawler.body)).toBe(`https://${PUBLIC_HOST}/secure`);
      // A purge renders in the worker: no visitor, so the domains' public scheme.
      const purged = await w.crawlgate.api.handle({
        method: "POST",
        path: "/functions/v1/purge-cache",
        query: {},
        headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
        body: new TextEncoder().encode(JSON.stringify({ domain: PUBLIC_HOST, path: "/warm" })),
      });
      expect(purged.status).toBe(200);
      await w.crawlgate.jobs.find((j) => j.name === "page_worker")?.run(new Date());
      const [warmed] = w.origin.requestsFor("/warm");
      expect(forwardingOf(warmed?.headers ?? {})).toEqual({
        "x-forwarded-host": PUBLIC_HOST,
        "x-forwarded-proto": "https",
      });
      const cached = await w.send("/warm", { "user-agent": GOOGLEBOT });
      expect(cached.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(canonicalOf(cached.body)).toBe(`https://${PUBLIC_HOST}/warm`);
    }));
}

function schemeCases(world: MakeWorld): void {
  it("never serves a crawler a cached redirect to the very URL it asked for", () =>
    using(world(true), async (w) => {
      const plain = await w.send("/tls-only", { "user-agent": GOOGLEBOT });
      expect([plain.status, plain.headers.location]).toEqual([
        301,
        `https://${PUBLIC_HOST}/tls-only`,
      ]);
      const headers = { "user-agent": GOOGLEBOT, "x-forwarded-proto": "https" };
      const secure = await w.send("/tls-only", headers);
      expect([secure.status, secure.headers["x-crawlgate-served-from"]]).toEqual([200, "render"]);
      expect(canonicalOf(secure.body)).toBe(`https://${PUBLIC_HOST}/tls-only`);
      const again = await w.send("/tls-only", { "user-agent": GOOGLEBOT });
      expect([again.status, again.headers["x-crawlgate-served-from"]]).toEqual([200, "cache"]);
    }));
}

function passThroughCases(world: MakeWorld): void {
  const spoofed = {
    "user-agent": BROWSER,
    forwarded: "for=6.6.6.6;host=evil.example;proto=https",
    "x-real-ip": "6.6.6.6",
    "x-forwarded-for": "6.6.6.6",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "443",
    "x-forwarded-prefix": "/evil",
  };

  it("shows the origin exactly the edge's forwarding headers, whatever the client sent", () =>
    using(world(), async (w) => {
      const answer = await w.send("/spoof", spoofed, "SHOP.Example.COM.:8443");
      expect(answer.status).toBe(200);
      expect(canonicalOf(answer.body)).toBe(`http://${PUBLIC_HOST}/spoof`);
      const [seen] = w.origin.requestsFor("/spoof");
      expect(forwardingOf(seen?.headers ?? {})).toEqual({
        "x-forwarded-for": w.peer,
        "x-forwarded-host": PUBLIC_HOST,
        "x-forwarded-proto": "http",
      });
      expect(seen?.headers.host).toBe(new URL(w.origin.originUrl).host);
    }));

  it("appends to a trusted proxy's chain and takes its scheme", () =>
    using(world(true), async (w) => {
      await w.send("/trusted", spoofed);
      const [seen] = w.origin.requestsFor("/trusted");
      expect(forwardingOf(seen?.headers ?? {})).toEqual({
        "x-forwarded-for": `6.6.6.6, ${w.peer}`,
        "x-forwarded-host": PUBLIC_HOST,
        "x-forwarded-proto": "https",
      });
    }));
}
