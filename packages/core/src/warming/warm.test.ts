import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { afterEach, describe, expect, it } from "vitest";
import { createCrawlgate } from "../crawlgate.js";
import { createFakeClock } from "../testing/fixtures.js";

const HOST = "shop.test";
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A loopback origin: sitemap files by path (bytes or text), an HTML page for any other path. */
async function startOrigin(files: Map<string, string | Buffer>) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push(path);
    const file = files.get(path);
    if (file !== undefined) {
      res.writeHead(200, {
        "content-type": path.endsWith(".gz") ? "application/gzip" : "application/xml",
      });
      res.end(file);
    } else if (path === "/robots.txt" || path.endsWith(".xml") || path.endsWith(".gz")) {
      res.writeHead(404).end();
    } else {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>${path}</title><h1>${path}</h1>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const urlset = (urls: { loc: string; lastmod?: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n${urls
    .map(
      (u) => `<url><loc>${u.loc}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n")}\n</urlset>\n`;
const index = (locs: string[]) =>
  `<?xml version="1.0"?>\n<sitemapindex ${NS}>\n${locs
    .map((l) => `<sitemap><loc>${l}</loc></sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;
const day = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString();

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A crawlgate over memory stores and a fake clock, with one domain whose origin serves `files`. */
async function world(files: Map<string, string | Buffer>, budget = 1_000_000) {
  const origin = await startOrigin(files);
  closers.push(origin.close);
  const stores = createMemoryStores();
  const clock = createFakeClock("2026-11-20T10:00:00Z");
  const crawlgate = createCrawlgate(
    { ...stores, clock, logger: false },
    { edge: { workerConcurrency: 16 } },
  );
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const added = await crawlgate.admin.addDomain(user.value.userId, HOST, { originUrl: origin.url });
  if (!added.ok) throw new Error(added.message);
  const domain = added.value;
  await crawlgate.admin.setWarmSettings(domain.domainId, { rendersPerHour: budget });
  /** Takes every pending job off the queue: the queued set. */
  const drainQueue = async () => {
    const jobs = await stores.purgeQueue.lease(clock.now(), 60_000, 1_000_000);
    for (const job of jobs) await stores.purgeQueue.complete(job.jobId);
    return jobs.map((j) => [j.path, j.lane]);
  };
  /** Renders every pending job with the page worker. */
  const renderAll = async () => {
    const worker = crawlgate.jobs.find((j) => j.name === "page_worker");
    while ((await stores.purgeQueue.pendingCount()) > 0) await worker?.run(clock.now());
  };
  return { crawlgate, stores, clock, domain, origin, drainQueue, renderAll, user: user.value };
}

describe("warming from sitemaps", () => {
  it("follows robots.txt to an index of three sitemaps and queues exactly the reference set", async () => {
    const big = Array.from({ length: 60_000 }, (_, i) => ({
      loc: i === 10 ? `http://${HOST}/elsewhere/x` : `http://${HOST}/catalog/p${i}`,
      lastmod: day(i % 500),
    }));
    const pages = Array.from({ length: 30 }, (_, i) => ({
      loc: `http://${HOST}/page/${i}`,
      lastmod: day(i),
    }));
    const foreign = Array.from({ length: 5 }, (_, i) => ({ loc: `http://other.test/page/${i}` }));
    const posts = Array.from({ length: 40 }, (_, i) => ({
      loc: `http://${HOST}/post/${i}`,
      lastmod: day(i),
    }));
    const files = new Map<string, string | Buffer>([
      ["/robots.txt", `User-agent: *\nDisallow:\nSitemap: http://${HOST}/sitemap_index.xml\n`],
      [
        "/sitemap_index.xml",
        index([
          `http://${HOST}/sitemap-pages.xml`,
          `http://${HOST}/sitemap-posts.xml.gz`,
          `http://${HOST}/sitemap-broken.xml`,
          `http://${HOST}/catalog/sitemap-big.xml`,
          "http://other.test/sitemap-x.xml",
        ]),
      ],
      ["/sitemap-pages.xml", urlset([...pages, ...foreign])],
      ["/sitemap-posts.xml.gz", gzipSync(urlset(posts))],
      [
        "/sitemap-broken.xml",
        `<urlset ${NS}>\n<url><loc>http://${HOST}/broken/1</loc>\n<url>\n</urlset>`,
      ],
      ["/catalog/sitemap-big.xml", urlset(big)],
    ]);
    const { crawlgate, domain, drainQueue } = await world(files);
    const summary = await crawlgate.warm(domain);
    const reference = new Set([
      ...pages.map((p) => new URL(p.loc).pathname),
      ...posts.map((p) => new URL(p.loc).pathname),
      ...big
        .slice(0, 50_000)
        .map((p) => new URL(p.loc).pathname)
        .filter((p) => p !== "/elsewhere/x"),
    ]);
    expect(summary).toMatchObject({
      queued: reference.size,
      alreadyFresh: 0,
      skipped: 6,
      budgetDeferred: 0,
    });
    expect(summary.sitemaps.map((s) => [s.url.replace(`http://${HOST}`, ""), s.urls])).toEqual([
      ["/sitemap_index.xml", 5],
      ["http://other.test/sitemap-x.xml", 0],
      ["/sitemap-pages.xml", 35],
      ["/sitemap-posts.xml.gz", 40],
      ["/sitemap-broken.xml", 0],
      ["/catalog/sitemap-big.xml", 50_000],
    ]);
    const errors = summary.sitemaps.map((s) => s.error);
    expect(errors[0]).toBeNull();
    expect(errors[1]).toMatch(/not on shop.test/);
    expect(errors[2]).toBeNull();
    expect(errors[3]).toBeNull();
    expect(errors[4]).toMatch(/^line 4: /);
    expect(errors[5]).toMatch(/more than 50000 entries/);
    const queued = await drainQueue();
    expect(new Set(queued.map(([path]) => path))).toEqual(reference);
    expect(new Set(queued.map(([, lane]) => lane))).toEqual(new Set(["warm"]));
  }, 60_000);

  it("a second warm after five lastmods changed queues exactly those five; identical lastmods fall back to the lifetime", async () => {
    const urls = Array.from({ length: 50 }, (_, i) => ({
      loc: `http://${HOST}/p/${i}`,
      lastmod: day(i),
    }));
    const files = new Map<string, string | Buffer>([["/sitemap.xml", urlset(urls)]]);
    const { crawlgate, domain, clock, drainQueue, renderAll, origin } = await world(files);
    const first = await crawlgate.warm(domain);
    expect(first).toMatchObject({ queued: 50, alreadyFresh: 0, skipped: 0, budgetDeferred: 0 });
    expect(origin.hits).toContain("/robots.txt");
    await renderAll();
    clock.advance(3_600_000);
    const changed = [3, 11, 17, 29, 42];
    for (const i of changed) (urls[i] as { lastmod: string }).lastmod = clock.now().toISOString();
    files.set("/sitemap.xml", urlset(urls));
    clock.advance(3_600_000);
    expect(await crawlgate.warm(domain, { dryRun: true })).toMatchObject({
      queued: 5,
      alreadyFresh: 45,
    });
    const second = await crawlgate.warm(domain);
    expect(second).toMatchObject({ queued: 5, alreadyFresh: 45, skipped: 0, budgetDeferred: 0 });
    expect((await drainQueue()).map(([p]) => p).sort()).toEqual(
      changed.map((i) => `/p/${i}`).sort(),
    );

    // Build-time stamping: every lastmod the same (and newer than every render).
    await renderAll();
    files.set(
      "/sitemap.xml",
      urlset(urls.map((u) => ({ ...u, lastmod: clock.now().toISOString() }))),
    );
    expect(await crawlgate.warm(domain)).toMatchObject({ queued: 0, alreadyFresh: 50 });
    clock.advance(86_400_000);
    expect(await crawlgate.warm(domain)).toMatchObject({ queued: 50, alreadyFresh: 0 });
  }, 60_000);

  it("a domain with two renders queues both variants of each page and counts the page once", async () => {
    const urls = Array.from({ length: 4 }, (_, i) => ({
      loc: `http://${HOST}/v/${i}`,
      lastmod: day(i),
    }));
    const files = new Map<string, string | Buffer>([["/sitemap.xml", urlset(urls)]]);
    const { crawlgate, domain, drainQueue, renderAll, stores } = await world(files);
    const set = await crawlgate.admin.setDomainSettings(domain.domainId, {
      renderVariants: ["desktop", "mobile"],
    });
    if (!set.ok) throw new Error(set.message);
    expect(await crawlgate.warm(set.value)).toMatchObject({ queued: 4, alreadyFresh: 0 });
    const paths = urls.map((u) => new URL(u.loc).pathname);
    expect((await drainQueue()).map(([p]) => p).sort()).toEqual(
      [...paths, ...paths.map((p) => `${p}#mobile`)].sort(),
    );
    // Both renders cached: fresh. Only the mobile render dropped: the page is queued again,
    // for its mobile render alone.
    await crawlgate.warm(set.value);
    await renderAll();
    expect(await crawlgate.warm(set.value)).toMatchObject({ queued: 0, alreadyFresh: 4 });
    await stores.pages.deletePage(domain.domainId, "/v/2#mobile");
    expect(await crawlgate.warm(set.value)).toMatchObject({ queued: 1, alreadyFresh: 3 });
    expect((await drainQueue()).map(([p]) => p)).toEqual(["/v/2#mobile"]);
  }, 60_000);

  it("a budget of N renders per hour queues at most N each hour (the hourly job)", async () => {
    const urls = Array.from({ length: 100 }, (_, i) => ({
      loc: `http://${HOST}/b/${i}`,
      lastmod: day(i),
    }));
    const files = new Map<string, string | Buffer>([["/sitemap.xml", urlset(urls)]]);
    const { crawlgate, domain, clock, stores } = await world(files, 20);
    await crawlgate.admin.setWarmSettings(domain.domainId, { scheduled: true });
    const job = crawlgate.jobs.find((j) => j.name === "sitemap_warm");
    const perHour = new Map<number, number>();
    let before = 0;
    for (let step = 0; step < 36; step++) {
      const report = await job?.run(clock.now());
      expect(report).toMatchObject({ domains: 1, failed: 0 });
      const pending = await stores.purgeQueue.pendingCount();
      const hour = Math.floor(clock.now().getTime() / 3_600_000);
      perHour.set(hour, (perHour.get(hour) ?? 0) + pending - before);
      before = pending;
      clock.advance(10 * 60_000);
    }
    expect([...perHour.values()]).toEqual([20, 20, 20, 20, 20, 0]);
    const dry = await crawlgate.warm(domain, { dryRun: true });
    expect(dry).toMatchObject({ queued: 0, skipped: 100, budgetDeferred: 0 });
  }, 60_000);

  it("the budget counts renders: a page with two variants takes two, and may be split", async () => {
    const urls = Array.from({ length: 4 }, (_, i) => ({
      loc: `http://${HOST}/s/${i}`,
      lastmod: day(i),
    }));
    const files = new Map<string, string | Buffer>([["/sitemap.xml", urlset(urls)]]);
    const { crawlgate, domain, clock, drainQueue, renderAll, stores } = await world(files, 5);
    const set = await crawlgate.admin.setDomainSettings(domain.domainId, {
      renderVariants: ["desktop", "mobile"],
    });
    if (!set.ok) throw new Error(set.message);
    const renders = urls.flatMap((u) => {
      const path = new URL(u.loc).pathname;
      return [path, `${path}#mobile`];
    });
    const cached = async () => {
      const found: string[] = [];
      for (const key of renders)
        if (await stores.pages.getPage(domain.domainId, key)) found.push(key);
      return found;
    };
    expect(await crawlgate.warm(set.value, { dryRun: true })).toMatchObject({
      queued: 3,
      budgetDeferred: 1,
    });
    expect(await crawlgate.warm(set.value)).toMatchObject({ queued: 3, budgetDeferred: 1 });
    expect(await stores.purgeQueue.pendingCount()).toBe(5);
    await renderAll();
    const first = await cached();
    expect(first).toHaveLength(5);
    expect(new Set(first.map((p) => p.replace("#mobile", ""))).size).toBe(3);
    // The same hour has nothing left; the next hour takes the other three renders, of 2 pages.
    expect(await crawlgate.warm(set.value)).toMatchObject({ queued: 0, budgetDeferred: 2 });
    clock.advance(3_600_000);
    expect(await crawlgate.warm(set.value)).toMatchObject({
      queued: 2,
      alreadyFresh: 2,
      budgetDeferred: 0,
    });
    const second = (await drainQueue()).map(([p]) => String(p));
    expect([...first, ...second].sort()).toEqual([...renders].sort());
  }, 60_000);

  it("POST /warm-cache: owner and manager, paths, errors from the table", async () => {
    const urls = [
      { loc: `http://${HOST}/a`, lastmod: day(1) },
      { loc: `http://${HOST}/b`, lastmod: day(2) },
    ];
    const files = new Map<string, string | Buffer>([["/custom.xml", urlset(urls)]]);
    const { crawlgate, domain, drainQueue, user } = await world(files);
    const keyOf = async (userId: string) => {
      const key = await crawlgate.admin.createKey(userId);
      if (!key.ok) throw new Error(key.message);
      return key.value.key;
    };
    const call = async (key: string, body: unknown) => {
      const res = await crawlgate.api.handle({
        method: "POST",
        path: "/functions/v1/warm-cache",
        query: {},
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: new TextEncoder().encode(JSON.stringify(body)),
      });
      const text =
        typeof res.body === "string" ? res.body : new TextDecoder().decode(res.body ?? undefined);
      return { status: res.status, body: JSON.parse(text) };
    };
    const owner = await keyOf(user.userId);
    const viewerUser = await crawlgate.admin.createUser("viewer", "pro");
    const managerUser = await crawlgate.admin.createUser("manager", "pro");
    if (!viewerUser.ok || !managerUser.ok) throw new Error("setup");
    await crawlgate.admin.shareDomain(domain.domainId, viewerUser.value.userId, "viewer");
    await crawlgate.admin.shareDomain(domain.domainId, managerUser.value.userId, "manager");
    const viewer = await keyOf(viewerUser.value.userId);
    const manager = await keyOf(managerUser.value.userId);

    expect(await call(viewer, { domain: HOST })).toMatchObject({
      status: 403,
      body: { error: "forbidden" },
    });
    expect(await call(owner, { domain: "nope.test" })).toMatchObject({
      status: 403,
      body: { error: "domain_not_authorized" },
    });
    for (const bad of [
      { domain: HOST, paths: ["no-slash"] },
      { domain: HOST, paths: Array.from({ length: 1001 }, (_, i) => `/p${i}`) },
      { domain: HOST, sitemapUrl: "http://other.test/s.xml" },
      { domain: HOST, sitemapUrl: 5 },
      { domain: HOST, extra: true },
    ])
      expect(await call(owner, bad)).toMatchObject({
        status: 400,
        body: { error: "invalid_request" },
      });

    const sitemapUrl = `https://${HOST}/custom.xml`;
    const warmed = await call(manager, {
      domain: HOST,
      sitemapUrl,
      paths: ["/x?utm_source=a", "/a"],
    });
    expect(warmed).toEqual({
      status: 200,
      body: {
        queued: 3,
        alreadyFresh: 0,
        skipped: 0,
        budgetDeferred: 0,
        sitemaps: [{ url: sitemapUrl, urls: 2, error: null }],
      },
    });
    expect((await drainQueue()).map(([p]) => p).sort()).toEqual(["/a", "/b", "/x"]);
  }, 60_000);
});
