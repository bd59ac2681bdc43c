import { createMemoryStores } from "@crawlgate/adapter-memory";
import { dashboardSuite } from "@crawlgate/core/testing";
import { createDashboardHandler } from "./dashboard-handler.js";

dashboardSuite("the fetch handler", {
  makeStores: createMemoryStores,
  bridge: async (crawlgate, assets) => {
    const handler = createDashboardHandler(crawlgate, { assets, trustProxy: true });
    return { send: handler };
  },
});
