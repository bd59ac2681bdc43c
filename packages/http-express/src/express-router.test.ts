import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { apiSuite } from "@crawlgate/core/testing";
import express from "express";
import { createExpressRouter } from "./express-router.js";

apiSuite("express router + memory stores", {
  makeDeps: async () => ({ deps: createMemoryStores() }),
  bridge: async (crawlgate) => {
    const app = express();
    app.use("/functions/v1", createExpressRouter(crawlgate));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    return {
      // Requests go over a real socket to the Express app.
      fetch: (request) => {
        const url = new URL(request.url);
        return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          duplex: "half",
        } as RequestInit);
      },
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  },
});
