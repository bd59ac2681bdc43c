import type { AddressInfo } from "node:net";
import type { HttpBridge } from "@crawlgate/core/testing";
import express from "express";
import { createExpressRouter, type ExpressRouterOptions } from "../express-router.js";

/** The API suite's bridge: an Express app on a real socket, the router mounted at the prefix. */
export function expressBridge(options: ExpressRouterOptions = {}): HttpBridge {
  return async (crawlgate) => {
    const app = express();
    app.use("/functions/v1", createExpressRouter(crawlgate, options));
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
  };
}
