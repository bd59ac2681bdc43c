import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { Page } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { chromiumOrReason, screenshot, sidewaysOverflow } from "./browser.js";
import { demoBrowser } from "./demo-browser.js";
import { catchDownloads } from "./downloads.js";
import { checkView } from "./live-views.js";
import { SEEDED_PAYERS, SEEDED_TOTALS, seedCharges } from "./seed-charges.js";

const browserPath = chromiumOrReason();
const run = "path" in browserPath ? describe : describe.skip;

/** Sets a form control's value as a person would (select or text), firing its events. */
async function setField(page: Page, name: string, value: string) {
  const selector = `form.policy-form [name="${name}"]`;
  const tag = await page.$eval(selector, (el) => el.tagName);
  if (tag === "SELECT") {
    await page.select(selector, value);
    return;
  }
  await page.$eval(selector, (el) => {
    (el as unknown as { value: string }).value = "";
  });
  await page.type(selector, value);
}

/** Whether a checkbox of the policy form is ticked. */
const ticked = (page: Page, name: string) =>
  page.$eval(
    `form.policy-form [name="${name}"]`,
    (el) => (el as unknown as { checked: boolean }).checked,
  );

/** A text field's value in the policy form. */
const fieldValue = (page: Page, name: string) =>
  page.$eval(
    `form.policy-form [name="${name}"]`,
    (el) => (el as unknown as { value: string }).value,
  );

/** The rows of the view's first table, cell texts. */
const firstTableRows = (page: Page) =>
  page.evaluate(`Array.from(document.querySelectorAll("table")[0]?.querySelectorAll("tbody tr") ?? [])
    .map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent))`) as Promise<
    string[][]
  >;

const RECEIVER = {
  network: "eip155:84532",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
};

