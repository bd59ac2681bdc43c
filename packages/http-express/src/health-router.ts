import type { Health } from "@crawlgate/core";
import { type Request, Router } from "express";
import { sendNodeResponse } from "./node-body.js";
import { sendError } from "./safe-response.js";

/**
 * `/healthz` and `/readyz` (see core's `createHealth`) as Express middleware, to mount at the
 * root before the edge: `app.use(createHealthRouter(createHealth(checks)))`. Other paths go on
 * to the next handler.
 */
export function createHealthRouter(health: Pick<Health, "handle">): Router {
  const router = Router();
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
