import { describe, expect, it } from "vitest";
import type { FetchLike, Resolver } from "../ports/index.js";
import { silentLogger } from "../ports/index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { createRangeRefresher } from "./range-refresher.js";
import { createVerifier } from "./verifier.js";

const taxonomy = getTaxonomy("1.0") as Taxonomy;
const bot = (id: string) => {
  const found = taxonomy.botById(id);
  if (!found) throw new Error(`no bot ${id}`);
  return found;
};
const noDns: Resolver = {
  reverse: () => Promise.reject(new Error("NXDOMAIN")),
  forward: () => Promise.reject(new Error("NXDOMAIN")),
  txt: () => Promise.reject(new Error("NXDOMAIN")),
};
const COMMON_CRAWLERS =
  "https://developers.google.com/static/crawling/ipranges/common-crawlers.json";

function world(serve: (url: string) => Response | Promise<Response>) {
  let now = new Date("2026-11-22T00:00:00.000Z");
  const requested: string[] = [];
  const fetch: FetchLike = async (url) => {
    requested.push(url);
    return serve(url);
  };
  const verifier = createVerifier({ resolver: noDns, timeoutMs: 50 });
  const refresher = createRangeRefresher({
    verifier,
    taxonomy,
    fetch,
    clock: { now: () => now },
    logger: silentLogger,
  });
  return {
    verifier,
    refresher,
    requested,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const notFound = () => new Response("no", { status: 404 });

describe("published range refresh", () => {
  it("lists one feed per range-file URL of the taxonomy, with its operator", () => {
    const { refresher } = world(notFound);
    const feeds = refresher.feeds();
    expect(feeds.length).toBe(new Set(feeds.map((f) => f.url)).size);
    expect(feeds).toContainEqual({ url: COMMON_CRAWLERS, operator: "Google" });
    expect(feeds).toContainEqual({ url: "https://openai.com/gptbot.json", operator: "OpenAI" });
    expect(feeds.map((f) => f.url)).toEqual([...feeds.map((f) => f.url)].sort());
  });

  it("verifies a bot only through its own file: Google's fetcher ranges do not verify Googlebot", async () => {
    const { verifier } = world(notFound);
    // 142.250.32.0/27 is in user-triggered-fetchers-google.json, not in common-crawlers.json.
    const fetcherIp = "142.250.32.1";
    expect(await verifier.verify(bot("feedfetcher-google"), fetcherIp)).toMatchObject({
      tier: "verified",
      botOperator: "Google",
      matchedRange: "142.250.32.0/27",
    });
    expect(await verifier.verify(bot("googlebot"), fetcherIp)).toMatchObject({
      tier: "declared",
      matchedRange: null,
    });
    expect(verifier.peek(bot("googlebot"), fetcherIp)).not.toBe("verified");
    // And the common crawlers' ranges verify no user-triggered fetcher or special crawler.
    const crawlerIp = "66.249.64.9";
    expect((await verifier.verify(bot("googlebot"), crawlerIp)).tier).toBe("verified");
    expect((await verifier.verify(bot("feedfetcher-google"), crawlerIp)).matchedRange).toBeNull();
    expect((await verifier.verify(bot("adsbot-google"), crawlerIp)).matchedRange).toBeNull();
  });

  it("verifies offline from the shipped files, before any fetch", async () => {
    const { verifier, requested } = world(notFound);
    expect(await verifier.verify(bot("googlebot"), "66.249.64.9")).toMatchObject({
      tier: "verified",
      botOperator: "Google",
      matchedRange: "66.249.64.0/27",
    });
    expect(await verifier.verify(bot("claudebot"), "216.73.217.1")).toMatchObject({
      tier: "verified",
      matchedRange: "216.73.216.0/22",
    });
    expect((await verifier.verify(bot("googlebot"), "203.0.113.9")).tier).toBe("declared");
    // Each file is dated by its own copy.
    expect(verifier.rangesFetchedAt(COMMON_CRAWLERS)?.toISOString()).toBe(
      "2026-08-21T14:45:42.000Z",
    );
    expect(requested).toEqual([]);
  });

  it("replaces a file with the operator's current list; each bot keeps reading its own file", async () => {
    const { verifier, refresher } = world((url) => {
      if (url === COMMON_CRAWLERS)
        return json({
          creationTime: "2026-11-21T14:46:07.000000",
          prefixes: [{ ipv4Prefix: "66.249.70.0/24" }, { ipv6Prefix: "2001:4860:4801:20::/64" }],
        });
      if (url === "https://openai.com/gptbot.json")
        return json({ prefixes: [{ ipv4Prefix: "20.171.206.0/24" }] });
      return notFound();
    });
    const outcomes = await refresher.refresh();
    expect(outcomes.find((o) => o.url === COMMON_CRAWLERS)).toEqual({
      url: COMMON_CRAWLERS,
      operator: "Google",
      ok: true,
      prefixes: 2,
    });
    expect(await verifier.verify(bot("googlebot"), "66.249.70.3")).toMatchObject({
      tier: "verified",
      matchedRange: "66.249.70.0/24",
    });
    expect(await verifier.verify(bot("googlebot"), "2001:4860:4801:20::1")).toMatchObject({
      tier: "verified",
    });
    // The shipped prefix is gone with the file it came from.
    expect((await verifier.verify(bot("googlebot"), "66.249.64.9")).tier).toBe("declared");
    // OpenAI: GPTBot from the refreshed gptbot.json, ChatGPT-User from its shipped file.
    expect(await verifier.verify(bot("gptbot"), "20.171.206.7")).toMatchObject({
      tier: "verified",
      botOperator: "OpenAI",
    });
    expect(await verifier.verify(bot("chatgpt-user"), "9.129.1.1")).toMatchObject({
      tier: "verified",
      matchedRange: "9.129.0.0/17",
    });
  });

  it("keeps the last good copy when a download fails, is not a range file, or is empty", async () => {
    const bodies: Record<string, () => Response | Promise<Response>> = {
      a: () => new Response("oops", { status: 500 }),
      b: () => new Response("<html>not json</html>"),
      c: () => json({ syncToken: "1", prefixes: [{ ip_prefix: "3.0.0.0/15" }] }),
      d: () => json({ creationTime: "2026-11-21T00:00:00Z", prefixes: [] }),
      e: () => Promise.reject(new Error("network down")),
    };
    for (const [name, body] of Object.entries(bodies)) {
      const { verifier, refresher } = world((url) =>
        url === COMMON_CRAWLERS ? body() : notFound(),
      );
      const outcomes = await refresher.refresh();
      const google = outcomes.find((o) => o.url === COMMON_CRAWLERS);
      expect(google, name).toMatchObject({ ok: false, prefixes: 169 + 146 });
      expect(typeof google?.error, name).toBe("string");
      expect((await verifier.verify(bot("googlebot"), "66.249.64.9")).tier, name).toBe("verified");
    }
  });

  it("logs one line per refresh: every failed file in one warning, offline included", async () => {
    const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
    const log =
      (level: string) =>
      (event: string, fields: Record<string, unknown> = {}) =>
        lines.push({ level, event, fields });
    const logger = { info: log("info"), warn: log("warn"), error: log("error") };
    const make = (serve: FetchLike) =>
      createRangeRefresher({
        verifier: createVerifier({ resolver: noDns, timeoutMs: 50 }),
        taxonomy,
        fetch: serve,
        clock: { now: () => new Date("2026-11-22T00:00:00.000Z") },
        logger,
      });
    const offline = make(() => Promise.reject(new TypeError("fetch failed")));
    const feeds = offline.feeds().length;
    expect(feeds).toBeGreaterThan(10);
    await offline.refresh();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "warn",
      event: "range_refresh_failed",
      fields: { files: feeds, ok: 0, failed: feeds },
    });
    const failures = lines[0]?.fields.failures as { url: string; error: string; kept: number }[];
    expect(failures.map((f) => f.url)).toEqual(offline.feeds().map((f) => f.url));
    expect(failures[0]).toMatchObject({ error: "fetch failed" });
    expect(failures.every((f) => f.kept > 0)).toBe(true);

    lines.length = 0;
    await make(async (url) => (url === COMMON_CRAWLERS ? notFound() : json({}))).refresh();
    expect(lines.map((l) => [l.level, l.event, l.fields.failed])).toEqual([
      ["warn", "range_refresh_failed", feeds],
    ]);
    lines.length = 0;
    const google = {
      creationTime: "2026-11-21T00:00:00Z",
      prefixes: [{ ipv4Prefix: "66.249.64.0/27" }],
    };
    await make(async () => json(google)).refresh();
    expect(lines).toEqual([
      { level: "info", event: "range_refresh", fields: { files: feeds, ok: feeds } },
    ]);
  });

  it("refreshes when a file is a week old, and retries a failing file after an hour", async () => {
    let fail = false;
    const { refresher, requested, advance } = world(() =>
      fail ? notFound() : json({ prefixes: [{ ipv4Prefix: "192.0.2.0/24" }] }),
    );
    const feeds = refresher.feeds().length;
    // The shipped files are weeks old: due at once.
    expect((await refresher.refreshIfDue())?.every((o) => o.ok)).toBe(true);
    expect(requested).toHaveLength(feeds);
    advance(6 * 24 * 3_600_000);
    expect(await refresher.refreshIfDue()).toBeNull();
    advance(24 * 3_600_000);
    fail = true;
    expect((await refresher.refreshIfDue())?.some((o) => o.ok)).toBe(false);
    expect(requested).toHaveLength(2 * feeds);
    advance(30 * 60_000);
    expect(await refresher.refreshIfDue()).toBeNull();
    advance(30 * 60_000);
    expect(await refresher.refreshIfDue()).not.toBeNull();
    expect(requested).toHaveLength(3 * feeds);
  });
});

