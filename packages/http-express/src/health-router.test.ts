import type { AddressInfo } from "node:net";
import { healthBridgeSuite } from "@crawlgate/core/testing";
import express from "express";
import { createHealthRouter } from "./health-router.js";

healthBridgeSuite("express", async (health) => {
  const app = express();
  app.use(createHealthRouter(health));
  app.use((_req, res) => void res.status(404).json({ error: "not_found" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    fetch: (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
});
