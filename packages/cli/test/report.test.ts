import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumOrReason, launch } from "./dashboard-browser/browser.js";
import { type DemoServer, reportDataOf, startDemoServer } from "./dashboard-browser/demo-server.js";
import { visitReportOffline, walkReportLinks } from "./dashboard-browser/report-views.js";

// One demo server for the file: it seeds six months of traffic.
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer();
}, 150_000);
afterAll(() => demo?.stop());

describe("crawlgate report", () => {
  it("writes one self-contained file whose totals are the API's, for the owner", async () => {
    const shop = demo.ready.demo.domains[0] as { domainId: string; domain: string };
    const out = join(demo.dataDir, "report.html");
    const run = await demo.cli("report", "--domain", shop.domain, "--period", "7d", "-o", out);
    expect(run.code, run.errors.join("\n")).toBe(0);
    expect(JSON.parse(run.lines[0] ?? "{}")).toMatchObject({ report: out, domain: shop.domain });
    const html = readFileSync(out, "utf8");
    // Self-contained: no external script, stylesheet, image or frame source.
    expect(html).not.toMatch(/<(script|img|iframe)[^>]+src=|<link[^>]+href="(?!data:)/i);
    expect(html).toContain("default-src 'none'");
    const data = reportDataOf(html);
    expect(data).toMatchObject({ domain: shop.domain, domainId: shop.domainId, period: "7d" });

    const api = await demo.api(demo.ready.demo.keys.owner, "/export-crawl-analytics", {
      period: "7d",
      domainId: shop.domainId,
    });
    const key = `POST /export-crawl-analytics {"domainId":${JSON.stringify(shop.domainId)},"period":"7d"}`;
    const stored = data.answers[key];
    expect(stored?.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
    const body = stored?.body as any;
    expect(body.domains[0].summary).toEqual(api.domains[0].summary);
    expect(body.domains[0].botTotals).toEqual(api.domains[0].botTotals);
    expect(api.domains[0].summary.totalCrawls).toBeGreaterThan(0);
    // Every view of the report has its data: top pages with drill-downs, referrals.
    const paths = Object.keys(data.answers).map((k) => k.split(" ")[1]);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/get-bot-definitions",
        "/export-page-analytics",
        "/export-ai-referrals",
        "/export-crawl-to-refer",
      ]),
    );
    expect(paths.filter((p) => p === "/export-page-analytics").length).toBeGreaterThan(1);
    for (const answer of Object.values(data.answers)) expect(answer.status).toBe(200);
  });

  it("refuses an unknown domain and an unknown period", async () => {
    const unknown = await demo.cli("report", "--domain", "nope.example", "-o", "x.html");
    expect(unknown.code).toBe(1);
    expect(unknown.errors.join("\n")).toContain('no domain "nope.example"');
    const bad = await demo.cli("report", "--domain", "x.example", "--period", "2d", "-o", "x.html");
    expect(bad.code).toBe(2);
    expect(bad.errors.join("\n")).toContain("--period must be one of");
  });
});

describe("crawlgate report in Chromium, offline", () => {
  const browserPath = chromiumOrReason();
  let browser: Browser;
  beforeAll(async () => {
    if ("path" in browserPath) browser = await launch(browserPath.path);
  }, 60_000);
  afterAll(() => browser?.close());

  it.skipIf(!("path" in browserPath))(
    "opens with no network access, shows the API's totals, no console errors, no serious axe violations",
    async () => {
      const shop = demo.ready.demo.domains[0] as { domainId: string; domain: string };
      const out = join(demo.dataDir, "offline.html");
      expect(
        (await demo.cli("report", "--domain", shop.domain, "--period", "7d", "-o", out)).code,
      ).toBe(0);
      const api = await demo.api(demo.ready.demo.keys.owner, "/export-crawl-analytics", {
        period: "7d",
        domainId: shop.domainId,
      });
      const visit = await visitReportOffline(browser, out, shop.domainId);
      expect(visit.blocked).toEqual([]);
      expect(visit.consoleErrors).toEqual([]);
      expect(visit.totalCrawls).toBe(api.domains[0].summary.totalCrawls.toLocaleString("en-US"));
      expect(visit.headings).toEqual([
        "Domains overview",
        "Crawlers",
        "Top pages",
        "AI referrals",
        "Crawler policy",
        "Robots compliance",
        expect.stringMatching(/^Page /),
      ]);
      for (const [view, violations] of Object.entries(visit.violations))
        expect(violations, view).toEqual([]);
    },
    120_000,
  );

  it.skipIf(!("path" in browserPath))(
    "stays under 1 MB for the demo's shop and links only what it holds",
    async () => {
      const shop = demo.ready.demo.domains[0] as { domainId: string; domain: string };
      const out = join(demo.dataDir, "walk.html");
      const run = await demo.cli("report", "--domain", shop.domain, "-o", out);
      expect(run.code, run.errors.join("\n")).toBe(0);
      const size = statSync(out).size;
      console.log(`report of ${shop.domain} (30d): ${size} bytes`);
      expect(size).toBeLessThan(1024 * 1024);
      const data = reportDataOf(readFileSync(out, "utf8"));
      // The crawler policy and robots compliance are part of it.
      const paths = Object.keys(data.answers).map((k) => k.split(" ")[1]);
      expect(paths).toEqual(
        expect.arrayContaining([
          `/domains/${shop.domainId}/crawler-policy`,
          "/export-robots-compliance",
        ]),
      );
      // A longer period has longer series: the budget keeps it under 1 MB too.
      const long = join(demo.dataDir, "walk-90d.html");
      expect(
        (await demo.cli("report", "--domain", shop.domain, "--period", "90d", "-o", long)).code,
      ).toBe(0);
      expect(statSync(long).size).toBeLessThan(1024 * 1024);
      const walk = await walkReportLinks(browser, out);
      expect(walk.blocked).toEqual([]);
      expect(walk.consoleErrors).toEqual([]);
      expect(walk.dangling).toEqual([]);
      const views = (name: string) => walk.visited.filter((r) => r.includes(`/${name}?`));
      // Every page of the rankings has its drill-down: well over the old ten.
      expect(views("page").length).toBeGreaterThan(100);
      // "Next pages" is followed, and the ranking by verified crawls is reached.
      expect(views("pages").some((r) => r.includes("cursor="))).toBe(true);
      expect(views("pages").some((r) => r.includes("sortBy=verified"))).toBe(true);
      expect(views("policy")).toHaveLength(1);
      expect(views("robots")).toHaveLength(1);
    },
    240_000,
  );
});
