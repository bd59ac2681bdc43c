import type { Browser } from "puppeteer-core";
import { screenshot, seriousViolations, watchedPage } from "./browser.js";

/** What opening a report file offline showed. */
export interface OfflineVisit {
  /** Requests the page tried beyond the file itself (each was blocked). */
  blocked: string[];
  consoleErrors: string[];
  /** axe-core's serious/critical violations, by view. */
  violations: Record<string, string[]>;
  /** The overview's "Crawls" total as displayed. */
  totalCrawls: string;
  /** Views that rendered their heading, in visit order. */
  headings: string[];
}

/** A page on which only the report file itself loads: every other request is blocked and noted. */
async function offlinePage(browser: Browser, file: string) {
  const { page, errors } = await watchedPage(browser);
  const fileUrl = `file://${file}`;
  const blocked: string[] = [];
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.url() === fileUrl || request.url().startsWith(`${fileUrl}#`))
      void request.continue();
    else {
      blocked.push(request.url());
      void request.abort();
    }
  });
  return { page, errors, blocked, fileUrl };
}

/**
 * Opens a report file with every network request blocked (only the file itself loads), walks
 * its views through the in-page links, and checks each with axe-core; screenshots each.
 */
export async function visitReportOffline(browser: Browser, file: string, domainId: string) {
  const { page, errors, blocked, fileUrl } = await offlinePage(browser, file);
  const visit: OfflineVisit = {
    blocked,
    consoleErrors: errors,
    violations: {},
    totalCrawls: "",
    headings: [],
  };
  await page.goto(fileUrl, { waitUntil: "load" });
  await page.waitForSelector("[data-testid=total-crawls]");
  await page.waitForSelector(".chart svg");
  visit.totalCrawls = await page.$eval("[data-testid=total-crawls]", (el) => el.textContent ?? "");
  const views = ["crawlers", "pages", "referrals", "policy", "robots"];
  for (const view of ["overview", ...views, "page"]) {
    if (view === "page") {
      await page.goto(`${fileUrl}#/domains/${domainId}/pages?period=7d`);
      await page.waitForSelector("table a");
      await page.click("table tbody a");
      await page.waitForSelector(".chart svg");
    } else if (view !== "overview") {
      await page.click(`nav a[href="#/domains/${domainId}/${view}?period=7d"]`);
      await page.waitForSelector(`nav a[aria-current=page][href*="/${view}?"]`);
      await page.waitForSelector("table tbody tr, p.error");
    }
    visit.headings.push(await page.$eval("h1", (el) => el.textContent ?? ""));
    visit.violations[view] = await seriousViolations(page);
    await screenshot(page, `report-${view}`);
  }
  await page.close();
  return visit;
}

/** What walking every in-report link and choice of a report showed. */
export interface ReportWalk {
  /** Every route reached (`#/…`), in visit order. */
  visited: string[];
  /** Routes whose view said "not part of this report" (or showed no heading). */
  dangling: string[];
  consoleErrors: string[];
  blocked: string[];
}

const NOT_IN_REPORT = "not part of this report";

/**
 * Follows every link (`a[href^="#"]`) and every choice of every enabled select of a report file,
 * offline, breadth first from its start, and notes each route whose view is missing from the
 * report. A select's choices are tried on the view that shows it, then the view is loaded again.
 */
export async function walkReportLinks(browser: Browser, file: string): Promise<ReportWalk> {
  const { page, errors, blocked, fileUrl } = await offlinePage(browser, file);
  const walk: ReportWalk = { visited: [], dangling: [], consoleErrors: errors, blocked };
  await page.goto(fileUrl, { waitUntil: "load" });
  // Views answer from inline data: a view is done when nothing says "Loading…".
  const settled = () =>
    page.waitForFunction(
      `document.querySelector("h1") !== null && !document.body.innerText.includes("Loading…")`,
      { timeout: 10_000 },
    );
  const hashNow = () => page.evaluate("window.location.hash || '#/'") as Promise<string>;
  const open = async (route: string) => {
    await page.evaluate(`window.location.hash = ${JSON.stringify(route)}`);
    await settled();
  };
  await settled();
  const queue: string[] = [await hashNow()];
  const seen = new Set(queue);
  const reach = (route: string) => {
    if (seen.has(route)) return;
    seen.add(route);
    queue.push(route);
  };
  while (queue.length > 0) {
    const route = queue.shift() as string;
    await open(route);
    walk.visited.push(route);
    const text = (await page.evaluate("document.body.innerText")) as string;
    if (text.includes(NOT_IN_REPORT)) walk.dangling.push(route);
    const links = (await page.evaluate(
      `[...document.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute("href"))`,
    )) as string[];
    for (const href of links) if (href !== "#main") reach(href);
    const selects = (await page.evaluate(
      `[...document.querySelectorAll("main select:not([disabled])")].map((s, i) => ({ i, values: [...s.options].map((o) => o.value) }))`,
    )) as { i: number; values: string[] }[];
    for (const select of selects) {
      for (const value of select.values) {
        await page.evaluate(
          `(() => { const s = document.querySelectorAll("main select:not([disabled])")[${select.i}];
            s.value = ${JSON.stringify(value)}; s.dispatchEvent(new Event("change", { bubbles: true })); })()`,
        );
        await settled();
        reach(await hashNow());
        await open(route);
      }
    }
  }
  await page.close();
  return walk;
}
