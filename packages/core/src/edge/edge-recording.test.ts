import { createMemoryStores } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import { createCrawlgate } from "../crawlgate.js";
import type { CrawlStore, Logger } from "../ports/index.js";
import { createFakeClock } from "../testing/fixtures.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GOOGLE_RANGES = "https://developers.google.com/static/crawling/ipranges/common-crawlers.json";
const HOST = "shop.example.com";

/** An edge in front of an origin, whose crawl store fails while `failing` is set. */
async function setup() {
  const stores = createMemoryStores();
  const state = { failing: true, appends: 0 };
  const crawls: CrawlStore = Object.create(stores.crawls);
  crawls.appendCrawls = async (batch, options) => {
    state.appends++;
    if (state.failing) throw new Error("disk full");
    return stores.crawls.appendCrawls(batch, options);
  };
  const logged: { event: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info() {},
    warn() {},
    error: (event, fields) => logged.push({ event, fields }),
  };
  const crawlgate = createCrawlgate(
    {
      ...stores,
      crawls,
      logger,
      clock: createFakeClock("2026-11-20T10:00:00.000Z"),
      resolver: { reverse: async () => [], forward: async () => [], txt: async () => [] },
      fetch: null,
      renderer: null,
      originFetch: async () => new Response("", { status: 404 }),
    },
    { ingest: { intervalMs: 5 } },
  );
  crawlgate.ingest.verifier.setRanges(GOOGLE_RANGES, ["66.249.64.0/19"], new Date());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, {
    originUrl: "https://origin.example.com",
  });
  if (!domain.ok) throw new Error("setup");
  /** A crawler's request the origin answers (no renderer): the bridge reports the answer. */
  const send = async () => {
    const answer = await crawlgate.edge.handle({
      method: "GET",
      host: HOST,
      url: "/products/1",
      headers: { "user-agent": GOOGLEBOT },
      clientIp: "66.249.66.1",
    });
    if (answer.kind !== "origin") throw new Error(`answered ${answer.kind}`);
    answer.report({ status: 200, bytes: 120 });
    return answer.kind;
  };
  const stored = () =>
    stores.crawls.listCrawls(domain.value.domainId, new Date(0), new Date("2100-01-01"), 100);
  return { crawlgate, send, state, logged, stored };
}

describe("edge: crawls are recorded without holding the answer", () => {
  it("answers while the crawl store fails, logs each failed batch once, stores once it recovers", async () => {
    const { crawlgate, send, state, logged, stored } = await setup();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await send());
    expect(answers).toEqual(Array(7).fill("origin"));
    // The seven crawls were one batch: retried (5 attempts), then logged once, not per crawl.
    await crawlgate.ingest.flush();
    expect(state.appends).toBe(5);
    expect(logged).toEqual([{ event: "edge.record_failed", fields: { error: "disk full" } }]);
    expect(await stored()).toEqual([]);
    state.failing = false;
    for (let i = 0; i < 3; i++) await send();
    await crawlgate.ingest.flush();
    expect(logged).toHaveLength(1);
    const rows = await stored();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.botId, r.verdict, r.servedFrom])).toEqual(
      Array(3).fill(["googlebot", "verified", "origin"]),
    );
  });
});
