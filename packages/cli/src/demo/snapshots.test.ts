import { gunzipSync } from "node:zlib";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import { createFetchHandler } from "@crawlgate/http-fetch";
import { describe, expect, it } from "vitest";
import { seedDemoAccounts } from "./accounts.js";
import { seedDemoCrawls } from "./crawls.js";
import { seedDemoSnapshots } from "./snapshots.js";

describe("demo snapshots", () => {
  it("lets a seeded demo answer export-page-snapshots for / with several snapshots", async () => {
    const deps = createMemoryStores();
    const now = new Date("2026-11-22T12:00:00.000Z");
    const crawlgate = createCrawlgate({ ...deps, clock: { now: () => now }, logger: silentLogger });
    const demo = await seedDemoAccounts(crawlgate, deps, now);
    const blog = demo.domains[1] as { domainId: string; domain: string };
    const sites = [{ domainId: blog.domainId, kind: "blog" as const }];
    const pages = await seedDemoSnapshots({ stores: deps, sites, now, logger: silentLogger });
    expect(pages.dropped).toBeGreaterThan(0);
    await seedDemoCrawls({
      stores: deps,
      sites,
      now,
      logger: silentLogger,
      snapshots: pages.lookup,
    });
    // A restart finds the same snapshots.
    const again = await seedDemoSnapshots({ stores: deps, sites, now, logger: silentLogger });
    expect(again.snapshots).toBe(pages.snapshots);
    expect(again.lookup(blog.domainId, "/", "2026-11-20")).toEqual(
      pages.lookup(blog.domainId, "/", "2026-11-20"),
    );

    const fetch = createFetchHandler(crawlgate);
    const call = async (path: string, init: RequestInit) => {
      const url = path.startsWith("http") ? path : `http://demo.test${path}`;
      const res = await fetch(new Request(url, init));
      return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const res = await call("/functions/v1/export-page-snapshots", {
      method: "POST",
      headers: { authorization: `Bearer ${demo.keys.owner}`, "content-type": "application/json" },
      body: JSON.stringify({
        domainId: blog.domainId,
        url: `https://${blog.domain}/`,
        period: "90d",
      }),
    });
    expect(res.status).toBe(200);
    const body = JSON.parse(new TextDecoder().decode(res.bytes));
    expect(body.path).toBe("/");
    expect(body.dayCount).toBe(90);
    const snapshots = Object.values(body.snapshots) as { htmlUrl: string | null }[];
    expect(snapshots.length).toBeGreaterThanOrEqual(3);
    expect(snapshots.filter((s) => s.htmlUrl === null).length).toBeGreaterThanOrEqual(1);
    // Origin passes carry no snapshot; cache and render ones do.
    const served = body.rows.flatMap((row: { bots: Record<string, { served: unknown[] }> }) =>
      Object.values(row.bots).flatMap((bot) => bot.served),
    ) as { servedFrom: string; snapshotId: string | null }[];
    expect(served.some((e) => e.servedFrom === "origin" && e.snapshotId === null)).toBe(true);
    expect(served.filter((e) => e.servedFrom !== "origin").every((e) => e.snapshotId)).toBe(true);

    const link = snapshots.find((s) => s.htmlUrl !== null)?.htmlUrl as string;
    // Absolute, on the request's own origin.
    expect(link).toMatch(/^http:\/\/demo\.test\/functions\/v1\/files\/snapshots\//);
    const html = await call(link, { method: "GET" });
    expect(html.status).toBe(200);
    expect(gunzipSync(html.bytes).toString("utf8")).toMatch(/<title>Demo Blog/);
  });
});
