import {
  createMemoryBlobStore,
  createMemoryJobQueue,
  createMemoryPageCache,
  createMemorySnapshotStore,
} from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import type { PageCache, Renderer, RenderRequest } from "../ports/index.js";
import { silentLogger } from "../ports/index.js";
import { createFakeClock } from "../testing/fixtures.js";
import { DEFAULT_EDGE } from "./options.js";
import { createPageService, MOBILE_RENDER_USER_AGENT, RENDER_USER_AGENT } from "./page-service.js";

const D = "00000000-0000-4000-8000-0000000000e1";
const SITE = {
  domainId: D,
  hostname: "shop.example.com",
  originUrl: "http://origin.test",
  pageCacheTtlSeconds: null,
  originHost: "origin" as const,
};

/** The desktop render of a page whose path is its key. */
const desk = (key: string) => ({ key, path: key, variant: "desktop" as const });

/** A page service on memory stores whose page cache counts reads; renders say `version`. */
function world() {
  const clock = createFakeClock();
  const pages = createMemoryPageCache();
  let reads = 0;
  const counted: PageCache = {
    ...pages,
    getPage: (...args) => {
      reads++;
      return pages.getPage(...args);
    },
  };
  let version = 0;
  const requests: RenderRequest[] = [];
  const renderer: Renderer = {
    name: "fake",
    render: async (request) => {
      requests.push(request);
      return {
        status: 200,
        html: `<html><title>v${++version}</title></html>`,
        finalUrl: request.url,
        headers: {},
        timings: { totalMs: 1 },
      };
    },
    close: async () => {},
  };
  const snapshots = createMemorySnapshotStore();
  const purgeQueue = createMemoryJobQueue();
  const service = createPageService({
    pages: counted,
    snapshots,
    blobs: createMemoryBlobStore(),
    purgeQueue,
    renderer,
    clock,
    logger: silentLogger,
    options: { ...DEFAULT_EDGE },
    publicScheme: "https",
  });
  return { service, clock, reads: () => reads, requests, pages, snapshots, purgeQueue };
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("page service lookups", () => {
  it("shares one store read among concurrent lookups of a page whose hot copy expired", async () => {
    const w = world();
    const stored = await w.service.refresh(SITE, desk("/a"));
    expect(stored.stored).toBe(true);
    // Past the hot memory: the next lookups read the stores, once for all of them.
    w.clock.advance(DEFAULT_EDGE.hotCacheMs + 1);
    const before = w.reads();
    const pages = await Promise.all(
      Array.from({ length: 50 }, () => w.service.lookup(D, "/a", "desktop")),
    );
    expect(w.reads() - before).toBe(1);
    for (const page of pages) expect(text(await page?.identity())).toContain("v1");
    // Remembered again: more lookups read nothing.
    await w.service.lookup(D, "/a", "desktop");
    expect(w.reads() - before).toBe(1);
    // A miss is shared too, and not remembered.
    const misses = await Promise.all(
      Array.from({ length: 5 }, () => w.service.lookup(D, "/b", "desktop")),
    );
    expect(misses).toEqual([null, null, null, null, null]);
    expect(w.reads() - before).toBe(2);
    expect(await w.service.lookup(D, "/b", "desktop")).toBeNull();
    expect(w.reads() - before).toBe(3);
  });

  it("keeps a render stored while a read of the same page ran", async () => {
    const w = world();
    await w.service.refresh(SITE, desk("/a"));
    w.clock.advance(DEFAULT_EDGE.hotCacheMs + 1);
    const reading = w.service.lookup(D, "/a", "desktop");
    w.clock.advance(1);
    await w.service.refresh(SITE, desk("/a"));
    expect(text(await (await reading)?.identity())).toContain("v1");
    expect(text(await (await w.service.lookup(D, "/a", "desktop"))?.identity())).toContain("v2");
  });
});

describe("render requests", () => {
  it("tell the origin the domain, the crawler's scheme (the worker's: the public one) and no client", async () => {
    const w = world();
    await w.service.renderNow(SITE, desk("/a"), "http");
    await w.service.refresh(SITE, desk("/b"));
    await w.service.renderNow({ ...SITE, originHost: "public" }, desk("/c"), "https");
    expect(w.requests.map((r) => [r.url, r.originHeaders])).toEqual([
      [
        "http://origin.test/a",
        { "x-forwarded-host": "shop.example.com", "x-forwarded-proto": "http" },
      ],
      [
        "http://origin.test/b",
        { "x-forwarded-host": "shop.example.com", "x-forwarded-proto": "https" },
      ],
      [
        "http://origin.test/c",
        {
          "x-forwarded-host": "shop.example.com",
          "x-forwarded-proto": "https",
          host: "shop.example.com",
        },
      ],
    ]);
    // The page's own request is marked as the edge's (never rendered again by an edge).
    for (const r of w.requests) expect(r.headers["x-crawlgate-render"]).toBe("1");
  });
});

describe("device variants", () => {
  it("renders, caches, records and re-queues each device's render of a page apart", async () => {
    const w = world();
    const mobile = { key: "/p?a=1", path: "/p", variant: "mobile" as const };
    const stored = await w.service.renderNow(SITE, mobile, "https");
    await w.service.refresh(SITE, { ...mobile, variant: "desktop" });
    const [phone, desktop] = w.requests;
    expect(phone?.device).toBe("mobile");
    expect(phone?.headers["user-agent"]).toBe(MOBILE_RENDER_USER_AGENT);
    expect(desktop?.device).toBe("desktop");
    expect(desktop?.headers["user-agent"]).toBe(RENDER_USER_AGENT);
    // The desktop render keeps the page key; the mobile one is cached beside it.
    expect((await w.pages.getPage(D, "/p?a=1"))?.snapshotId).not.toBe(
      (await w.pages.getPage(D, "/p?a=1#mobile"))?.snapshotId,
    );
    if (!stored.stored) throw new Error("not stored");
    expect(await w.snapshots.getSnapshot(stored.page.entry.snapshotId)).toMatchObject({
      path: "/p",
      variant: "mobile",
    });
    expect(text(await (await w.service.lookup(D, "/p?a=1", "mobile"))?.identity())).toContain("v1");
    expect(text(await (await w.service.lookup(D, "/p?a=1", "desktop"))?.identity())).toContain(
      "v2",
    );
    await w.service.requeue(D, "/p?a=1", "mobile");
    expect(await w.purgeQueue.pendingJob(D, "/p?a=1#mobile")).not.toBeNull();
    expect(await w.purgeQueue.pendingJob(D, "/p?a=1")).toBeNull();
  });
});
