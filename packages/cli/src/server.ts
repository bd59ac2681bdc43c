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
  /** Closes every connection now, requests in flight included. */
  close(): Promise<void>;
  /**
   * Graceful stop: accepts no new connection, answers the requests in flight (each with
   * `Connection: close`), closes connections as they go idle, and closes the rest once
   * `deadlineMs` passed.
   */
  drain(deadlineMs: number): Promise<void>;
}

/**
 * Serves the API under `/functions/v1`, the dashboard under `/dashboard` (its UI from
 * `dashboardAssets`, default a page saying the UI is not built) and, for every other path, the
 * edge as a reverse proxy:
 * requests whose Host is a customer domain get that domain's redirects and proxies, crawlers get
 * cached or freshly rendered HTML, and everything else is passed to the domain's origin. Other
 * hosts get `404 {"error":"not_found"}`; every error answer is JSON (`jsonOnly`), except the
 * dashboard's pages (a refused sign-in link, a missing UI file: HTML for a browser). `/healthz` and
 * `/readyz` (probing `readiness`) answer ahead of the API and the edge. The API, the dashboard
 * and the health paths answer on crawlgate's own hosts only (`Crawlgate.ownHost`): on a served
 * domain's host every path, in any letter case, goes to the edge and the domain's origin.
 */
export async function listen(
  crawlgate: Pick<Crawlgate, "api" | "edge" | "dashboard" | "ownHost">,
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
  app.use(createHealthRouter(createHealth(options.readiness ?? []), crawlgate));
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
      // The scheme and the X-Forwarded-For chain from a trusted proxy only.
      trustProxy: options.trustProxy ?? false,
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
  const handler = jsonOnly(app, options.logger);
  let draining = false;
  const server = createServer((req, res) => {
    // A stopping server tells keep-alive clients to open their next request elsewhere.
    if (draining) res.setHeader("connection", "close");
    handler(req, res);
  });
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
    async drain(deadlineMs) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections that finish their request go idle: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const late = setTimeout(() => server.closeAllConnections(), deadlineMs);
      server.closeIdleConnections();
      await closed;
      clearInterval(sweep);
      clearTimeout(late);
    },
  };
}
