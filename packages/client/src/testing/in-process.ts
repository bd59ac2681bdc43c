import { createMemoryStores } from "@crawlgate/adapter-memory";
import type { CrawlgateConfig } from "@crawlgate/core";
import { type ApiWorld, createApiWorld, makeCrawl } from "@crawlgate/core/testing";
import { createFetchHandler } from "@crawlgate/http-fetch";
import { type ClientOptions, createCrawlgateClient } from "../index.js";

export const BASE_URL = "http://api.test";

/** The API test world (memory stores, fake clock at 2026-11-20T10:00Z) and its fetch handler. */
export interface InProcess {
  world: ApiWorld;
  /** The real fetch handler: the client's `fetch`, no network. */
  handle: (request: Request) => Promise<Response>;
  /** A client of `key` (the owner's unless given) through the handler. */
  client(key?: string, options?: Partial<ClientOptions>): ReturnType<typeof createCrawlgateClient>;
  /** A raw POST through the handler, as a caller without the client would send it. */
  post(path: string, body: unknown, key?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function inProcess(config: CrawlgateConfig = {}): Promise<InProcess> {
  const world = await createApiWorld(
    {
      makeDeps: async () => ({ deps: createMemoryStores() }),
      bridge: async (crawlgate) => ({ fetch: createFetchHandler(crawlgate) }),
    },
    config,
  );
  const handle = createFetchHandler(world.crawlgate);
  return {
    world,
    handle,
    client: (key = world.keys.owner, options = {}) =>
      createCrawlgateClient({ baseUrl: BASE_URL, apiKey: key, fetch: handle, ...options }),
    post: (path, body, key = world.keys.owner) =>
      handle(
        new Request(`${BASE_URL}/functions/v1${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      ),
    close: () => world.close(),
  };
}

/** Crawls of the owner's shop: `paths` paths with distinct counts over the days before today. */
export async function seedShop(world: ApiWorld, paths: number): Promise<void> {
  const domainId = world.domains.shop.domainId;
  const bots = ["googlebot", "gptbot", "bingbot"];
  const rows = [];
  for (let p = 0; p < paths; p++) {
    for (let n = 0; n <= p % 7; n++) {
      const day = `2026-11-${String(13 + ((p + n) % 7)).padStart(2, "0")}`;
      rows.push(
        makeCrawl(domainId, {
          path: `/page-${String(p).padStart(3, "0")}`,
          ts: new Date(`${day}T0${n % 10}:00:00.000Z`),
          botId: bots[(p + n) % 3] as string,
          verdict: n % 2 === 0 ? "declared" : "verified",
        }),
      );
    }
  }
  await world.deps.crawls.appendCrawls(rows, { pathCap: 1000 });
}
