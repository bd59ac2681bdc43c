import type { Crawlgate, DashboardAssets } from "@crawlgate/core";
import { DASHBOARD_PREFIX, parseRequestTarget } from "@crawlgate/core/adapter-kit";
import { Router } from "express";
import { encodedFor } from "./compression.js";
import { toApiRequest } from "./express-router.js";
import { sendNodeResponse } from "./node-body.js";
import { type OwnHostSource, ownHostOnly } from "./own-host.js";
import { sendError } from "./safe-response.js";

export interface DashboardRouterOptions {
  /** The UI's files (`dashboardAssets()` of `@crawlgate/dashboard`); default a "not built" page. */
  assets?: DashboardAssets;
  /**
   * Behind a proxy the app trusts: the scheme (the cookie's `Secure`) and host (the `Origin`
   * check) come from `X-Forwarded-Proto`/`X-Forwarded-Host`. Default `false`.
   */
  trustProxy?: boolean;
}

/**
 * The dashboard as an Express router, to mount at `/dashboard` (its pages link there):
 * `app.use("/dashboard", createDashboardRouter(crawlgate, { assets }))`, before any body parser.
 * On a served domain's host it passes every request on (to the edge mounted after it).
 */
export function createDashboardRouter(
  crawlgate: Pick<Crawlgate, "dashboard"> & OwnHostSource,
  options: DashboardRouterOptions = {},
): Router {
  const dashboard = crawlgate.dashboard.create(options.assets ? { assets: options.assets } : {});
  const trustProxy = options.trustProxy ?? false;
  const router = Router();
  router.use(ownHostOnly(crawlgate));
  router.use(async (req, res) => {
    try {
      const request = await toApiRequest(req, trustProxy, DASHBOARD_PREFIX);
      // Express gives `/dashboard` and `/dashboard/` the same `req.path`: keep them apart.
      const bare = parseRequestTarget(req.originalUrl)?.path === req.baseUrl;
      const response = await dashboard.handle(
        bare ? { ...request, path: DASHBOARD_PREFIX } : request,
      );
      sendNodeResponse(req, res, await encodedFor(req, response));
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}
