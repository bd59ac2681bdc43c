import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { beforeEach, describe, expect, it } from "vitest";
import { createEdgeHandler } from "./edge-handler.js";
import { createFetchHandler } from "./fetch-handler.js";

describe("edge through the fetch handler", () => {
  let api: (
    path: string,
    init: { method: string; body?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  ) => Promise<{ status: number; json: any }>;
  let edge: (url: string, host?: string, userAgent?: string) => Promise<Response>;
  let domainId: string;
  let crawlgate: ReturnType<typeof createCrawlgate>;
  let stores: ReturnType<typeof createMemoryStores>;

  beforeEach(async () => {
    stores = createMemoryStores();
    crawlgate = createCrawlgate({ ...stores, fetch: null });
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    const key = await crawlgate.admin.createKey(user.value.userId);
    const domain = await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
    if (!key.ok || !domain.ok) throw new Error("seed failed");
    domainId = domain.value.domainId;
    const handle = createFetchHandler(crawlgate);
    api = async (path, init) => {
      const res = await handle(
        new Request(`http://api.test/functions/v1/domains/${domainId}/routing-rules${path}`, {
          method: init.method,
          headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
          ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        }),
      );
      return { status: res.status, json: await res.json() };
    };
    const handler = createEdgeHandler(crawlgate, {
      next: async () => new Response("origin", { status: 200 }),
      proxy: async (upstream) => new Response(`proxied ${upstream}`, { status: 203 }),
      clientIp: () => "66.249.66.1",
    });
    edge = (url, host = "site.example.com", userAgent?: string) =>
      handler(
        new Request(
          `https://${host}${url}`,
          userAgent ? { headers: { "user-agent": userAgent } } : {},
        ),
      );
  });

  it("redirects, proxies and passes through", async () => {
    await api("", {
      method: "POST",
      body: { sourcePath: "/old/*", targetUrl: "/new", redirectCode: 302 },
    });
    await api("", {
      method: "POST",
      body: {
        sourcePath: "/docs/:path*",
        targetUrl: "https://docs.example.org/:path*",
        ruleType: "proxy",
      },
    });
    const redirect = await edge("/old/a/B?x=1");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/new/a/B?x=1");
    expect(await (await edge("/docs/guide/intro?v=2")).text()).toBe(
      "proxied https://docs.example.org/guide/intro?v=2",
    );
    expect(await (await edge("/other")).text()).toBe("origin");
    expect(await (await edge("/old/x", "unknown.example.net")).text()).toBe("origin");
    expect((await edge("/OLD/x", "SITE.Example.com:443")).status).toBe(302);
  });

  it("applies rule writes at once: create, pause, update, delete invalidate the cached index", async () => {
    expect(await (await edge("/promo")).text()).toBe("origin");
    const created = await api("", {
      method: "POST",
      body: { sourcePath: "/promo", targetUrl: "/sale" },
    });
    expect(created.json.cacheInvalidated).toBe(true);
    expect((await edge("/promo")).headers.get("location")).toBe("/sale");
    const rulePath = `/${created.json.rule.ruleId}`;
    await api(rulePath, { method: "PATCH", body: { targetUrl: "/summer-sale" } });
    expect((await edge("/promo")).headers.get("location")).toBe("/summer-sale");
    await api(rulePath, { method: "PATCH", body: { isActive: false } });
    expect(await (await edge("/promo")).text()).toBe("origin");
    await api(rulePath, { method: "PATCH", body: { isActive: true } });
    expect((await edge("/promo")).status).toBe(301);
    await api(rulePath, { method: "DELETE" });
    expect(await (await edge("/promo")).text()).toBe("origin");
  });

  it("never loops: a redirect to the requested URL is skipped", async () => {
    await api("", { method: "POST", body: { sourcePath: "/Same", targetUrl: "/Same" } });
    expect(await (await edge("/Same")).text()).toBe("origin");
    expect((await edge("/same")).headers.get("location")).toBe("/Same");
  });

  it("records a crawler's proxy-rule hit as origin, and not its redirect-rule hit", async () => {
    await api("", { method: "POST", body: { sourcePath: "/old", targetUrl: "/new" } });
    await api("", {
      method: "POST",
      body: { sourcePath: "/docs", targetUrl: "https://docs.example.org/", ruleType: "proxy" },
    });
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await edge("/old", undefined, bot)).status).toBe(301);
    const proxied = await edge("/docs", undefined, bot);
    expect(proxied.headers.get("x-crawlgate-served-from")).toBe("origin");
    const body = await proxied.text();
    await crawlgate.close();
    const stored = await stores.crawls.listCrawls(domainId, new Date(0), new Date(4e12), 10);
    expect(stored.map((r) => [r.path, r.servedFrom, r.status, r.bytes])).toEqual([
      ["/docs", "origin", 203, new TextEncoder().encode(body).byteLength],
    ]);
  });
});

