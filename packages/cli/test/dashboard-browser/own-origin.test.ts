import type { Browser, BrowserContext } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumOrReason, launch, watchedPage } from "./browser.js";
import { type DemoServer, startDemoServer } from "./demo-server.js";

const browserPath = chromiumOrReason();
const run = "path" in browserPath ? describe : describe.skip;

/**
 * The dashboard shares no origin with a customer's site: on a served domain's host every path
 * goes through the edge to the site, so a script on the site's pages cannot read the session's
 * CSRF token or write through the dashboard's API, and a sign-in link only works at the origin
 * it was issued for. The demo's sites are reached by their own names (`shop.example.com`),
 * which Chromium resolves to the demo's loopback address.
 */
run("the dashboard's own origin in Chromium, on the demo", () => {
  let demo: DemoServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    demo = await startDemoServer();
    browser = await launch((browserPath as { path: string }).path, [
      "--host-resolver-rules=MAP *.example.com 127.0.0.1, MAP *.example.net 127.0.0.1",
    ]);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await demo?.stop();
  });

  const base = () => new URL(demo.ready.baseUrl);
  /** The demo shop's address through crawlgate's edge (its own name, crawlgate's port). */
  const shopUrl = (path: string) => `http://shop.example.com:${base().port}${path}`;
  const shop = () => demo.ready.demo.domains[0] as { domainId: string; domain: string };
  const owner = () => demo.ready.demo.keys.owner;

  async function signedInPage() {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    const watched = await watchedPage(context);
    await watched.page.goto(await demo.server.signInUrl("owner"));
    expect(new URL(watched.page.url()).pathname).toBe("/dashboard/");
    return watched;
  }

  it("a script on a customer page cannot read /dashboard/api/session or write through the dashboard API", async () => {
    const { page } = await signedInPage();
    const { domainId } = shop();
    const policyBefore = await demo.api(
      owner(),
      `/domains/${domainId}/crawler-policy`,
      undefined,
      "GET",
    );
    const rulesBefore = await demo.api(
      owner(),
      `/domains/${domainId}/routing-rules`,
      undefined,
      "GET",
    );

    const answer = await page.goto(shopUrl("/products/lamp"));
    expect(answer?.status()).toBe(200);
    expect(await page.title()).toBe("Page /products/lamp");
    const dashboard = demo.ready.baseUrl;
    const policy = JSON.stringify({ rules: [], defaultAction: { type: "block", status: 403 } });
    const rule = JSON.stringify({ sourcePath: "/owned", targetUrl: "/x", ruleType: "redirect" });
    // What a hostile script on the site's page would try, same-origin and at the dashboard.
    const probe = (await page.evaluate(`(async () => {
      const out = {};
      const attempt = async (name, run) => {
        try { out[name] = await run(); } catch (error) { out[name] = "refused: " + error.name; }
      };
      await attempt("sameSession", async () => {
        const r = await fetch("/dashboard/api/session", { credentials: "include" });
        return r.status + " " + (await r.text());
      });
      await attempt("sameWrite", async () => {
        const r = await fetch("/dashboard/api/v1/domains/${domainId}/crawler-policy", {
          method: "PUT", credentials: "include",
          headers: { "content-type": "application/json" }, body: ${JSON.stringify(policy)},
        });
        return r.status + " " + (await r.text());
      });
      await attempt("crossSession", async () => {
        const r = await fetch("${dashboard}/dashboard/api/session", { credentials: "include" });
        return r.status + " " + (await r.text());
      });
      await attempt("crossWrite", async () => {
        const r = await fetch("${dashboard}/dashboard/api/v1/domains/${domainId}/crawler-policy", {
          method: "PUT", credentials: "include",
          headers: { "content-type": "application/json" }, body: ${JSON.stringify(policy)},
        });
        return r.status + " " + (await r.text());
      });
      await attempt("blindWrite", async () => {
        const r = await fetch("${dashboard}/dashboard/api/v1/domains/${domainId}/routing-rules", {
          method: "POST", mode: "no-cors", credentials: "include",
          headers: { "content-type": "text/plain" }, body: ${JSON.stringify(rule)},
        });
        return r.type;
      });
      return out;
    })()`)) as Record<string, string>;

    // Same-origin paths are the site's: its own page, no session, no token.
    expect(probe.sameSession).toMatch(/^200 <!doctype html>/);
    expect(probe.sameSession).toContain("Page /dashboard/api/session");
    expect(probe.sameSession).not.toContain("csrfToken");
    expect(probe.sameWrite).not.toContain("csrfToken");
    // The dashboard's origin is another origin: nothing readable, the preflight fails.
    expect(probe.crossSession).toBe("refused: TypeError");
    expect(probe.crossWrite).toBe("refused: TypeError");
    // A blind write is sent but refused by the dashboard (the browser sent no cookie either).
    expect(probe.blindWrite).toBe("opaque");
    await expect
      .poll(() =>
        demo.server
          .logs()
          .flatMap((line) => {
            try {
              return [JSON.parse(line)];
            } catch {
              return [];
            }
          })
          .some(
            (l) =>
              l.event === "http.request" &&
              // Inside the dashboard's router the path is logged below its mount point.
              String(l.path).endsWith(`/api/v1/domains/${domainId}/routing-rules`) &&
              l.method === "POST" &&
              l.status === 403,
          ),
      )
      .toBe(true);
    expect(
      await demo.api(owner(), `/domains/${domainId}/crawler-policy`, undefined, "GET"),
    ).toEqual(policyBefore);
    expect(await demo.api(owner(), `/domains/${domainId}/routing-rules`, undefined, "GET")).toEqual(
      rulesBefore,
    );
  }, 90_000);

  it("a sign-in link opened on a customer's host, or on another of crawlgate's hosts, signs nobody in", async () => {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    const { page } = await watchedPage(context);
    const link = new URL(await demo.server.signInUrl("owner"));
    const at = (host: string) => `http://${host}:${base().port}${link.pathname}${link.search}`;

    // On the customer's host the path is the site's: the dashboard never sees the link.
    const onSite = await page.goto(at("shop.example.com"));
    expect(onSite?.status()).toBe(200);
    expect(await page.title()).toBe("Page /dashboard/sign-in");
    expect(await context.cookies()).toEqual([]);

    // On another name of the server (crawlgate answers there): refused, naming the link's origin.
    const elsewhere = await page.goto(at("localhost"));
    expect(elsewhere?.status()).toBe(400);
    expect(await page.$eval("h1", (h) => h.textContent)).toBe(
      "This sign-in link is for another address",
    );
    expect(await page.$eval("main", (m) => m.textContent)).toContain(
      `${demo.ready.baseUrl}/dashboard`,
    );
    expect(await context.cookies()).toEqual([]);

    // Not spent: at its own origin it signs in.
    await page.goto(link.href);
    expect(new URL(page.url()).pathname).toBe("/dashboard/");
    expect((await context.cookies()).map((c) => c.name)).toEqual(["crawlgate_session"]);

    // And no link is issued for a customer's host at all.
    const refused = await demo.cli(
      "dashboard-link",
      "--user",
      "owner",
      "--base-url",
      `http://shop.example.com:${base().port}`,
    );
    expect(refused.code).toBe(1);
    expect(refused.errors.join("\n")).toMatch(/served domain's address/);
  }, 90_000);
});
