import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isRenderFailed, type RenderResult } from "@crawlgate/core/adapter-kit";
import { createPinnedFetch } from "@crawlgate/proxy-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChromiumRenderer, createChromiumRenderer } from "./chromium-renderer.js";
import { findChromium } from "./find-chromium.js";

/**
 * Real Chromium against a loopback origin named site.test (its fetch may reach 127.0.0.1, and
 * only for that host) and a "secret" loopback server that must never see a connection.
 */

const chromium = findChromium();
if (chromium === null) {
  const reason = "no Chromium found (bash scripts/install-chromium.sh): Chromium renderer tests";
  if (process.env.CI === "true") throw new Error(`${reason} cannot run under CI`);
  console.warn(`SKIPPED: ${reason} skipped`);
}

const page = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

let originPort = 0;
let secretPort = 0;
let secretConnections = 0;
let abandonedRequests = 0;
const originHits = new Map<string, number>();
/** The headers of the latest request for each path the origin got. */
const originHeaders = new Map<string, IncomingHttpHeaders>();
const servers: Server[] = [];

function originPages(): Record<string, string> {
  const secret = `http://127.0.0.1:${secretPort}`;
  return {
    "/js": page(
      "<title>js</title>",
      `<div id="app"></div>
      <script src="data:text/javascript,${encodeURIComponent(
        'document.body.insertAdjacentHTML("beforeend", "<p>from a data URL</p>")',
      )}"></script>
      <script>
        fetch("/api/data").then((r) => r.json()).then((d) => {
          document.getElementById("app").innerHTML = "<h1>" + d.title + "</h1>";
        });
      </script>`,
    ),
    "/ready": page(
      "<script>window.prerenderReady = false;</script>",
      `<div id="app">loading</div><script>
        setTimeout(() => {
          document.getElementById("app").textContent = "ready content";
          window.prerenderReady = true;
        }, 900);
      </script>`,
    ),
    "/ssrf": page(
      `<link rel="stylesheet" href="${secret}/style.css"><script src="${secret}/x.js"></script>`,
      `<img src="${secret}/img.png"><iframe src="${secret}/frame"></iframe>
      <div id="out">pending</div><script>
        const out = [];
        const note = (name, p) => p.then((r) => r.text()).then((t) => out.push(name + ":" + t), () => out.push(name + ":blocked"));
        try { new WebSocket("ws://127.0.0.1:${secretPort}/ws"); } catch {}
        navigator.sendBeacon && navigator.sendBeacon("${secret}/beacon", "x");
        Promise.allSettled([
          note("loopback", fetch("${secret}/secret")),
          note("metadata", fetch("http://169.254.169.254/latest/meta-data/")),
          note("redirected", fetch("/bounce")),
        ]).then(() => { document.getElementById("out").textContent = out.sort().join(" "); });
      </script>`,
    ),
    "/hang-idle": page("", `<script>fetch("/never");</script>`),
    "/third-party": page(
      '<script src="http://cdn.test/lib.js"></script>',
      '<script>fetch("/api/data").then(() => { document.body.dataset.done = "1"; });</script>',
    ),
    "/hang-ready": page("<script>window.prerenderReady = false;</script>", "never ready"),
    "/slow": page(
      "<script>window.prerenderReady = false;</script>",
      "<script>setTimeout(() => { window.prerenderReady = true; }, 4000);</script>",
    ),
    "/declared-404": page(
      "<title>gone</title>",
      `<script>
        const meta = document.createElement("meta");
        meta.name = "prerender-status-code";
        meta.content = "404";
        document.head.appendChild(meta);
      </script>`,
    ),
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const secret = createServer((_req, res) => res.end("TOP SECRET"));
  secret.on("connection", () => {
    secretConnections++;
  });
  secretPort = await listen(secret);
  const origin = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] as string;
    originHits.set(path, (originHits.get(path) ?? 0) + 1);
    originHeaders.set(path, req.headers);
    if (path === "/never") {
      res.once("close", () => {
        abandonedRequests++;
      });
      return;
    }
    if (path === "/api/data") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ title: "built by javascript" }));
      return;
    }
    if (path === "/bounce") {
      res.writeHead(302, { location: `http://127.0.0.1:${secretPort}/secret` });
      res.end();
      return;
    }
    if (path === "/moved") {
      res.writeHead(301, { location: "/js" });
      res.end();
      return;
    }
    const html = originPages()[path];
    res.writeHead(html === undefined ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "not found");
  });
  originPort = await listen(origin);
  servers.push(secret, origin);
});

