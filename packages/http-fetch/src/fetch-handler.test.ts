import { createMemoryStores } from "@crawlgate/adapter-memory";
import { apiSuite } from "@crawlgate/core/testing";
import { createFetchHandler } from "./fetch-handler.js";

apiSuite("fetch handler + memory stores", {
  makeDeps: async () => ({ deps: createMemoryStores() }),
  bridge: async (crawlgate) => ({ fetch: createFetchHandler(crawlgate) }),
});
