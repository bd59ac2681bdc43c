import { createMemoryCrawlStore } from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileClassifier, withCache } from "../classify/classifier.js";
import { silentLogger } from "../ports/index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import { createVerifier } from "../verify/verifier.js";
import type { SignedIdentity } from "./crawl-rows.js";
import { type CrawlEvent, createIngest } from "./ingest.js";

const D = "00000000-0000-4000-8000-0000000000d2";
const AGENTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  "curl/8.5.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
];
const ADDRESSES = ["66.249.66.1", "5.255.253.1", "5.255.253.2", "198.51.100.7"];

/** An ingest over a memory store, counting the reverse-DNS look-ups of its verifier. */
function setup(intervalMs = 1) {
  const crawls = createMemoryCrawlStore();
  const lookups: string[] = [];
  const verifier = createVerifier({
    timeoutMs: 1_000,
    cacheTtlMs: 0,
    resolver: {
      reverse: async (ip) => {
        lookups.push(ip);
        return ip === "5.255.253.1" ? ["spider-5-255-253-1.yandex.com"] : [];
      },
      forward: async (name) => (name === "spider-5-255-253-1.yandex.com" ? ["5.255.253.1"] : []),
      txt: async () => [],
    },
  });
  verifier.setRanges(
    "https://developers.google.com/static/crawling/ipranges/common-crawlers.json",
    ["66.249.64.0/19"],
    new Date("2026-11-20T00:00:00.000Z"),
  );
  const ingest = createIngest({
    crawls,
    classifier: withCache(compileClassifier(getTaxonomy() as Taxonomy)),
    verifier,
    clock: { now: () => new Date("2026-11-20T12:00:00.000Z") },
    logger: silentLogger,
    batching: { intervalMs, maxBatch: 7, maxBuffered: 20 },
  });
  return { crawls, ingest, lookups };
}

const eventArb = fc.record({
  agent: fc.integer({ min: 0, max: AGENTS.length - 1 }),
  address: fc.integer({ min: 0, max: ADDRESSES.length - 1 }),
  minute: fc.nat(600),
  path: fc.constantFrom("/", "/a", "/b?x=1", "/docs/é"),
  signed: fc.integer({ min: 0, max: 3 }),
});

type EventSpec = {
  agent: number;
  address: number;
  minute: number;
  path: string;
  /** 0: unsigned; else an index of `SIGNED`. */
  signed?: number;
};

const taxonomy = getTaxonomy() as Taxonomy;
const botOf = (botId: string) => taxonomy.botById(botId) as Readonly<BotDefinition>;
/** Signed identities as the edge hands them over (index 0 unused: unsigned). */
const SIGNED: (SignedIdentity | undefined)[] = [
  undefined,
  { bot: botOf("chatgpt-agent"), agent: "https://chatgpt.com", signature: "verified" },
  { bot: botOf("chatgpt-agent"), agent: "https://chatgpt.com", signature: "invalid" },
  { bot: botOf("signed-agent"), agent: null, signature: "unverified" },
];

const toEvents = (specs: EventSpec[]): CrawlEvent[] =>
  specs.map((s, i) => ({
    eventId: `e${i}`,
    domainId: D,
    ts: new Date(Date.UTC(2026, 10, 20, 0, s.minute)),
    path: s.path,
    userAgent: AGENTS[s.agent] as string,
    ip: ADDRESSES[s.address] as string,
    servedFrom: "origin",
    status: 200,
    bytes: 100 + i,
    streamId: "import",
    ...(s.signed ? { signed: SIGNED[s.signed] as SignedIdentity } : {}),
  }));

const everything = (store: ReturnType<typeof createMemoryCrawlStore>) =>
  store.listCrawls(D, new Date(0), new Date("2030-01-01T00:00:00.000Z"), 10_000);

