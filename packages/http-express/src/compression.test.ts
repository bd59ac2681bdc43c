import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { type CompressionBridgeFactory, compressionSuite, sendRaw } from "@crawlgate/core/testing";
import express from "express";
import { createDashboardRouter } from "./dashboard-router.js";
import { createEdgeMiddleware } from "./edge-middleware.js";
import { createExpressRouter } from "./express-router.js";

const bridge: CompressionBridgeFactory = async (crawlgate, origin, assets, clientIp) => {
  const app = express();
  app.use("/dashboard", createDashboardRouter(crawlgate, { assets }));
  app.use("/functions/v1", createExpressRouter(crawlgate));
  app.use(createEdgeMiddleware(crawlgate, { protocol: "http", clientIp: () => clientIp }));
  app.use(async (req, res) => {
    const reply = await origin.answer(req.method, req.originalUrl);
    res.status(reply.status).set(reply.headers).send(reply.body);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    send: (call) => sendRaw(port, call),
    teardown: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

compressionSuite("Express", createMemoryStores, bridge, ["br", "gzip"]);
