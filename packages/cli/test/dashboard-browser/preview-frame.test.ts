import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { previewDocument } from "@crawlgate/dashboard";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumOrReason, launch } from "./browser.js";

const browserPath = chromiumOrReason();
const run = "path" in browserPath ? describe : describe.skip;

/** A crawled page that asks for everything it can, by relative URL (so: the dashboard's origin). */
const HOSTILE = `<!doctype html><html><head>
<link rel="stylesheet" href="/probe/css">
<link rel="prefetch" href="/probe/prefetch">
<link rel="icon" href="/probe/icon">
<style>@import "/probe/import"; body { background: url(/probe/bg) }</style>
<meta http-equiv="refresh" content="0; url=/probe/refresh">
<base href="/probe/base/">
</head><body background="/probe/body-bg">
<img src="/probe/img"><img srcset="/probe/srcset 1x">
<picture><source srcset="/probe/source"><img src="/probe/picture"></picture>
<input type="image" src="/probe/input" alt="x">
<video src="/probe/video" autoplay muted></video><audio src="/probe/audio" autoplay></audio>
<object data="/probe/object"></object><embed src="/probe/embed">
<iframe src="/probe/iframe"></iframe>
<svg><image href="/probe/svg"/></svg>
<script src="/probe/script"></script>
<form action="/probe/form" method="post"><button>go</button></form>
</body></html>`;

const attribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/**
 * The snapshot preview frame in Chromium: a page of the dashboard's origin, under the
 * dashboard's real page policy, holds the frame as the UI builds it (`sandbox=""`,
 * `srcdoc=previewDocument(html)`), around a crawled page that asks for every kind of resource
 * from the dashboard's origin. No request reaches the server from the frame. The control frame
 * (the same HTML without the preview's policy) shows the probes do fire otherwise.
 */
run("the snapshot preview frame in Chromium", () => {
  let server: Server;
  let base = "";
  let browser: Browser;
  const requested: string[] = [];
  beforeAll(async () => {
    const crawlgate = createCrawlgate(createMemoryStores());
    const ui = await crawlgate.dashboard.create().handle({
      method: "GET",
      path: "/dashboard/",
      query: {},
      headers: {},
      body: null,
      origin: "http://127.0.0.1",
    });
    const pageCsp = ui.headers["content-security-policy"] as string;
    expect(pageCsp).toContain("img-src 'self'");
    server = createServer((req, res) => {
      requested.push(req.url ?? "");
      const frame = (html: string) =>
        `<!doctype html><title>Preview</title><iframe class="preview" title="preview" sandbox="" srcdoc="${attribute(html)}"></iframe>`;
      const pages: Record<string, string> = {
        "/dashboard/preview": frame(previewDocument(HOSTILE)),
        "/dashboard/control": frame(HOSTILE),
      };
      const body = pages[req.url ?? ""];
      res.writeHead(body ? 200 : 404, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": pageCsp,
      });
      res.end(body ?? "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launch((browserPath as { path: string }).path);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function load(path: string): Promise<string[]> {
    requested.length = 0;
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${base}${path}`, { waitUntil: "networkidle0" });
    // A refresh of 0 s, lazy media: give the frame time to try.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await context.close();
    return requested.filter((url) => url.startsWith("/probe/"));
  }

  it("a crawled page in the preview frame requests nothing from the dashboard's origin", async () => {
    expect(await load("/dashboard/preview")).toEqual([]);
  }, 60_000);

  it("without the preview's policy the same page's requests do reach the dashboard's origin", async () => {
    expect(await load("/dashboard/control")).toEqual(
      expect.arrayContaining(["/probe/img", "/probe/css", "/probe/iframe"]),
    );
  }, 60_000);
});