describe("recordCrawls", () => {
  it("property: stores and answers exactly what recordCrawl one by one does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 60 }), fc.nat(5), async (specs, cut) => {
        const events = toEvents(specs);
        const one = setup();
        const single = [];
        for (const e of events) single.push(await one.ingest.recordCrawl(e));
        await one.ingest.close();
        const many = setup();
        // In two calls (the second may be empty), neither awaited before the other starts.
        const at = Math.min(events.length, cut * 10);
        const parts = await Promise.all([
          many.ingest.recordCrawls(events.slice(0, at)),
          many.ingest.recordCrawls(events.slice(at)),
        ]);
        await many.ingest.close();
        expect(parts.flat()).toEqual(single);
        expect(await everything(many.crawls)).toEqual(await everything(one.crawls));
      }),
      { numRuns: 60 },
    );
  });

  it("verifies each distinct (bot, address) pair of a call once", async () => {
    const { ingest, lookups } = setup();
    const events = toEvents(
      Array.from({ length: 40 }, (_, i) => ({
        agent: 1,
        address: 1 + (i % 2),
        minute: i,
        path: "/",
      })),
    );
    const results = await ingest.recordCrawls(events);
    await ingest.close();
    expect(lookups.sort()).toEqual(["5.255.253.1", "5.255.253.2"]);
    expect(results.filter((r) => r.verdict === "verified")).toHaveLength(20);
    expect(results.filter((r) => r.verdict === "declared")).toHaveLength(20);
  });

  it("records a signed event as its signed identity: no User-Agent class, no address check", async () => {
    const { crawls, ingest, lookups } = setup();
    const specs = [1, 2, 3].map((signed, i) => ({
      agent: 1,
      address: 1,
      minute: i,
      path: "/",
      signed,
    }));
    const results = await ingest.recordCrawls(toEvents(specs));
    await ingest.close();
    expect(lookups).toEqual([]);
    expect(results.map((r) => [r.botId, r.verdict])).toEqual([
      ["chatgpt-agent", "verified"],
      ["chatgpt-agent", "declared"],
      ["signed-agent", "declared"],
    ]);
    const rows = await everything(crawls);
    expect(rows.map((r) => [r.signatureAgent, r.signature, r.botOperator])).toEqual([
      ["https://chatgpt.com", "verified", "OpenAI"],
      ["https://chatgpt.com", "invalid", null],
      [null, "unverified", null],
    ]);
  });

  it("close waits for a call in progress; an empty call stores nothing", async () => {
    const { crawls, ingest } = setup();
    expect(await ingest.recordCrawls([])).toEqual([]);
    const pending = ingest.recordCrawls(toEvents([{ agent: 0, address: 0, minute: 1, path: "/" }]));
    await ingest.close();
    expect(await pending).toEqual([{ eventId: "e0", botId: "googlebot", verdict: "verified" }]);
    expect(await everything(crawls)).toHaveLength(1);
  });

  it("close writes the partial batch of calls in flight at once, not after the interval", async () => {
    // An hour's interval: were close to wait for it, this test would time out.
    const { crawls, ingest } = setup(3_600_000);
    const specs = Array.from({ length: 10 }, (_, i) => ({
      agent: 0,
      address: 0,
      minute: i,
      path: "/",
    }));
    const first = ingest.recordCrawls(toEvents(specs).slice(0, 3));
    const second = ingest.recordCrawls(toEvents(specs).slice(3));
    await ingest.close();
    expect((await first).length + (await second).length).toBe(10);
    expect(await everything(crawls)).toHaveLength(10);
  });
});

describe("offerCrawl", () => {
  it("property: stores exactly what recordCrawl one by one does, without being waited for", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 40 }), async (specs) => {
        const events = toEvents(specs);
        const one = setup();
        for (const e of events) await one.ingest.recordCrawl(e);
        await one.ingest.close();
        const offered = setup();
        const failures: unknown[] = [];
        // Ranges and signatures are known at once; reverse DNS (never remembered here) is not.
        for (const e of events) offered.ingest.offerCrawl(e, (error) => failures.push(error));
        await offered.ingest.close();
        expect(failures).toEqual([]);
        expect(await everything(offered.crawls)).toEqual(await everything(one.crawls));
      }),
      { numRuns: 60 },
    );
  });
});
