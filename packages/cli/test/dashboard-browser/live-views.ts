import type { Page } from "puppeteer-core";
import { screenshot, seriousViolations } from "./browser.js";

/** The views of one domain, as the navigation names them, and what each waits for. */
export const DOMAIN_VIEWS = [
  { view: "crawlers", heading: "Crawlers", ready: "table tbody tr" },
  { view: "pages", heading: "Top pages", ready: "table tbody a" },
  { view: "referrals", heading: "AI referrals", ready: "[data-testid=total-referrals]" },
  { view: "rules", heading: "Routing rules", ready: "table tbody tr" },
] as const;

/** What one view showed: its heading, and axe-core's serious/critical violations. */
export interface ViewCheck {
  name: string;
  heading: string;
  violations: string[];
}

/** Checks the view on screen (axe-core) and saves its screenshot as `dashboard-<name>.png`. */
export async function checkView(page: Page, name: string): Promise<ViewCheck> {
  await page.waitForSelector("h1");
  const heading = await page.$eval("h1", (el) => el.textContent ?? "");
  const violations = await seriousViolations(page);
  await screenshot(page, `dashboard-${name}`);
  return { name, heading, violations };
}

/**
 * Walks every view of a domain from the overview's table, then through the navigation: the four
 * nav views, then the top page's
 * drill-down and its snapshot history (preview frame loaded).
 */
export async function walkDomainViews(page: Page, domainId: string): Promise<ViewCheck[]> {
  const checks: ViewCheck[] = [];
  // From the overview's table of domains.
  await page.click(`table a[href^="/dashboard/domains/${domainId}/crawlers?"]`);
  for (const { view, ready } of DOMAIN_VIEWS) {
    await page.click(`nav a[href^="/dashboard/domains/${domainId}/${view}?"]`);
    await page.waitForSelector(`nav a[aria-current=page][href*="/${view}?"]`);
    await page.waitForSelector(ready);
    checks.push(await checkView(page, view));
  }
  await page.click(`nav a[href^="/dashboard/domains/${domainId}/pages?"]`);
  await page.waitForSelector("table tbody a");
  await page.click("table tbody a");
  await page.waitForSelector(".chart svg");
  checks.push(await checkView(page, "page"));
  await page.click("::-p-text(Snapshot history)");
  await page.waitForFunction(
    `document.querySelector("iframe.preview") || document.body.textContent.includes("No stored versions")`,
  );
  // The preview is the UI's previewDocument: a policy that forbids every fetch comes first.
  const srcdoc = (await page.evaluate(
    `document.querySelector("iframe.preview")?.getAttribute("srcdoc") ?? null`,
  )) as string | null;
  if (srcdoc !== null && !srcdoc.includes(`<meta http-equiv="Content-Security-Policy"`))
    throw new Error("the snapshot preview frame has no Content-Security-Policy");
  checks.push(await checkView(page, "snapshots"));
  return checks;
}

/**
 * Opens the overview and times it: milliseconds from navigation start (the sign-in redirect
 * included) to the first contentful paint, and to the overview's total and chart on screen
 * (our "first meaningful paint").
 */
export async function timeOverview(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector("[data-testid=total-crawls]");
  await page.waitForSelector(".chart svg rect");
  return (await page.evaluate(`(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      firstContentfulPaintMs: paint ? Math.round(paint.startTime) : null,
      overviewMeaningfulPaintMs: Math.round(performance.now()),
    };
  })()`)) as { firstContentfulPaintMs: number | null; overviewMeaningfulPaintMs: number };
}

/** A write from the page's own context, as a script on the page could send it. */
export async function pageFetch(
  page: Page,
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: { error?: string; message?: string } }> {
  return (await page.evaluate(
    `(async () => {
      const init = ${JSON.stringify(init)};
      const response = await fetch(${JSON.stringify(path)}, {
        method: init.method,
        headers: { "content-type": "application/json", ...(init.headers ?? {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: await response.json().catch(() => ({})) };
    })()`,
  )) as { status: number; body: { error?: string; message?: string } };
}

/** The CSRF token of the page's session. */
export async function csrfTokenOf(page: Page): Promise<string> {
  return (await page.evaluate(
    `fetch("/dashboard/api/session").then((r) => r.json()).then((s) => s.csrfToken)`,
  )) as string;
}
