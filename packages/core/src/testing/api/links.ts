import { makeCrawl } from "../fixtures.js";
import { type ApiSuiteOptions, createApiWorld } from "./world.js";

/**
 * The `htmlUrl` export-page-snapshots hands out through a bridge for a request carrying
 * `headers` (e.g. `X-Forwarded-Host`): for the bridges' tests of how links get their origin.
 */
export async function htmlUrlThrough(
  options: ApiSuiteOptions,
  headers: Record<string, string>,
): Promise<string> {
  const world = await createApiWorld(options);
  try {
    const domainId = world.domains.shop.domainId;
    const { snapshot } = await world.crawlgate.snapshots.record({
      domainId,
      path: "/p",
      html: "<html></html>",
      renderStatus: 200,
    });
    const crawl = makeCrawl(domainId, {
      path: "/p",
      ts: new Date("2026-11-19T10:00:00.000Z"),
      snapshotId: snapshot.snapshotId,
    });
    await world.deps.crawls.appendCrawls([crawl], { pathCap: 1000 });
    const res = await world.call("POST", "/export-page-snapshots", {
      body: { domainId, url: "/p" },
      headers,
    });
    return res.json.snapshots[snapshot.snapshotId].htmlUrl;
  } finally {
    await world.close();
  }
}
