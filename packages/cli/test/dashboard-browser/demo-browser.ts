import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll } from "vitest";
import { launch, watchedPage } from "./browser.js";
import { type DemoServer, startDemoServer } from "./demo-server.js";

export type DemoUser = "owner" | "manager" | "viewer" | "starter";

/**
 * Registers the suite's hooks: one demo server and one Chromium for the suite, stopped after
 * it. `session(user)` opens a page in a fresh browser context (its own cookies), signed in.
 */
export function demoBrowser(executablePath: string) {
  let demo: DemoServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    demo = await startDemoServer();
    browser = await launch(executablePath);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });
  const started = () => {
    if (!demo || !browser) throw new Error("the demo browser is not started (beforeAll)");
    return { demo, browser };
  };
  return {
    demo: () => started().demo,
    async session(user: DemoUser, width?: number) {
      const { demo, browser } = started();
      const watched = await watchedPage(await browser.createBrowserContext(), width);
      await watched.page.goto(await demo.server.signInUrl(user));
      return watched;
    },
  };
}
