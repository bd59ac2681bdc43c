import { describe, expect, it } from "vitest";
import type { Crawlgate, CrawlgateDeps } from "../../crawlgate.js";
import { createCrawlgate } from "../../crawlgate.js";
import { createFakeClock, type FakeClock } from "../fixtures.js";
import type { Harness } from "../harness.js";
import { PUBLIC_HOST } from "./canonical-origin.js";
import { type DeviceOrigin, startDeviceOrigin } from "./device-origin.js";
import { type ForwardedBridgeFactory, type SuiteRenderer, using } from "./forwarded-suite.js";
import { type EdgeReply, GOOGLEBOT, GOOGLEBOT_SMARTPHONE } from "./world.js";

interface VariantsWorld {
  crawlgate: Crawlgate;
  origin: DeviceOrigin;
  clock: FakeClock;
  domainId: string;
  /** A crawler's GET of `path` with the User-Agent `ua`. */
  crawl(path: string, ua: string): Promise<EdgeReply>;
  /** An API call as the domain's owner: status and JSON body. */
  api(
    method: string,
    path: string,
    options?: { query?: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Runs the page worker once. */
  work(): Promise<unknown>;
}

const TTL_SECONDS = 3600;

async function createVariantsWorld(
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: ForwardedBridgeFactory,
  renderer: SuiteRenderer,
  variants: ("desktop" | "mobile")[],
): Promise<Harness<VariantsWorld>> {
  const origin = await startDeviceOrigin();
  const rendering = renderer.create();
  const clock = createFakeClock();
  const crawlgate = createCrawlgate(
    { ...makeStores(), clock, renderer: rendering, fetch: null },
    {
      edge: { renderBudgetMs: 20_000, hotCacheMs: 0, pageCacheTtlSeconds: TTL_SECONDS },
      publicScheme: "https",
    },
  );
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, PUBLIC_HOST, {
    originUrl: origin.originUrl,
  });
  if (!domain.ok) throw new Error(domain.message);
  const set = await crawlgate.admin.setDomainSettings(domain.value.domainId, {
    renderVariants: variants,
  });
  if (!set.ok) throw new Error(set.message);
  const key = await crawlgate.admin.createKey(user.value.userId);
  if (!key.ok) throw new Error(key.message);
  const client = await bridge(crawlgate, { trustProxy: false });
  const worker = crawlgate.jobs.find((j) => j.name === "page_worker");
  if (!worker) throw new Error("no page_worker job");
  return {
    crawlgate,
    origin,
    clock,
    domainId: domain.value.domainId,
    crawl: (path, ua) =>
      client.send({ method: "GET", host: PUBLIC_HOST, path, headers: { "user-agent": ua } }),
    async api(method, path, options = {}) {
      const response = await crawlgate.api.handle({
        method,
        path: `/functions/v1${path}`,
        query: options.query ?? {},
        headers: {
          authorization: `Bearer ${key.value.key}`,
          ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body:
          options.body === undefined
            ? null
            : new TextEncoder().encode(JSON.stringify(options.body)),
      });
      const text =
        typeof response.body === "string"
          ? response.body
          : new TextDecoder().decode(response.body ?? new Uint8Array());
      return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
    },
    work: () => worker.run(clock.now()),
    teardown: async () => {
      await client.teardown?.();
      await crawlgate.close();
      await rendering.close();
      await origin.close();
    },
  };
}

/** The `cache-status` entries of `path`, by variant. */
async function statusOf(w: VariantsWorld, path: string) {
  const answer = await w.api("GET", `/domains/${w.domainId}/cache-status`, { query: { path } });
  expect(answer.status).toBe(200);
  const entries = answer.body.variants as { variant: string; [field: string]: unknown }[];
  return Object.fromEntries(entries.map((e) => [e.variant, e]));
}

/**
 * Device variants on every bridge and renderer, against a loopback origin that serves phones
 * other HTML: with both renders kept, Googlebot smartphone and desktop Googlebot each get their
 * own render and cached HTML; purges take one variant or both; a stale variant is served while
 * that variant alone re-renders; a desktop-only domain keeps one render per page.
 */
export function renderVariantsSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: ForwardedBridgeFactory,
  renderers: readonly SuiteRenderer[],
): void {
  for (const renderer of renderers) {
    describe(`render variants: ${name}, ${renderer.name} renderer`, () => {
      const world = (variants: ("desktop" | "mobile")[] = ["desktop", "mobile"]) =>
        createVariantsWorld(makeStores, bridge, renderer, variants);
      const runsScripts = renderer.name === "chromium";

      it("gives Googlebot smartphone and desktop Googlebot each its own render and cache", () =>
        using(world(), async (w) => {
          const desktop = await w.crawl("/device", GOOGLEBOT);
          expect(desktop.headers["x-crawlgate-served-from"]).toBe("render");
          expect(desktop.headers["x-crawlgate-variant"]).toBe("desktop");
          expect(desktop.headers.vary).toBe("Accept-Encoding, User-Agent");
          expect(desktop.body).toContain("<h1>Desktop page</h1>");
          const mobile = await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          expect(mobile.headers["x-crawlgate-served-from"]).toBe("render");
          expect(mobile.headers["x-crawlgate-variant"]).toBe("mobile");
          expect(mobile.body).toContain("<h1>Mobile page</h1>");
          if (runsScripts) {
            // Laid out on a phone's screen and on a desktop window.
            expect(mobile.body).toContain("width 412");
            expect(desktop.body).toContain("width 1280");
          }
          const cachedMobile = await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          const cachedDesktop = await w.crawl("/device", GOOGLEBOT);
          expect(cachedMobile.headers["x-crawlgate-served-from"]).toBe("cache");
          expect(cachedDesktop.headers["x-crawlgate-served-from"]).toBe("cache");
          expect(cachedMobile.body).toBe(mobile.body);
          expect(cachedDesktop.body).toBe(desktop.body);
          expect(w.origin.devicesFor("/device")).toEqual(["desktop", "mobile"]);
          const status = await statusOf(w, "/device");
          expect(status.desktop).toMatchObject({ cached: true, fresh: true, pendingRender: false });
          expect(status.mobile).toMatchObject({ cached: true, fresh: true, pendingRender: false });
          expect(status.mobile?.contentHash).not.toBe(status.desktop?.contentHash);
        }));

      it("re-renders one variant when a purge names it, and both when it names none", () =>
        using(world(), async (w) => {
          await w.crawl("/device", GOOGLEBOT);
          await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          const before = await statusOf(w, "/device");
          const one = await w.api("POST", "/purge-cache", {
            body: { domain: PUBLIC_HOST, path: "/device", variant: "mobile" },
          });
          expect(one).toMatchObject({ status: 200, body: { queued: true } });
          const pending = await statusOf(w, "/device");
          expect([pending.desktop?.pendingRender, pending.mobile?.pendingRender]).toEqual([
            false,
            true,
          ]);
          w.clock.advance(1000);
          await w.work();
          const after = await statusOf(w, "/device");
          expect(after.desktop).toEqual(before.desktop);
          expect(after.mobile?.renderedAt).not.toBe(before.mobile?.renderedAt);
          expect(after.mobile?.pendingRender).toBe(false);
          expect((await w.crawl("/device", GOOGLEBOT_SMARTPHONE)).body).toContain("version 2");
          expect((await w.crawl("/device", GOOGLEBOT)).body).toContain("version 1");
          const both = await w.api("POST", "/purge-cache", {
            body: { domain: PUBLIC_HOST, path: "/device" },
          });
          expect(both).toMatchObject({ status: 200, body: { queued: true } });
          await w.work();
          expect((await w.crawl("/device", GOOGLEBOT_SMARTPHONE)).body).toContain("version 3");
          expect((await w.crawl("/device", GOOGLEBOT)).body).toContain("version 2");
        }));

      it("serves a stale variant while that variant alone is re-rendered", () =>
        using(world(), async (w) => {
          await w.crawl("/device", GOOGLEBOT);
          await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          w.clock.advance((TTL_SECONDS + 1) * 1000);
          const stale = await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          expect(stale.headers["x-crawlgate-served-from"]).toBe("cache");
          expect(stale.body).toContain("version 1");
          await expect
            .poll(async () => (await statusOf(w, "/device")).mobile?.pendingRender)
            .toBe(true);
          const status = await statusOf(w, "/device");
          expect(status.mobile).toMatchObject({ fresh: false, pendingRender: true });
          expect(status.desktop).toMatchObject({ fresh: false, pendingRender: false });
          await w.work();
          const fresh = await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          expect(fresh.body).toContain("<h1>Mobile page</h1>");
          expect(fresh.body).toContain("version 2");
          expect((await statusOf(w, "/device")).mobile?.fresh).toBe(true);
          expect(w.origin.devicesFor("/device")).toEqual(["desktop", "mobile", "mobile"]);
        }));

      it("keeps one render per page, under the page's own key, for a desktop-only domain", () =>
        using(world(["desktop"]), async (w) => {
          const phone = await w.crawl("/device", GOOGLEBOT_SMARTPHONE);
          expect(phone.body).toContain("<h1>Desktop page</h1>");
          expect(phone.headers["x-crawlgate-variant"]).toBeUndefined();
          expect(phone.headers.vary).toBe("Accept-Encoding");
          const desktop = await w.crawl("/device", GOOGLEBOT);
          expect(desktop.headers["x-crawlgate-served-from"]).toBe("cache");
          expect(w.origin.devicesFor("/device")).toEqual(["desktop"]);
          const status = await w.api("GET", `/domains/${w.domainId}/cache-status`, {
            query: { path: "/device" },
          });
          expect(status.body).toEqual({
            path: "/device",
            variants: [expect.objectContaining({ variant: "desktop", cached: true, fresh: true })],
          });
          const refused = await w.api("POST", "/purge-cache", {
            body: { domain: PUBLIC_HOST, path: "/device", variant: "mobile" },
          });
          expect(refused.status).toBe(400);
        }));
    });
  }
}
