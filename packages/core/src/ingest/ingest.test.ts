import { createMemoryCrawlStore, createMemoryStores } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import { compileClassifier } from "../classify/classifier.js";
import { createCrawlgate } from "../crawlgate.js";
import { silentLogger } from "../ports/index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { createVerifier } from "../verify/verifier.js";
import { createIngest } from "./ingest.js";

const D = "00000000-0000-4000-8000-0000000000d1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const YANDEX = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";

function setup(dnsAnswers: { hang: boolean }) {
  const crawls = createMemoryCrawlStore();
  const verifier = createVerifier({
    timeoutMs: 30,
    cacheTtlMs: 0,
    resolver: {
      reverse: (ip) =>
        dnsAnswers.hang
          ? new Promise(() => {})
          : Promise.resolve(ip === "5.255.253.1" ? ["spider-5-255-253-1.yandex.com"] : []),
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
    classifier: compileClassifier(getTaxonomy() as Taxonomy),
    verifier,
    clock: { now: () => new Date("2026-11-20T12:00:00.000Z") },
    logger: silentLogger,
    batching: { intervalMs: 5 },
  });
  return { crawls, ingest };
}

const event = (
  over: Partial<Parameters<ReturnType<typeof setup>["ingest"]["recordCrawl"]>[0]> = {},
) => ({
  domainId: D,
  ts: new Date("2026-11-20T10:00:00.000Z"),
  path: "/pricing",
  userAgent: GOOGLEBOT,
  ip: "66.249.66.1",
  servedFrom: "cache" as const,
  status: 200,
  bytes: 5120,
  ...over,
});

const all = { from: new Date(0), to: new Date("2030-01-01T00:00:00.000Z") };

describe("ingest", () => {
  it("classifies, verifies, stores without the address, and acknowledges once stored", async () => {
    const { crawls, ingest } = setup({ hang: false });
    const recorded = await ingest.recordCrawl(event({ eventId: "e1" }));
    expect(recorded).toEqual({ eventId: "e1", botId: "googlebot", verdict: "verified" });
    const [row] = await crawls.listCrawls(D, all.from, all.to, 10);
    expect(row).toMatchObject({
      eventId: "e1",
      botId: "googlebot",
      verdict: "verified",
      botOperator: "Google",
      matchedRange: "66.249.64.0/19",
    });
    expect(JSON.stringify(row)).not.toContain("66.249.66.1");
    expect(row?.uaHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("records spoofers as declared, automation and unknown as such", async () => {
    const { crawls, ingest } = setup({ hang: false });
    expect((await ingest.recordCrawl(event({ ip: "203.0.113.9" }))).verdict).toBe("declared");
    expect((await ingest.recordCrawl(event({ userAgent: "curl/8.4.0" }))).verdict).toBe(
      "automation",
    );
    expect((await ingest.recordCrawl(event({ userAgent: "Mozilla/5.0 Chrome/120" }))).verdict).toBe(
      "unknown",
    );
    const tiers = (await crawls.botDayCounts(D, "2026-11-20", "2026-11-20")).map((c) => [
      c.botId,
      c.tier,
      c.count,
    ]);
    expect(tiers).toEqual([
      ["googlebot", "declared", 1],
      ["unknown", "unknown", 2],
    ]);
  });

  it("stores a replayed event once", async () => {
    const { crawls, ingest } = setup({ hang: false });
    await Promise.all([
      ingest.recordCrawl(event({ eventId: "same" })),
      ingest.recordCrawl(event({ eventId: "same" })),
    ]);
    await ingest.recordCrawl(event({ eventId: "same" }));
    expect(await crawls.listCrawls(D, all.from, all.to, 10)).toHaveLength(1);
  });

  it("records declared when verification times out and upgrades it after a late confirmation", async () => {
    const dns = { hang: true };
    const { crawls, ingest } = setup(dns);
    const recorded = await ingest.recordCrawl(
      event({ eventId: "late", userAgent: YANDEX, ip: "5.255.253.1" }),
    );
    expect(recorded.verdict).toBe("declared");
    expect(ingest.pendingVerifications()).toBe(1);
    dns.hang = false;
    expect(await ingest.retryPending()).toBe(1);
    expect(ingest.pendingVerifications()).toBe(0);
    expect(await crawls.botDayCounts(D, "2026-11-20", "2026-11-20")).toEqual([
      { day: "2026-11-20", botId: "yandexbot", tier: "verified", count: 1 },
    ]);
  });

  it("flushes everything on close", async () => {
    const { crawls, ingest } = setup({ hang: false });
    const acks = Array.from({ length: 25 }, (_, i) =>
      ingest.recordCrawl(event({ eventId: `c${i}` })),
    );
    await ingest.close();
    await Promise.all(acks);
    expect(await crawls.listCrawls(D, all.from, all.to, 100)).toHaveLength(25);
  });
});

describe("createCrawlgate ingest options", () => {
  it("passes the batch-write concurrency through to the write buffer", async () => {
    const stores = createMemoryStores();
    let inFlight = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const append = stores.crawls.appendCrawls.bind(stores.crawls);
    stores.crawls.appendCrawls = async (rows, options) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => release.push(resolve));
      inFlight--;
      return append(rows, options);
    };
    const { ingest } = createCrawlgate(
      { ...stores, logger: silentLogger },
      { ingest: { maxBatch: 1, intervalMs: 1, concurrency: 2 } },
    );
    const recorded = Promise.all(
      [1, 2, 3, 4].map((i) => ingest.recordCrawl(event({ path: `/p${i}` }))),
    );
    while (release.length < 2) await new Promise((resolve) => setTimeout(resolve, 2));
    // Two single-event batches are being written at once, and no third one.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inFlight).toBe(2);
    while (inFlight > 0 || release.length > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await recorded).map((r) => r.botId)).toEqual(Array(4).fill("googlebot"));
    expect(most).toBe(2);
  });
});
