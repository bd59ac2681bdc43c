import type { Health } from "@crawlgate/core";
import { LIVENESS_PATH, READINESS_PATH } from "@crawlgate/core/adapter-kit";
import { type Request, Router } from "express";
import { sendNodeResponse } from "./node-body.js";
import { type OwnHostSource, ownHostOnly } from "./own-host.js";
import { sendError } from "./safe-response.js";

/**
 * `/healthz` and `/readyz` (see core's `createHealth`) as Express middleware, to mount at the
 * root before the edge: `app.use(createHealthRouter(createHealth(checks), crawlgate))`. Other
 * paths go on to the next handler, and so does every path on a served domain's host when
 * `hosts` (the `Crawlgate`) is given.
 */
export function createHealthRouter(
  health: Pick<Health, "handle">,
  hosts: OwnHostSource = {},
): Router {
  const router = Router();
  const own = ownHostOnly(hosts);
  router.use(async (req: Request, res, next) => {
    if (req.path !== LIVENESS_PATH && req.path !== READINESS_PATH) return next();
    own(req, res, next);
  });
  router.use(async (req: Request, res, next) => {
    const answer = health.handle(req.method.toUpperCase(), req.path);
    if (!answer) return next();
    try {
      sendNodeResponse(req, res, await answer);
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}
