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

/**
 * Opens a report file with every network request blocked (only the file itself loads), walks
 * its views through the in-page links, and checks each with axe-core; screenshots each.
 */
export async function visitReportOffline(browser: Browser, file: string, domainId: string) {
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
  const views = ["crawlers", "pages", "referrals"];
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
