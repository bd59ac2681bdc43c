import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import { createFetchHandler } from "@crawlgate/http-fetch";
import { describe, expect, it } from "vitest";
import { seedDemoAccounts } from "./accounts.js";
import { seedDemoCrawls } from "./crawls.js";
import { demoSites } from "./index.js";
import { seedDemoRobots } from "./robots.js";
import { DEMO_ROBOTS } from "./sites.js";

// A week after the cutover: few raw crawls to seed, all judged against the shop's third version.
const NOW = new Date("2026-07-15T12:00:00.000Z");

describe("the demo's robots.txt history", () => {
  it("has versions and a compliance history whose violators are the disallowed bots", async () => {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate({ ...stores, clock: { now: () => NOW } });
    const demo = await seedDemoAccounts(crawlgate, stores, NOW);
    const sites = demoSites(demo);
    const options = { stores, sites, now: NOW, logger: silentLogger };
    const expected = DEMO_ROBOTS.shop.length + DEMO_ROBOTS.blog.length;
    expect(await seedDemoRobots(options)).toEqual({ versions: expected });
    // A restart records nothing again.
    expect(await seedDemoRobots(options)).toEqual({ versions: 0 });
    await seedDemoCrawls(options);

    const fetch = createFetchHandler(crawlgate);
    const res = await fetch(
      new Request("http://api.test/functions/v1/export-robots-compliance", {
        method: "POST",
        headers: { authorization: `Bearer ${demo.keys.owner}`, "content-type": "application/json" },
        body: JSON.stringify({ domainId: sites[0]?.domainId, period: "7d" }),
      }),
    );
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
    const body = (await res.json()) as any;
    expect(body.robotsVersions).toHaveLength(1);
    expect(body.summary.requests).toBeGreaterThan(1000);
    expect(body.summary.disallowedRequests).toBeGreaterThan(0);
    const violators = Object.entries(body.botTotals)
      // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
      .filter(([, t]: [string, any]) => t.disallowedRequests > 0)
      .map(([bot]) => bot);
    expect(violators.length).toBeGreaterThan(0);
    for (const bot of violators) expect(["ccbot", "gptbot", "bytespider"]).toContain(bot);
    expect(body.botTotals.googlebot.disallowedRequests).toBe(0);
    expect((await stores.robots.listRobotsVersions(sites[0]?.domainId as string)).length).toBe(
      DEMO_ROBOTS.shop.length,
    );
  });
});
