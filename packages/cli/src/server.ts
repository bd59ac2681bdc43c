import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Crawlgate,
  createHealth,
  type DashboardAssets,
  type Logger,
  type ReadinessCheck,
} from "@crawlgate/core";
import { edgeError } from "@crawlgate/core/adapter-kit";
import {
  createDashboardRouter,
  createEdgeMiddleware,
  createExpressRouter,
  createHealthRouter,
} from "@crawlgate/http-express";
import { createPinnedProxy, nodeRequestHandler } from "@crawlgate/proxy-node";
import express from "express";
import { answerClientErrors, jsonOnly } from "./json-only.js";

export interface RunningServer {
  baseUrl: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves the API under `/functions/v1`, the dashboard under `/dashboard` (its UI from
 * `dashboardAssets`, default a page saying the UI is not built) and, for every other path, the
 * edge as a reverse proxy:
 * requests whose Host is a customer domain get that domain's redirects and proxies, crawlers get
 * cached or freshly rendered HTML, and everything else is passed to the domain's origin. Other
 * hosts get `404 {"error":"not_found"}`; every error answer is JSON (`jsonOnly`), except the
 * dashboard's pages (a refused sign-in link, a missing UI file: HTML for a browser). `/healthz` and
 * `/readyz` (probing `readiness`) answer on every host, ahead of the API and the edge.
 */
export async function listen(
  crawlgate: Pick<Crawlgate, "api" | "edge" | "dashboard">,
  options: {
    port: number;
    host: string;
    logger: Logger;
    readiness?: ReadinessCheck[];
    trustProxy?: boolean;
    dashboardAssets?: DashboardAssets;
  },
): Promise<RunningServer> {
  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      options.logger.info("http.request", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  });
  app.use(createHealthRouter(createHealth(options.readiness ?? [])));
  app.use(
    "/dashboard",
    createDashboardRouter(crawlgate, {
      trustProxy: options.trustProxy ?? false,
      ...(options.dashboardAssets ? { assets: options.dashboardAssets } : {}),
    }),
  );
  app.use(
    "/functions/v1",
    createExpressRouter(crawlgate, { trustProxy: options.trustProxy ?? false }),
  );
  app.use(
    createEdgeMiddleware(crawlgate, {
      // Proxy rules' targets come from API callers: public addresses only.
      proxy: nodeRequestHandler(createPinnedProxy(), { logger: options.logger }),
      // Origins are operator configuration: any address (see createOriginFetch).
      origin: "proxy",
      originProxy: nodeRequestHandler(createPinnedProxy({ isAllowedAddress: () => true }), {
        logger: options.logger,
        unreachable: "origin_unreachable",
      }),
      unknownHost: "404",
    }),
  );
  app.use((_req, res) => {
    const { status, headers, body } = edgeError("not_found");
    res.status(status).set(headers).send(body);
  });
  const server = createServer(jsonOnly(app, options.logger));
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    baseUrl: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