describe("published range refresh with a store", () => {
  function memoryStore() {
    const blobs = new Map<string, Uint8Array>();
    let broken = false;
    return {
      blobs,
      breakIt: () => {
        broken = true;
      },
      getBlob: async (key: string) => {
        if (broken) throw new Error("store down");
        return blobs.get(key) ?? null;
      },
      putBlob: async (key: string, bytes: Uint8Array) => {
        if (broken) throw new Error("store down");
        blobs.set(key, bytes);
      },
    };
  }
  const GPTBOT = "https://openai.com/gptbot.json";
  const instance = (store: ReturnType<typeof memoryStore>, serve: (url: string) => Response) => {
    const verifier = createVerifier({ resolver: noDns, timeoutMs: 50 });
    const refresher = createRangeRefresher({
      verifier,
      taxonomy,
      fetch: async (url) => serve(url),
      clock: { now: () => new Date("2026-11-22T00:00:00.000Z") },
      logger: silentLogger,
      store,
    });
    return { verifier, refresher };
  };
  const newer = (url: string) =>
    url === GPTBOT ? json({ prefixes: [{ ipv4Prefix: "192.0.2.0/24" }] }) : notFound();

  it("a restart and another instance start from the last good copy; a failure keeps it", async () => {
    const store = memoryStore();
    const first = instance(store, newer);
    await first.refresher.refresh();
    expect((await first.verifier.verify(bot("gptbot"), "192.0.2.7")).tier).toBe("verified");

    // Another instance (or a restart) that cannot fetch anything.
    const second = instance(store, notFound);
    await second.refresher.ready();
    expect((await second.verifier.verify(bot("gptbot"), "192.0.2.7")).tier).toBe("verified");
    const outcomes = await second.refresher.refresh();
    expect(outcomes.find((o) => o.url === GPTBOT)).toMatchObject({ ok: false, prefixes: 1 });
    expect((await second.verifier.verify(bot("gptbot"), "192.0.2.7")).tier).toBe("verified");

    // The failure is recorded, the good copy stays, for a third instance too.
    const third = instance(store, notFound);
    const status = await third.refresher.status();
    expect(status.find((s) => s.url === GPTBOT)).toMatchObject({
      source: "refreshed",
      fetchedAt: "2026-11-22T00:00:00.000Z",
      prefixes: 1,
      lastError: "HTTP 404",
    });
    // Files never fetched successfully still use the shipped copy.
    expect(status.find((s) => s.url === COMMON_CRAWLERS)).toMatchObject({
      source: "shipped",
      prefixes: 169 + 146,
    });
    expect((await third.verifier.verify(bot("gptbot"), "192.0.2.7")).tier).toBe("verified");
    // Another instance tried a minute ago: nothing is due here.
    expect(await third.refresher.refreshIfDue()).toBeNull();
  });

  it("ignores a store it cannot read or records it did not write, keeping the shipped copy", async () => {
    const store = memoryStore();
    const { rangeBlobKey } = await import("./range-store.js");
    store.blobs.set(rangeBlobKey(COMMON_CRAWLERS), new TextEncoder().encode("{not json"));
    store.blobs.set(
      rangeBlobKey(GPTBOT),
      new TextEncoder().encode(
        JSON.stringify({
          url: GPTBOT,
          snapshot: {
            cidrs: ["not a cidr"],
            creationTime: null,
            fetchedAt: "2026-11-21T00:00:00Z",
          },
          lastAttemptAt: "2026-11-21T00:00:00Z",
          lastError: null,
        }),
      ),
    );
    const { verifier, refresher } = instance(store, notFound);
    await refresher.ready();
    expect((await verifier.verify(bot("googlebot"), "66.249.64.9")).tier).toBe("verified");
    store.breakIt();
    const broken = instance(store, newer);
    await broken.refresher.ready();
    expect((await broken.verifier.verify(bot("googlebot"), "66.249.64.9")).tier).toBe("verified");
    // A refresh still works in memory when the store cannot be written.
    await broken.refresher.refresh();
    expect((await broken.verifier.verify(bot("gptbot"), "192.0.2.7")).tier).toBe("verified");
  });
});
