import type { Page } from "puppeteer-core";
import type { PageNetwork } from "./page-network.js";

/** How a render decided the page was done. */
export type ReadyBy = "prerenderReady" | "idle";

const POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `window.prerenderReady`, or `undefined` while the page navigates (no context to ask). */
async function readFlag(page: Page): Promise<unknown> {
  try {
    return await page.evaluate(() => (globalThis as { prerenderReady?: unknown }).prerenderReady);
  } catch {
    return undefined;
  }
}

/**
 * Waits until the page is done: when it has set `window.prerenderReady = false`, until it sets
 * it to `true` (the page knows best: long polls and slow APIs do not matter); otherwise until the
 * page's network has been idle (no intercepted request in flight) for `idleMs`, asking again
 * afterwards in case the page declared the flag meanwhile. Bounded by the render's deadline
 * (the caller races it), and stops polling once `stopped()` says the render ended.
 */
export async function waitUntilReady(
  page: Page,
  network: PageNetwork,
  idleMs: number,
  stopped: () => boolean,
): Promise<ReadyBy> {
  while (!stopped()) {
    if ((await readFlag(page)) === false) {
      while (!stopped() && (await readFlag(page)) !== true) await sleep(POLL_MS);
      return "prerenderReady";
    }
    while (!stopped() && !(network.inFlight === 0 && Date.now() - network.lastActivity >= idleMs)) {
      await sleep(POLL_MS);
    }
    if ((await readFlag(page)) !== false) return "idle";
  }
  return "idle";
}

/**
 * Removes `<script>` elements except JSON-LD (structured data crawlers read), and script
 * preloads: the snapshot is the finished DOM, and running the app again on top of it in a
 * crawler that executes JavaScript would build the content twice.
 */
export async function stripScripts(page: Page): Promise<void> {
  await page.evaluate(STRIP_SCRIPTS);
}

// Runs in the page (the project's TypeScript has no DOM types).
const STRIP_SCRIPTS = `
  for (const script of document.querySelectorAll("script")) {
    if (script.type.trim().toLowerCase() !== "application/ld+json") script.remove();
  }
  for (const link of document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="script"]')) {
    link.remove();
  }
`;
