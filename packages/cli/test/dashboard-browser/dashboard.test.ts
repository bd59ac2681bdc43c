import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { PREVIEW_CSP } from "@crawlgate/dashboard";
import type { Browser, BrowserContext, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  chromiumOrReason,
  launch,
  screenshot,
  seriousViolations,
  sidewaysOverflow,
  watchedPage,
} from "./browser.js";
import { type DemoServer, startDemoServer } from "./demo-server.js";
import { catchDownloads } from "./downloads.js";
import { expiredSignInUrl } from "./expired-link.js";
import { checkView, csrfTokenOf, pageFetch, timeOverview, walkDomainViews } from "./live-views.js";
import { readmeScreenshots } from "./readme-screenshots.js";

const browserPath = chromiumOrReason();

/** The console line of a snapshot's resource refused by the preview frame's policy. */
/**
 * A snapshot preview's own resources, blocked: by its policy, or (its base being the page's
 * https URL) by the dashboard's, which the `srcdoc` frame inherits.
 */
const blockedByPreview = (line: string) =>
  PREVIEW_CSP.split("; ").some((d) => line.includes(`Content Security Policy directive: "${d}"`)) ||
  /^Loading the \w+ 'https:\/\/shop\.example\.com\/[^']*' violates the following Content Security Policy directive/.test(
    line,
  );
const run = "path" in browserPath ? describe : describe.skip;