afterAll(async () => {
  await shared?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The operator's origin: site.test is loopback, and only that address is allowed. */
const originFetch = createPinnedFetch({
  resolve: async (host) => (host === "site.test" ? ["127.0.0.1"] : []),
  isAllowedAddress: (address) => address === "127.0.0.1",
});

const url = (path: string) => `http://site.test:${originPort}${path}`;
const within = (ms: number) => new Date(Date.now() + ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let shared: ChromiumRenderer | undefined;
function renderer(): ChromiumRenderer {
  shared ??= createChromiumRenderer({ originFetch, concurrency: 2 });
  return shared;
}

async function failure(promise: Promise<RenderResult>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return isRenderFailed(error) ? error.reason : `not a RenderFailed: ${String(error)}`;
}

// Generous per-test time: CI runs this file beside the whole suite on 2 shared cores.
describe.skipIf(chromium === null)(
  "createChromiumRenderer (real Chromium)",
  { timeout: 90_000 },
  () => {
    it("returns the DOM built by the page's JavaScript, scripts stripped", async () => {
      const out = await renderer().render({
        device: "desktop",
        url: url("/js"),
        headers: { "user-agent": "Googlebot/2.1" },
        deadline: within(15_000),
      });
      expect(out.status).toBe(200);
      expect(out.html).toContain("<h1>built by javascript</h1>");
      expect(out.html).toContain("<p>from a data URL</p>");
      expect(out.html).not.toContain("<script");
      expect(out.finalUrl).toBe(url("/js"));
      expect(out.headers["content-type"]).toMatch(/text\/html/);
    });

    it("sends the origin headers on the page and its requests to the origin, never elsewhere", async () => {
      const elsewhere: Record<string, string>[] = [];
      const rendering = createChromiumRenderer({
        originFetch,
        fetch: async (_url, init) => {
          elsewhere.push({ ...(init.headers as Record<string, string>) });
          return new Response("window.lib = 1;", {
            headers: { "content-type": "text/javascript" },
          });
        },
      });
      try {
        const forwarding = { "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };
        const out = await rendering.render({
          device: "desktop",
          url: url("/third-party"),
          headers: { "user-agent": "Googlebot/2.1" },
          originHeaders: { ...forwarding, host: "shop.example" },
          deadline: within(15_000),
        });
        expect(out.status).toBe(200);
        for (const path of ["/third-party", "/api/data"]) {
          expect(originHeaders.get(path), path).toMatchObject({
            ...forwarding,
            host: "shop.example",
          });
        }
        expect(elsewhere).toHaveLength(1);
        expect(Object.keys(elsewhere[0] ?? {}).map((n) => n.toLowerCase())).not.toContain(
          "x-forwarded-host",
        );
      } finally {
        await rendering.close();
      }
    });

    it("waits for prerenderReady when the page set it to false first", async () => {
      const out = await renderer().render({
        device: "desktop",
        url: url("/ready"),
        headers: {},
        deadline: within(15_000),
      });
      expect(out.html).toContain("ready content");
    });

    it("never lets the page reach 127.0.0.1 or the metadata address, directly or by a redirect", async () => {
      const out = await renderer().render({
        device: "desktop",
        url: url("/ssrf"),
        headers: {},
        deadline: within(15_000),
      });
      expect(out.html).toContain("loopback:blocked metadata:blocked redirected:blocked");
      expect(out.html).not.toContain("TOP SECRET");
      expect(secretConnections).toBe(0);
    });

    it("reads a status the page's script declares in the DOM, and passes an origin redirect on", async () => {
      const [declared, moved] = await Promise.all([
        renderer().render({
          device: "desktop",
          url: url("/declared-404"),
          headers: {},
          deadline: within(15_000),
        }),
        renderer().render({
          device: "desktop",
          url: url("/moved"),
          headers: {},
          deadline: within(15_000),
        }),
      ]);
      expect(declared.status).toBe(404);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(url("/js"));
    });

    it("fails a page that never gets idle or never gets ready with deadline", async () => {
      const [idle, ready] = await Promise.all([
        failure(
          renderer().render({
            device: "desktop",
            url: url("/hang-idle"),
            headers: {},
            deadline: within(2_500),
          }),
        ),
        failure(
          renderer().render({
            device: "desktop",
            url: url("/hang-ready"),
            headers: {},
            deadline: within(2_500),
          }),
        ),
      ]);
      expect([idle, ready]).toEqual(["deadline", "deadline"]);
      // The page was closed: the request it was waiting on is abandoned, not left hanging.
      for (let i = 0; i < 100 && abandonedRequests === 0; i++) await sleep(20);
      expect(abandonedRequests).toBe(1);
      // The slots are free again.
      const out = await renderer().render({
        device: "desktop",
        url: url("/js"),
        headers: {},
        deadline: within(15_000),
      });
      expect(out.html).toContain("built by javascript");
    });

    it("by default renders an origin on loopback, and keeps every other host of the page public-only", async () => {
      // The domain's origin is operator configuration: the default reaches it whatever its
      // address. The secret server is another host (127.0.0.1 on another port) for the page.
      const own = createChromiumRenderer({ concurrency: 1 });
      try {
        const origin = `http://127.0.0.1:${originPort}`;
        const js = await own.render({
          device: "desktop",
          url: `${origin}/js`,
          headers: {},
          deadline: within(15_000),
        });
        expect(js.html).toContain("<h1>built by javascript</h1>");
        const ssrf = await own.render({
          device: "desktop",
          url: `${origin}/ssrf`,
          headers: {},
          deadline: within(15_000),
        });
        expect(ssrf.html).toContain("loopback:blocked metadata:blocked redirected:blocked");
        expect(secretConnections).toBe(0);
      } finally {
        await own.close();
      }
    });

    it("recycles the browser after recycleAfter renders, and survives a crash without losing queued renders", async () => {
      const own = createChromiumRenderer({ originFetch, concurrency: 1, recycleAfter: 2 });
      try {
        const js = () =>
          own.render({ device: "desktop", url: url("/js"), headers: {}, deadline: within(20_000) });
        await js();
        const first = own.browserPid();
        await js();
        expect(own.browserPid()).toBe(first);
        await js();
        const second = own.browserPid();
        expect(second).not.toBeNull();
        expect(second).not.toBe(first);

        const slowHits = originHits.get("/slow") ?? 0;
        const slow = failure(
          own.render({
            device: "desktop",
            url: url("/slow"),
            headers: {},
            deadline: within(20_000),
          }),
        );
        const queued = js();
        while ((originHits.get("/slow") ?? 0) === slowHits)
          await new Promise((r) => setTimeout(r, 20));
        process.kill(second as number, "SIGKILL");
        expect(await slow).toBe("browser");
        expect((await queued).html).toContain("built by javascript");
        expect(own.browserPid()).not.toBe(second);
      } finally {
        await own.close();
      }
    });

    it("kills a wedged browser (stopped process) after a render runs out of time, and renders on a new one", async () => {
      const own = createChromiumRenderer({ originFetch, concurrency: 1 });
      try {
        const js = (ms: number) =>
          own.render({ device: "desktop", url: url("/js"), headers: {}, deadline: within(ms) });
        await js(20_000);
        const wedged = own.browserPid() as number;
        process.kill(wedged, "SIGSTOP");
        expect(await failure(js(1_500))).toBe("deadline");
        for (let i = 0; i < 250 && own.browserPid() === wedged; i++) await sleep(20);
        expect(own.browserPid()).not.toBe(wedged);
        expect((await js(20_000)).html).toContain("built by javascript");
      } finally {
        await own.close();
      }
    });

    it("fails renders with browser when the browser cannot start, and close() is idempotent", async () => {
      const broken = createChromiumRenderer({ executablePath: "/bin/false" });
      const reason = await failure(
        broken.render({
          device: "desktop",
          url: url("/js"),
          headers: {},
          deadline: within(10_000),
        }),
      );
      expect(reason).toBe("browser");
      expect(broken.browserPid()).toBeNull();
      await broken.close();
      await broken.close();
      expect(
        await failure(
          broken.render({
            device: "desktop",
            url: url("/js"),
            headers: {},
            deadline: within(1_000),
          }),
        ),
      ).toBe("browser");
    });
  },
);
