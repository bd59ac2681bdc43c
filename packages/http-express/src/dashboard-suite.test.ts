import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { dashboardSuite } from "@crawlgate/core/testing";
import express from "express";
import { createDashboardRouter } from "./dashboard-router.js";

dashboardSuite("the Express router", {
  makeStores: createMemoryStores,
  bridge: async (crawlgate, assets) => {
    const app = express();
    app.use("/dashboard", createDashboardRouter(crawlgate, { assets, trustProxy: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    return {
      // Over a real socket; redirects are answers, not followed.
      send: async (request) => {
        const url = new URL(request.url);
        const body = request.body ? await request.arrayBuffer() : undefined;
        return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
          redirect: "manual",
        });
      },
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  },
});