run("the dashboard in Chromium, on the demo", () => {
  let demo: DemoServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    demo = await startDemoServer();
    browser = await launch((browserPath as { path: string }).path);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  /** A page in a fresh browser context (its own cookies), signed in as `user` when given. */
  async function session(user?: "owner" | "manager" | "viewer" | "starter", width?: number) {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    const watched = await watchedPage(context, width);
    if (user) await watched.page.goto(await demo.server.signInUrl(user));
    return watched;
  }
  const shop = () => demo.ready.demo.domains[0] as { domainId: string; domain: string };

  it("signs in by link, shows every view without console errors or serious axe violations", async () => {
    const { page, errors } = await session();
    const timing = await timeOverview(page, demo.ready.demo.dashboardUrl);
    console.log(JSON.stringify({ event: "dashboard.overview_paint", ...timing }));
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(`${ARTIFACTS}overview-paint.json`, `${JSON.stringify(timing)}\n`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/");
    // Were the snapshot preview to ask its page's own origin for images or styles (its base is
    // that page), the requests would be answered here and recorded: there must be none.
    const fromSite = await answerSiteRequests(page, `https://${shop().domain}/`);
    const overview = await checkView(page, "overview");
    const views = [overview, ...(await walkDomainViews(page, shop().domainId))];
    expect(views.map((v) => v.heading)).toEqual([
      "Domains overview",
      "Crawlers",
      "Top pages",
      "AI referrals",
      "Routing rules",
      expect.stringMatching(/^Page \//),
      "Snapshot history",
    ]);
    for (const view of views) expect(view.violations, view.name).toEqual([]);
    // The preview frame's policy blocking the snapshot's own images is the point, not an error.
    expect(errors.filter((e) => !blockedByPreview(e))).toEqual([]);
    // Its relative URLs resolve against the page, not the dashboard, and nothing is fetched.
    const preview = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await preview?.evaluate("document.baseURI")).toMatch(/^https:\/\/shop\.example\.com\//);
    expect(fromSite).toEqual([]);
    if (process.env.CRAWLGATE_README_SCREENSHOTS === "1")
      await readmeScreenshots(page, shop().domainId);
  }, 120_000);

  it("fits a phone's width: no sideways scrolling on the overview and the rules", async () => {
    const { page, errors } = await session("owner", 390);
    await page.waitForSelector("[data-testid=total-crawls]");
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.goto(`${demo.ready.baseUrl}/dashboard/domains/${shop().domainId}/rules`);
    await page.waitForSelector("form.rule-form");
    await page.waitForSelector("table tbody tr");
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "phone-rules");
    expect(errors).toEqual([]);
  }, 60_000);
  it("creates, pauses, edits and deletes a rule through the form, with the API's validation message inline", async () => {
    const { page, errors } = await session("manager");
    const { domainId } = shop();
    await page.goto(`${demo.ready.baseUrl}/dashboard/domains/${domainId}/rules`);
    await page.waitForSelector("form.rule-form");
    // The target's hint teaches the routing grammar (`*`, `:name`), never `$1`.
    const hint = await page.$eval("form.rule-form input[name=targetUrl]", (el) => {
      const help = el.ownerDocument.getElementById(el.getAttribute("aria-describedby") ?? "");
      return `${el.getAttribute("placeholder")} ${help?.textContent}`;
    });
    expect(hint).toMatch(/^\/new\/\* .*:name/);
    expect(hint).not.toContain("$");
    const rulesPath = `/domains/${domainId}/routing-rules`;
    const owner = demo.ready.demo.keys.owner;
    const api = await demo.api(owner, rulesPath, { sourcePath: "no-slash", targetUrl: "/x" });
    await page.type("form.rule-form input[name=sourcePath]", "no-slash");
    await page.type("form.rule-form input[name=targetUrl]", "/x");
    await page.click("form.rule-form button[type=submit]");
    const alert = await page.waitForSelector("form.rule-form [role=alert]");
    expect(await alert?.evaluate((el) => el.textContent)).toBe(api.message);
    expect(api.message).toMatch(/sourcePath/);

    await page.$eval("form.rule-form input[name=sourcePath]", (el) => {
      (el as unknown as { value: string }).value = "";
    });
    await page.type("form.rule-form input[name=sourcePath]", "/browser-old");
    await page.$eval("form.rule-form input[name=targetUrl]", (el) => {
      (el as unknown as { value: string }).value = "";
    });
    await page.type("form.rule-form input[name=targetUrl]", "/browser-new");
    await page.click("form.rule-form button[type=submit]");
    await page.waitForSelector("td code::-p-text(/browser-old)");
    const listed = await demo.api(owner, rulesPath, undefined, "GET");
    expect(listed.rules.map((r: { sourcePath: string }) => r.sourcePath)).toContain("/browser-old");

    const rule = async () =>
      (await demo.api(owner, rulesPath, undefined, "GET")).rules.find(
        (r: { sourcePath: string }) => r.sourcePath === "/browser-old",
      );
    await page.click("::-p-aria(Pause /browser-old)");
    await page.waitForSelector("::-p-aria(Resume /browser-old)");
    expect((await rule()).isActive).toBe(false);
    await page.click("::-p-aria(Edit /browser-old)");
    const edit = "form[aria-labelledby^=edit-] input[name=targetUrl]";
    await page.waitForSelector(edit);
    // The form takes focus once it has rendered; typing before that could land in two fields.
    await page.waitForFunction(
      `document.activeElement?.closest("form[aria-labelledby^=edit-]") && document.activeElement.name === "sourcePath"`,
    );
    await page.$eval(edit, (el) => {
      (el as unknown as { value: string }).value = "";
    });
    await page.type(edit, "/browser-edited");
    await page.click("::-p-text(Save rule)");
    await page.waitForFunction(
      `document.querySelector("td.wrap")?.closest("tbody")?.textContent.includes("/browser-edited") || document.querySelector("form [role=alert]")`,
    );
    expect(await page.$eval("main", (el) => el.textContent)).not.toMatch(/failed|invalid|must/i);
    expect(await rule()).toMatchObject({ targetUrl: "/browser-edited", isActive: false });

    await page.click("::-p-aria(Delete /browser-old)");
    await page.click("::-p-aria(Confirm delete /browser-old)");
    await page.waitForFunction(`!document.body.textContent.includes("/browser-old")`);
    const after = await demo.api(owner, rulesPath, undefined, "GET");
    expect(after.rules.map((r: { sourcePath: string }) => r.sourcePath)).not.toContain(
      "/browser-old",
    );
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  }, 60_000);

  it("purges a page and shows the purge's status", async () => {
    const { page } = await session("owner");
    await page.goto(`${demo.ready.baseUrl}/dashboard/domains/${shop().domainId}/rules`);
    await page.waitForSelector("form.purge");
    // The demo's domains are verified: the ownership panel says so and offers no Verify button.
    const stage = await page.waitForSelector("[data-testid=verification-stage]");
    expect(await stage?.evaluate((el) => el.textContent)).toBe("Stage: verified");
    await page.click("form.purge button[type=submit]");
    const status = await page.waitForSelector("[data-testid=purge-status]");
    expect(await status?.evaluate((el) => el.textContent)).toMatch(
      /^(Queued|Already queued): \/\. /,
    );
    // The live status follows the re-render (the demo server renders purges from its origin).
    const fresh = `/^Fresh: \\/ re-rendered at /.test(document.querySelector("[data-testid=purge-live]")?.textContent ?? "")`;
    await page.waitForFunction(fresh, { timeout: 45_000 });
  }, 60_000);

  it("shows each top page's cache state, and a page's cache status per variant", async () => {
    const { page, errors } = await session("viewer");
    const base = `${demo.ready.baseUrl}/dashboard/domains/${shop().domainId}`;
    await page.goto(`${base}/pages?period=30d`);
    const cell = await page.waitForSelector("[data-testid=page-freshness]");
    expect(await cell?.evaluate((el) => el.textContent)).toMatch(/^(fresh|stale|not cached)/);
    await page.click(`nav a[href^="/dashboard/domains/${shop().domainId}/cache?"]`);
    await page.waitForSelector("form.cache-lookup");
    await page.click("form.cache-lookup button[type=submit]");
    const state = await page.waitForSelector("[data-testid=cache-state]");
    expect(await state?.evaluate((el) => el.textContent)).toMatch(/^(fresh|stale|not cached)/);
    expect(page.url()).toContain("/cache?path=%2F");
    // The warming panel: a viewer reads the status, and has no button to start a warm.
    await page.waitForFunction(
      `/^Warming: /.test(document.querySelector("[data-testid=warm-status]")?.textContent ?? "")`,
    );
    expect(await page.$("section.warm button")).toBeNull();
    expect((await checkView(page, "cache")).violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it("warms the cache from the domain's sitemaps and follows the warm renders as they leave", async () => {
    const { page, errors } = await session("manager");
    await page.goto(`${demo.ready.baseUrl}/dashboard/domains/${shop().domainId}/cache`);
    await page.waitForSelector("section.warm button:not([disabled])");
    await page.click("section.warm button");
    const answer = await page.waitForSelector("[data-testid=warm-answer]");
    const text = await answer?.evaluate((el) => el.textContent);
    expect(text).toMatch(
      /^Queued [\d,]+ pages?; [\d,]+ already fresh, [\d,]+ skipped, [\d,]+ over this hour's budget \([\d,]+ sitemaps? read\)\.$/,
    );
    // The status is read again while warm renders wait, until none does.
    await page.waitForFunction(
      `(document.querySelector("[data-testid=warm-status]")?.textContent ?? "").includes("no warm render waiting")`,
      { timeout: 45_000 },
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it("lets a viewer read the rules but not edit them: no controls, and a forced write is refused", async () => {
    const { page, errors } = await session("viewer");
    const { domainId } = shop();
    await page.goto(`${demo.ready.baseUrl}/dashboard/domains/${domainId}/rules`);
    await page.waitForSelector("table tbody tr");
    expect(await page.$("form.rule-form")).toBeNull();
    expect(await page.$("::-p-text(Confirm delete)")).toBeNull();
    expect(await page.$$("td.actions")).toHaveLength(0);
    expect(await page.$eval("main", (el) => el.textContent)).toContain("read only");
    expect(errors).toEqual([]);
    const write = await pageFetch(page, `/dashboard/api/v1/domains/${domainId}/routing-rules`, {
      method: "POST",
      headers: { "X-CSRF-Token": await csrfTokenOf(page) },
      body: { sourcePath: "/viewer", targetUrl: "/x" },
    });
    expect(write).toEqual({ status: 403, body: { error: "forbidden" } });
  }, 60_000);

  it("refuses a write without the CSRF token, or with another session's", async () => {
    const { page } = await session("owner");
    const purge = { domain: shop().domain, path: "/" };
    const none = await pageFetch(page, "/dashboard/api/v1/purge-cache", {
      method: "POST",
      body: purge,
    });
    expect(none.status).toBe(403);
    expect(none.body.error).toBe("csrf_failed");
    const other = await session("owner");
    const wrong = await pageFetch(page, "/dashboard/api/v1/purge-cache", {
      method: "POST",
      headers: { "X-CSRF-Token": await csrfTokenOf(other.page) },
      body: purge,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe("csrf_failed");
    const right = await pageFetch(page, "/dashboard/api/v1/purge-cache", {
      method: "POST",
      headers: { "X-CSRF-Token": await csrfTokenOf(page) },
      body: purge,
    });
    expect(right.status).toBe(200);
  }, 60_000);

  it("refuses a sign-in link used already or expired", async () => {
    const url = await demo.server.signInUrl("owner");
    const first = await session();
    expect((await first.page.goto(url))?.status()).toBe(200);
    const again = await session();
    const reused = await again.page.goto(url);
    expect(reused?.status()).toBe(401);
    expect(await again.page.title()).toMatch(/used already/);
    const { userId } = await demo.api(demo.ready.demo.keys.viewer, "/list-user-domains", {});
    const expired = await again.page.goto(
      await expiredSignInUrl(demo.ready.baseUrl, demo.dataDir, userId),
    );
    expect(expired?.status()).toBe(401);
    expect(await again.page.title()).toMatch(/expired/);
    const signedIn = await pageFetch(again.page, "/dashboard/api/session", { method: "GET" });
    expect(signedIn.status).toBe(401);
  }, 60_000);

  it("signs out: the session ends and the dashboard asks for a sign-in link", async () => {
    const { page, errors } = await session("owner");
    await page.waitForSelector("[data-testid=total-crawls]");
    await page.click("::-p-text(Sign out)");
    await page.waitForSelector("h1::-p-text(You are signed out)");
    expect(new URL(page.url()).pathname).toBe("/dashboard/signed-out");
    expect((await pageFetch(page, "/dashboard/api/session", { method: "GET" })).status).toBe(401);
    await page.goto(`${demo.ready.baseUrl}/dashboard/`);
    await page.waitForSelector("h1::-p-text(Sign in to the crawlgate dashboard)");
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  }, 60_000);

  it("shows a Starter user the upgrade message", async () => {
    const { page } = await session("starter");
    const alert = await page.waitForSelector("[role=alert]");
    expect(await alert?.evaluate((el) => el.textContent)).toMatch(/Pro plan/);
  }, 60_000);
  it("works by keyboard, keeps its state in a shareable URL, and exports a table as CSV", async () => {
    const { page, errors } = await session("owner");
    await page.waitForSelector("[data-testid=total-crawls]");
    await page.keyboard.press("Tab");
    expect(await page.evaluate("document.activeElement.textContent")).toBe("Skip to content");
    const { domainId } = shop();
    await page.focus(`table a[href^="/dashboard/domains/${domainId}/crawlers?"]`);
    await page.keyboard.press("Enter");
    await page.waitForSelector("h1::-p-text(Crawlers)");

    const shared = `${demo.ready.baseUrl}/dashboard/domains/${domainId}/crawlers?period=7d&intent=training`;
    const other = await session("viewer");
    await other.page.goto(shared);
    await other.page.waitForSelector("table tbody tr");
    const selects = await other.page.$$eval("select", (els) =>
      els.map((el) => (el as unknown as { value: string }).value),
    );
    expect(selects).toEqual(expect.arrayContaining(["7d", "training"]));
    const intents = await other.page.$$eval("table tbody tr td:nth-child(3)", (tds) =>
      tds.map((td) => td.textContent),
    );
    expect(intents.length).toBeGreaterThan(0);
    expect(new Set(intents)).toEqual(new Set(["AI training"]));

    const downloads = await catchDownloads(other.page);
    await other.page.click("::-p-text(Export CSV)");
    const csv = await downloads.next();
    expect(csv.name).toMatch(
      /^crawlers-shop\.example\.com-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Bot,Operator,Intent,Verified,Declared,Unknown,Total,Daily");
    expect(lines).toHaveLength(intents.length + 1);
    expect(lines.slice(1).every((line) => line.includes(",AI training,"))).toBe(true);
    expect([...errors, ...other.errors]).toEqual([]);
  }, 60_000);

  it("shows a page's detail exactly, out-ranked by 600 deeper paths", async () => {
    const { domainId, domain } = shop();
    const owner = demo.ready.demo.keys.owner;
    const policy = `/domains/${domainId}/crawler-policy`;
    // Blocked crawls are recorded without a render: 600 deeper paths crawled twice, the page once.
    const blockGptbot = {
      rules: [{ match: { type: "botId", value: "gptbot" }, action: { type: "block" } }],
    };
    await demo.api(owner, policy, blockGptbot, "PUT");
    try {
      const deeper = Array.from({ length: 600 }, (_, i) => `/deep-page/${i}`);
      for (const path of [...deeper, ...deeper, "/deep-page"])
        expect(await crawlStatus(demo.ready.baseUrl, domain, path)).toBe(403);
    } finally {
      await demo.api(owner, policy, {}, "PUT");
    }
    const ranking = (pageSize: number) =>
      demo.api(owner, "/export-page-analytics", {
        domainId,
        period: "7d",
        pathPrefix: "/deep-page",
        pageSize,
        series: false,
      });
    await expect.poll(async () => (await ranking(1)).pageCount, { timeout: 30_000 }).toBe(601);
    const top = await ranking(500);
    expect(top.pages.map((p: { path: string }) => p.path)).not.toContain("/deep-page");

    const { page, errors } = await session("owner");
    await page.goto(
      `${demo.ready.baseUrl}/dashboard/domains/${domainId}/page?path=%2Fdeep-page&period=7d`,
    );
    await page.waitForSelector(".chart svg");
    const rows = await page.$$eval("table tbody tr", (trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td, th")].map((td) => td.textContent)),
    );
    expect(rows).toEqual([["GPTBot", "0", "1", "0", "1"]]);
    expect(await page.$("::-p-text(No crawls of this page)")).toBeNull();
    expect(errors).toEqual([]);
  }, 120_000);
});

/** The status a GPTBot request for a site's path gets from the demo's edge. */
function crawlStatus(baseUrl: string, host: string, path: string): Promise<number> {
  const url = new URL(baseUrl);
  const userAgent = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2";
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { host, "user-agent": userAgent } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** A 1x1 transparent GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Answers the page's requests under `origin` itself (an empty stylesheet, a pixel, nothing) and
 * lets every other request through; returns the URLs it answered, as they arrive.
 */
async function answerSiteRequests(page: Page, origin: string): Promise<string[]> {
  const answered: string[] = [];
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (!request.url().startsWith(origin)) {
      void request.continue();
      return;
    }
    answered.push(request.url());
    const type = request.resourceType();
    if (type === "stylesheet")
      void request.respond({ status: 200, contentType: "text/css", body: "" });
    else if (type === "image")
      void request.respond({ status: 200, contentType: "image/gif", body: PIXEL });
    else void request.respond({ status: 204, body: "" });
  });
  return answered;
}