describe("edge through the fetch handler, origin and error answers", () => {
  const json = async (res: Response) => ({
    status: res.status,
    type: res.headers.get("content-type"),
    body: await res.json(),
  });

  async function world() {
    const crawlgate = createCrawlgate({ ...createMemoryStores(), fetch: null });
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    await crawlgate.admin.addDomain(user.value.userId, "site.example.com", {
      originUrl: "https://origin.example.com",
    });
    await crawlgate.admin.addDomain(user.value.userId, "bare.example.com");
    return crawlgate;
  }

  it("forwards to the domain's origin with only the end-to-end headers", async () => {
    const seen: { url: string; headers: Record<string, string>; body: unknown }[] = [];
    const handler = createEdgeHandler(await world(), {
      next: async () => new Response("next"),
      origin: "fetch",
      fetch: async (url, init) => {
        seen.push({
          url: String(url),
          headers: { ...(init?.headers as object) },
          body: init?.body,
        });
        return new Response("from origin", { status: 201 });
      },
    });
    const res = await handler(
      new Request("https://site.example.com/p?q=1", {
        method: "POST",
        headers: {
          connection: "keep-alive, x-hop",
          "x-hop": "1",
          "keep-alive": "timeout=5",
          te: "trailers",
          "proxy-authorization": "Basic x",
          "x-end": "2",
          "content-type": "text/html",
        },
        body: "hello",
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("from origin");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("https://origin.example.com/p?q=1");
    // The end-to-end headers, and the edge's own forwarding headers (no client address known).
    expect(seen[0]?.headers).toEqual({
      "x-end": "2",
      "content-type": "text/html",
      "x-forwarded-host": "site.example.com",
      "x-forwarded-proto": "https",
    });
    expect(new TextDecoder().decode(seen[0]?.body as Uint8Array)).toBe("hello");
  });

  it("answers every failure with JSON from the error table, never text", async () => {
    const crawlgate = await world();
    const unreachable = createEdgeHandler(crawlgate, {
      next: async () => new Response("next"),
      origin: "fetch",
      fetch: async () => {
        throw new Error("ECONNREFUSED 10.0.0.1:443");
      },
    });
    expect(await json(await unreachable(new Request("https://site.example.com/p")))).toEqual({
      status: 502,
      type: "application/json; charset=utf-8",
      body: { error: "origin_unreachable" },
    });
    expect(await json(await unreachable(new Request("https://bare.example.com/p")))).toEqual({
      status: 404,
      type: "application/json; charset=utf-8",
      body: { error: "not_found" },
    });
    const user = await crawlgate.admin.createUser("second", "pro");
    if (!user.ok) throw new Error(user.message);
    const api = createFetchHandler(crawlgate);
    const key = await crawlgate.admin.createKey(user.value.userId);
    const domain = await crawlgate.admin.addDomain(user.value.userId, "p.example.com");
    if (!key.ok || !domain.ok) throw new Error("seed failed");
    await api(
      new Request(`http://api.test/functions/v1/domains/${domain.value.domainId}/routing-rules`, {
        method: "POST",
        headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          sourcePath: "/docs",
          targetUrl: "https://docs.example.org/",
          ruleType: "proxy",
        }),
      }),
    );
    expect(await json(await unreachable(new Request("https://p.example.com/docs")))).toEqual({
      status: 502,
      type: "application/json; charset=utf-8",
      body: { error: "bad_gateway" },
    });
  });
});
