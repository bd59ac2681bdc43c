import { createMemoryStores } from "@crawlgate/adapter-memory";
import { apiSuite } from "@crawlgate/core/testing";
import { expressBridge } from "./test-support/express-bridge.js";

apiSuite("express router + memory stores", {
  makeDeps: async () => ({ deps: createMemoryStores() }),
  bridge: expressBridge(),
});
