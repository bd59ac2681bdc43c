import { createMemoryStores } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import { createCrawlgate } from "../crawlgate.js";
import type { Resolver } from "../ports/index.js";
import { createFakeClock } from "../testing/fixtures.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOST = "shop.example.com";

/** A domain with a redirect rule on `/old`; `txt` is what its challenge name holds. */
async function setup(requireVerifiedDomains: boolean | undefined) {
  const stores = createMemoryStores();
  const published: string[] = [];
  const resolver: Resolver = {
    reverse: () => Promise.reject(new Error("NXDOMAIN")),
    forward: () => Promise.reject(new Error("NXDOMAIN")),
    txt: async () => published,
  };
  const crawlgate = createCrawlgate(
    {
      ...stores,
      clock: createFakeClock("2026-11-20T10:00:00.000Z"),
      resolver,
      fetch: null,
      renderer: null,
      originFetch: async () => new Response("", { status: 404 }),
    },
    requireVerifiedDomains === undefined ? {} : { requireVerifiedDomains },
  );
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, {
    originUrl: "https://origin.example.com",
  });
  if (!key.ok || !domain.ok) throw new Error("setup");
  const api = (method: string, path: string, body?: unknown) =>
    crawlgate.api.handle({
      method,
      path: `/functions/v1${path}`,
      query: {},
      headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
      body: body === undefined ? null : new TextEncoder().encode(JSON.stringify(body)),
    });
  const rules = `/domains/${domain.value.domainId}/routing-rules`;
  const created = await api("POST", rules, { sourcePath: "/old", targetUrl: "/new" });
  expect(created.status).toBe(201);
  const send = (url: string) =>
    crawlgate.edge.handle({
      method: "GET",
      host: HOST,
      url,
      headers: { "user-agent": GOOGLEBOT },
      clientIp: "66.249.66.1",
    });
  const verify = async () => {
    const res = await api("POST", `/domains/${domain.value.domainId}/verify`);
    return JSON.parse(String(res.body)) as { challenge: { token: string } | null };
  };
  const crawls = async () => {
    await crawlgate.ingest.close();
    const to = new Date("2100-01-01T00:00:00.000Z");
    return stores.crawls.listCrawls(domain.value.domainId, new Date(0), to, 100);
  };
  return { crawlgate, send, verify, published, crawls };
}

describe("edge: domains not verified (requireVerifiedDomains)", () => {
  it("passes a pending domain's traffic to its origin untouched: no rules, no records", async () => {
    const s = await setup(true);
    const answer = await s.send("/old");
    expect(answer.kind).toBe("origin");
    expect(answer.kind === "origin" && answer.originUrl).toBe("https://origin.example.com");
    expect((await s.send("/robots.txt")).kind).toBe("origin");
    expect(await s.crawlgate.edge.route({ host: HOST, url: "/old" })).toEqual({ kind: "none" });
    expect(await s.crawls()).toEqual([]);
  });

  it("applies the rules once the domain is verified (the cached settings are dropped)", async () => {
    const s = await setup(true);
    expect((await s.send("/old")).kind).toBe("origin");
    const pending = await s.verify();
    s.published.push(pending.challenge?.token ?? "");
    expect((await s.verify()).challenge).toBeNull();
    expect((await s.send("/old")).kind).toBe("redirect");
  });

  it("is off by default: a pending domain gets its rules", async () => {
    const s = await setup(undefined);
    expect((await s.send("/old")).kind).toBe("redirect");
  });
});
