import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { findChromium } from "@crawlgate/renderer-chromium";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

/** Where screenshots go (gitignored): `test-artifacts/dashboard/` at the repository root. */
export const ARTIFACTS = fileURLToPath(
  new URL("../../../../test-artifacts/dashboard/", import.meta.url),
);

/**
 * The browser the tests drive, found like the renderer finds it (`CRAWLGATE_CHROMIUM`, then
 * Debian's paths), or why there is none. Under `CI=true` a missing browser fails instead.
 */
export function chromiumOrReason(): { path: string } | { reason: string } {
  const path = findChromium();
  if (path) return { path };
  const reason = "no Chromium (bash scripts/install-chromium.sh, or set CRAWLGATE_CHROMIUM)";
  if (process.env.CI === "true") throw new Error(`dashboard browser tests: ${reason}`);
  console.warn(`SKIPPING dashboard browser tests: ${reason}`);
  return { reason };
}

/** Chromium, headless; `args` are more command-line switches (e.g. `--host-resolver-rules`). */
export async function launch(executablePath: string, args: string[] = []): Promise<Browser> {
  return puppeteer.launch({
    executablePath,
    headless: /headless[-_]shell/.test(executablePath) ? "shell" : true,
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", ...args],
    pipe: true,
    protocolTimeout: 60_000,
  });
}

/** A page that records console errors and uncaught exceptions. */
export async function watchedPage(owner: { newPage(): Promise<Page> }, width = 1280, height = 900) {
  const page = await owner.newPage();
  await page.setViewport({ width, height });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { page, errors };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.x A/AA rules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // A string: this package is type-checked without the DOM library.
  const violations = (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  })()`)) as { id: string; impact: string; help: string; targets: string[] }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(", ")})`);
}

/** Saves a full-page screenshot as `test-artifacts/dashboard/<name>.png`. */
export async function screenshot(page: Page, name: string, path = `${ARTIFACTS}${name}.png`) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path as `${string}.png`, fullPage: true });
}

/**
 * What makes the page wider than its viewport (a phone would scroll sideways): the elements
 * whose right edge passes the viewport, outside the scrolling table boxes. Empty when it fits.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth + 1) return [];
    return [...document.querySelectorAll("body *")]
      .filter((el) => !el.closest(".table-scroll") && el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map((el) => el.tagName.toLowerCase() + (el.className ? "." + el.className : "") + " " + Math.round(el.getBoundingClientRect().right));
  })()`)) as string[];
}
