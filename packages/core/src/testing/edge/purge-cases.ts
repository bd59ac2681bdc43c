import { expect, it } from "vitest";
import { type EdgeWorld, HOST } from "./world.js";

/** Purges one path of the world's domain through the API, as its owner. */
export async function purgePath(w: EdgeWorld, path: string): Promise<void> {
  const response = await w.crawlgate.api.handle({
    method: "POST",
    path: "/functions/v1/purge-cache",
    query: {},
    headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify({ domain: HOST, path })),
  });
  expect(response.status).toBe(200);
}

/**
 * A purge at the edge, and one during the page's leased render: shared by every bridge (part of
 * `edgeSuite`) and run on `serve` by the CLI's own test.
 */
export function purgeEdgeCases(world: () => EdgeWorld): void {
  const purge = (path: string) => purgePath(world(), path);

  it("re-renders a purged page: the next crawler gets the new content", async () => {
    const w = world();
    expect((await w.send({ path: "/live" })).body).toContain("Live version 1");
    expect((await w.send({ path: "/live" })).body).toContain("Live version 1");
    await purge("/live");
    await w.work();
    const fresh = await w.send({ path: "/live" });
    expect(fresh.headers["x-crawlgate-served-from"]).toBe("cache");
    expect(fresh.body).toContain("Live version 2");
    expect(await w.stores.purgeQueue.pendingCount()).toBe(0);
  });

  it("ends with the new content when a purge arrives during the page's leased render", async () => {
    const w = world();
    expect((await w.send({ path: "/gated" })).body).toContain("Gated version 1");
    await purge("/gated");
    const held = w.origin.holdGated();
    const rendering = w.work();
    // The worker's render has read version 1; then the site changes and is purged again.
    await held.arrived;
    w.origin.publishGated(2);
    await purge("/gated");
    held.release();
    await rendering;
    expect((await w.send({ path: "/gated" })).body).toContain("Gated version 1");
    await w.work();
    const fresh = await w.send({ path: "/gated" });
    expect(fresh.headers["x-crawlgate-served-from"]).toBe("cache");
    expect(fresh.body).toContain("Gated version 2");
    expect(await w.stores.purgeQueue.pendingCount()).toBe(0);
  });

  it("pre-warms a never-cached page on purge", async () => {
    const w = world();
    await purge("/about?b=2&a=1");
    await w.work();
    const reply = await w.send({ path: "/about?a=1&b=2" });
    expect(reply.headers["x-crawlgate-served-from"]).toBe("cache");
    expect(w.origin.hits).toEqual(["GET /about?a=1&b=2"]);
  });
}