/** The status and headers the demo's edge answers for a site's path. */
function edgeAnswer(
  baseUrl: string,
  host: string,
  path: string,
  userAgent: string,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { host, "user-agent": userAgent } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

run("the crawler policy, robots compliance and revenue views in Chromium, on the demo", () => {
  const suite = demoBrowser((browserPath as { path: string }).path);
  const session = suite.session;
  const shop = () => suite.demo().ready.demo.domains[0] as { domainId: string; domain: string };
  const policyPath = () => `/domains/${shop().domainId}/crawler-policy`;
  const open = (page: Page, view: string) =>
    page.goto(`${suite.demo().ready.baseUrl}/dashboard/domains/${shop().domainId}/${view}`);

  it("an owner adds a block rule through the form, the API's message shows inline, the save shows cacheInvalidated", async () => {
    const { page, errors } = await session("owner");
    await open(page, "policy");
    await page.waitForSelector("form.policy-form");
    // The switch says what impostor protection does not do: spare an impostor a block.
    const help = await page.$eval("form.policy-form #policy-impostor-help", (el) =>
      el.textContent?.replace(/\s+/g, " ").trim(),
    );
    expect(help).toMatch(
      /^Blocks and charges .* apply to every request claiming it, verified or not;/,
    );
    const describedBy = await page.$eval("[name=impostorProtection]", (el) =>
      el.getAttribute("aria-describedby"),
    );
    expect(describedBy).toBe("policy-impostor-help");
    await page.click("::-p-text(Add a rule)");
    await setField(page, "rules.0.matchType", "botId");
    await setField(page, "rules.0.matchValue", "no-such-bot");
    await page.click("form.policy-form button[type=submit]");
    const alert = await page.waitForSelector("form.policy-form [role=alert]");
    const owner = suite.demo().ready.demo.keys.owner;
    const refused = {
      rules: [{ match: { type: "botId", value: "no-such-bot" }, action: { type: "block" } }],
    };
    const api = await suite.demo().api(owner, policyPath(), refused, "PUT");
    expect(api.error).toBe("invalid_request");
    expect(await alert?.evaluate((el) => el.textContent)).toBe(api.message);

    await setField(page, "rules.0.matchValue", "gptbot");
    await setField(page, "rules.0.action.status", "402");
    await page.click("form.policy-form [name='rules.0.action.customMessage']");
    await setField(page, "rules.0.action.message", "License our content first");
    await page.click("form.policy-form button[type=submit]");
    const saved = await page.waitForSelector("[data-testid=policy-saved]");
    expect(await saved?.evaluate((el) => el.textContent)).toMatch(/cacheInvalidated: true/);
    await page.waitForSelector("td::-p-text(Bot gptbot)");
    expect(await page.$("form.policy-form [role=alert]")).toBeNull();
    const stored = await suite.demo().api(owner, policyPath(), undefined, "GET");
    expect(stored.policy.rules).toEqual([
      {
        match: { type: "botId", value: "gptbot" },
        path: null,
        action: { type: "block", status: 402, message: "License our content first" },
      },
    ]);
    expect(stored.updatedAt).not.toBeNull();
    const check = await checkView(page, "policy-owner");
    expect(check.heading).toBe("Crawler policy");
    expect(check.violations).toEqual([]);
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  }, 90_000);

  it("a viewer reads the saved policy with no edit controls", async () => {
    const { page, errors } = await session("viewer");
    await open(page, "policy");
    await page.waitForSelector("::-p-text(read only)");
    await page.waitForSelector("table caption");
    expect(await page.$("form.policy-form")).toBeNull();
    expect(await page.$("::-p-text(Save policy)")).toBeNull();
    expect(await page.$("::-p-text(Add a rule)")).toBeNull();
    const check = await checkView(page, "policy-viewer");
    expect(check.violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it("a manager on a phone reorders the rules with the keyboard and saves the new order", async () => {
    const { page, errors } = await session("manager", 390);
    await open(page, "policy");
    await page.waitForSelector("form.policy-form [name='rules.0.matchValue']");
    await page.click("::-p-text(Add a rule)");
    const focusOn = (name: string) =>
      page.waitForFunction(
        `document.activeElement?.getAttribute("name") === ${JSON.stringify(name)}`,
        {
          timeout: 5_000,
        },
      );
    await focusOn("rules.1.matchType");
    const moveUp = await page.waitForSelector("::-p-aria(Move up rule 2)");
    await moveUp?.focus();
    await page.keyboard.press("Enter");
    expect(
      await page.$eval(
        "form.policy-form [name='rules.0.matchType']",
        (el) => (el as unknown as { value: string }).value,
      ),
    ).toBe("tier");
    await page.click("::-p-text(Add a rule)");
    await page.click("::-p-aria(Remove rule 3)");
    await focusOn("addRule");
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, "phone-policy");
    await page.click("form.policy-form button[type=submit]");
    await page.waitForSelector("[data-testid=policy-saved]");
    const stored = await suite
      .demo()
      .api(suite.demo().ready.demo.keys.owner, policyPath(), undefined, "GET");
    expect(stored.policy.rules.map((r: { match: unknown }) => r.match)).toEqual([
      { type: "tier", value: "unknown" },
      { type: "botId", value: "gptbot" },
    ]);
    expect(errors).toEqual([]);
  }, 60_000);

  it("an owner edits content signals, ordered path overrides and the licence; the API's message shows inline; the edge sends Content-Usage and the licence Link", async () => {
    const { page, errors } = await session("owner");
    const owner = suite.demo().ready.demo.keys.owner;
    const before = await suite.demo().api(owner, policyPath(), undefined, "GET");
    await open(page, "policy");
    await page.waitForSelector("form.policy-form [name='contentSignals.search']");
    const value = (name: string) =>
      page.$eval(
        `form.policy-form [name='${name}']`,
        (el) => (el as unknown as { value: string }).value,
      );
    expect(await value("contentSignals.aiInput")).toBe("");
    await setField(page, "contentSignals.search", "yes");
    await setField(page, "contentSignals.aiTrain", "no");
    const focusOn = (name: string) =>
      page.waitForFunction(
        `document.activeElement?.getAttribute("name") === ${JSON.stringify(name)}`,
        { timeout: 5_000 },
      );
    for (const [index, path] of ["/blog/*", "/", "/tmp/*"].entries()) {
      await page.click("::-p-text(Add a path override)");
      await focusOn(`contentSignalPaths.${index}.path`);
      await setField(page, `contentSignalPaths.${index}.path`, path);
    }
    await setField(page, "contentSignalPaths.0.aiTrain", "yes");
    await setField(page, "contentSignalPaths.1.search", "no");
    await page.click("::-p-aria(Remove path override 3)");
    await focusOn("addSignalPath");
    await page.click("::-p-aria(Move up path override 2)");
    expect(await value("contentSignalPaths.0.path")).toBe("/");
    // A licence that is not https: the API's own message, inline.
    await setField(page, "licenseUrl", "http://shop.example/license.xml");
    await page.click("form.policy-form button[type=submit]");
    const alert = await page.waitForSelector("form.policy-form [role=alert]");
    const api = await suite
      .demo()
      .api(owner, policyPath(), { licenseUrl: "http://shop.example/license.xml" }, "PUT");
    expect(api.error).toBe("invalid_request");
    expect(await alert?.evaluate((el) => el.textContent)).toBe(api.message);

    const license = "https://shop.example/license.xml";
    await setField(page, "licenseUrl", license);
    await page.click("form.policy-form button[type=submit]");
    await page.waitForSelector("[data-testid=policy-saved]");
    const stored = await suite.demo().api(owner, policyPath(), undefined, "GET");
    expect(stored.policy.rules).toEqual(before.policy.rules);
    expect(stored.policy.contentSignals).toEqual({ search: "yes", aiInput: null, aiTrain: "no" });
    expect(stored.policy.contentSignalPaths).toEqual([
      { path: "/", search: "no", aiInput: null, aiTrain: "no" },
      { path: "/blog/*", search: null, aiInput: null, aiTrain: "yes" },
    ]);
    expect(stored.policy.licenseUrl).toBe(license);
    await page.waitForSelector('[data-testid=policy-signals]::-p-text("search=yes, ai-train=no")');

    // The edge: a person's page carries both fields; a blocked crawler's 403 names the licence.
    const link = `<${license}>; rel="license"`;
    const base = suite.demo().ready.baseUrl;
    const person = await edgeAnswer(base, shop().domain, "/", BROWSER);
    expect([person.status, person.headers["content-usage"], person.headers.link]).toEqual([
      200,
      "train-ai=n, search=n",
      link,
    ]);
    // The earlier tests' rules block GPTBot (an impostor from loopback: 403; else its 402).
    const blocked = await edgeAnswer(base, shop().domain, "/", GPTBOT);
    expect([403, 402]).toContain(blocked.status);
    expect([blocked.headers["content-usage"], blocked.headers.link]).toEqual([undefined, link]);
    const check = await checkView(page, "policy-signals");
    expect(check.violations).toEqual([]);
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  }, 90_000);

  it("a Starter user sees the upgrade message", async () => {
    const { page } = await session("starter");
    await page.goto(`${suite.demo().ready.baseUrl}/dashboard/domains/${shop().domainId}/policy`);
    const alert = await page.waitForSelector("[role=alert]");
    expect(await alert?.evaluate((el) => el.textContent)).toMatch(/Pro plan/);
  }, 60_000);

  it("shows robots compliance per bot with a period picker and the robots.txt preview, without console errors or serious axe violations", async () => {
    const { page, errors } = await session("owner");
    await open(page, "robots?period=7d");
    await page.waitForSelector("[data-testid=total-disallowed]");
    const api = await suite
      .demo()
      .api(suite.demo().ready.demo.keys.owner, "/export-robots-compliance", {
        domainId: shop().domainId,
        period: "7d",
      });
    const total = await page.$eval("[data-testid=total-disallowed]", (el) => el.textContent ?? "");
    expect(total).toContain(`of ${api.summary.requests.toLocaleString("en-US")} crawler requests`);
    const against = await page.$eval(
      "[data-testid=total-signal-contradictions]",
      (el) => el.textContent ?? "",
    );
    expect(against).toMatch(
      new RegExp(
        `^${api.summary.signalContradictions.toLocaleString("en-US")} crawler requests went against`,
      ),
    );
    const rows = await page.$$eval(
      "table",
      (tables) => tables[0]?.querySelectorAll("tbody tr").length,
    );
    expect(rows).toBe(Math.max(1, Object.keys(api.botTotals).length));
    // Bots by their display names, as every other view shows them.
    const owner = suite.demo().ready.demo.keys.owner;
    const definitions = await suite.demo().api(owner, "/get-bot-definitions", {});
    const nameOf = new Map<string, string>(
      definitions.bots.map((b: { botId: string; displayName: string }) => [b.botId, b.displayName]),
    );
    const firstBot = Object.keys(api.botTotals)[0];
    if (firstBot !== undefined)
      await page.waitForFunction(
        `document.querySelector("table tbody tr > :first-child")?.textContent === ${JSON.stringify(nameOf.get(firstBot))}`,
      );
    const downloads = await catchDownloads(page);
    // The first table: per-bot compliance.
    await page.click("::-p-text(Export CSV)");
    const csv = await downloads.next();
    expect(csv.name).toBe(`robots-compliance-${shop().domain}-${api.startDate}-${api.endDate}.csv`);
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Bot,Requests,Disallowed,Disallowed share,Last violation,Against content signals",
    );
    type Totals = { requests: number; disallowedRequests: number; signalContradictions: number };
    expect(
      lines.slice(1).map((line) => {
        const cells = line.split(",");
        return [...cells.slice(0, 3), cells.at(-1)].join(",");
      }),
    ).toEqual(
      Object.entries(api.botTotals as Record<string, Totals>).map(
        ([botId, t]) =>
          `${nameOf.get(botId) ?? botId},${t.requests},${t.disallowedRequests},${t.signalContradictions}`,
      ),
    );
    // The earlier tests' policy blocks gptbot everywhere: the preview disallows its token.
    const shown = await page.waitForSelector("[data-testid=robots-txt]");
    const preview = await suite
      .demo()
      .api(
        suite.demo().ready.demo.keys.owner,
        `/domains/${shop().domainId}/robots-txt`,
        undefined,
        "GET",
      );
    expect(await shown?.evaluate((el) => el.textContent)).toBe(preview.robotsTxt);
    expect(preview.robotsTxt).toMatch(
      /User-agent: GPTBot\r?\n(User-agent: .*\r?\n)*Disallow: \/\r?\n/,
    );
    expect(await page.$eval("main", (el) => el.textContent)).toContain("gptbot (GPTBot)");
    const check = await checkView(page, "robots");
    expect(check.heading).toBe("Robots compliance");
    expect(check.violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it("an owner sets in-band pricing and an x402 receiver; bad decimals show the API's message; the saved values read back", async () => {
    const { page, errors } = await session("owner");
    await open(page, "policy");
    await page.waitForSelector("form.policy-form [name=inBandPricing]");
    expect(await ticked(page, "inBandPricing")).toBe(false);
    expect(await ticked(page, "x402.enabled")).toBe(false);
    expect(await page.$("form.policy-form [name='x402.network']")).toBeNull();
    const owner = suite.demo().ready.demo.keys.owner;
    const before = await suite.demo().api(owner, policyPath(), undefined, "GET");
    await page.click("form.policy-form [name=inBandPricing]");
    await page.click("form.policy-form [name='x402.enabled']");
    await setField(page, "x402.network", RECEIVER.network);
    await setField(page, "x402.asset", RECEIVER.asset);
    await setField(page, "x402.payTo", RECEIVER.payTo);
    await setField(page, "x402.decimals", "19");
    await page.click("form.policy-form button[type=submit]");
    const alert = await page.waitForSelector("form.policy-form [role=alert]");
    const refused = await suite
      .demo()
      .api(
        owner,
        policyPath(),
        { ...before.policy, inBandPricing: true, x402: { ...RECEIVER, decimals: 19 } },
        "PUT",
      );
    expect(refused.error).toBe("invalid_request");
    expect(refused.message).toMatch(/x402\.decimals/);
    expect(await alert?.evaluate((el) => el.textContent)).toBe(refused.message);

    await setField(page, "x402.decimals", "6");
    await page.click("form.policy-form button[type=submit]");
    await page.waitForSelector("[data-testid=policy-saved]");
    const stored = await suite.demo().api(owner, policyPath(), undefined, "GET");
    expect(stored.policy).toEqual({
      ...before.policy,
      inBandPricing: true,
      x402: { ...RECEIVER, decimals: 6 },
    });
    // The saved policy's summary is drawn once the view has read the policy back.
    await page.waitForFunction(
      `document.querySelector("[data-testid=policy-x402]")?.textContent?.startsWith(${JSON.stringify(RECEIVER.payTo)})`,
    );
    expect(await page.$eval("[data-testid=policy-x402]", (el) => el.textContent)).toBe(
      `${RECEIVER.payTo} on ${RECEIVER.network}, asset ${RECEIVER.asset} (6 decimals)`,
    );
    expect(await page.$eval("[data-testid=policy-in-band]", (el) => el.textContent)).toMatch(/^On/);

    // A fresh page reads the saved values back into the form.
    await page.reload();
    await page.waitForSelector("form.policy-form [name='x402.decimals']");
    expect(await ticked(page, "inBandPricing")).toBe(true);
    expect(await ticked(page, "x402.enabled")).toBe(true);
    for (const field of ["network", "asset", "payTo"] as const)
      expect(await fieldValue(page, `x402.${field}`)).toBe(RECEIVER[field]);
    expect(await fieldValue(page, "x402.decimals")).toBe("6");

    // Unticked: the receiver is removed (x402 null), in-band pricing stays.
    await page.click("form.policy-form [name='x402.enabled']");
    expect(await page.$("form.policy-form [name='x402.network']")).toBeNull();
    await page.click("form.policy-form button[type=submit]");
    await page.waitForSelector("[data-testid=policy-saved]");
    const cleared = await suite.demo().api(owner, policyPath(), undefined, "GET");
    expect(cleared.policy).toEqual({ ...before.policy, inBandPricing: true, x402: null });
    await page.waitForSelector("[data-testid=policy-x402]::-p-text(None)");
    const check = await checkView(page, "policy-payments");
    expect(check.violations).toEqual([]);
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  }, 90_000);

  it("the Revenue view shows each payer's charged requests and exact amounts, as the export answers", async () => {
    await seedCharges(suite.demo().dataDir, shop().domainId);
    const { page, errors } = await session("owner");
    await open(page, "revenue?period=7d");
    const totals = await page.waitForSelector("[data-testid=revenue-totals]");
    expect((await totals?.evaluate((el) => el.textContent))?.replace(/\s+/g, " ").trim()).toBe(
      SEEDED_TOTALS,
    );
    await page.waitForSelector("table tbody tr td");
    expect(await firstTableRows(page)).toEqual(SEEDED_PAYERS);
    const api = await suite
      .demo()
      .api(suite.demo().ready.demo.keys.owner, "/export-crawler-charges", {
        domainId: shop().domainId,
        period: "7d",
      });
    expect(
      api.rows.map(
        (r: {
          payer: { botId: string; signatureAgent: string };
          charged: number;
          amount: string;
          currency: string;
        }) => [r.payer.botId, r.payer.signatureAgent, String(r.charged), r.amount, r.currency],
      ),
    ).toEqual(SEEDED_PAYERS);
    // The per-day chart of charged requests by payer is drawn.
    await page.waitForSelector("svg[aria-label^='Charged requests per day by payer']");
    const check = await checkView(page, "revenue");
    expect(check.heading).toBe("Revenue");
    expect(check.violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
