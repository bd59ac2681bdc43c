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
