import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "puppeteer-core";

/** The README's screenshots (committed): written only with `CRAWLGATE_README_SCREENSHOTS=1`. */
const DIR = fileURLToPath(new URL("../../../../docs/screenshots/", import.meta.url));

/** The overview and a domain's crawlers, at a laptop's size, top of the page only. */
export async function readmeScreenshots(page: Page, domainId: string) {
  mkdirSync(DIR, { recursive: true });
  await page.setViewport({ width: 1100, height: 760 });
  await page.goto(new URL("/dashboard/?period=30d", page.url()).href);
  await page.waitForSelector(".chart svg rect");
  await page.screenshot({ path: `${DIR}overview.png` });
  await page.goto(new URL(`/dashboard/domains/${domainId}/crawlers?period=30d`, page.url()).href);
  await page.waitForSelector("table tbody tr");
  await page.screenshot({ path: `${DIR}crawlers.png` });
}
