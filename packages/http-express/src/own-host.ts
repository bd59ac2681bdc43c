import type { Crawlgate } from "@crawlgate/core";
import type { NextFunction, Request, Response } from "express";
import { refusedAmbiguous, sendError } from "./safe-response.js";

/** What decides whose a host is (a `Crawlgate`); absent, crawlgate's paths answer on every host. */
export type OwnHostSource = Partial<Pick<Crawlgate, "ownHost">>;

/**
 * Middleware in front of one of crawlgate's own routers: on a served domain's host the request
 * leaves the router (`next("router")`: the edge mounted after it, and the domain's origin, get
 * it), whatever the letter case of the path; when the stores cannot say whose host it is, `503
 * service_unavailable`. An ambiguous request (two `Host` or `Transfer-Encoding` fields) is
 * refused first: its host cannot be told.
 */
export function ownHostOnly(source: OwnHostSource) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (refusedAmbiguous(req, res)) return;
    if (!source.ownHost) return next();
    try {
      if (await source.ownHost(req.headers.host ?? "")) return next();
      next("router");
    } catch (error) {
      sendError(req, res, error);
    }
  };
}
