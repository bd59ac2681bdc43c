import type { IncomingMessage, ServerResponse } from "node:http";
import type { Crawlgate } from "@crawlgate/core";
import { invalidTargetError, parseRequestTarget } from "@crawlgate/core/adapter-kit";
import type { NextFunction, Request, Response } from "express";
import { sendError } from "./safe-response.js";

export interface EdgeMiddlewareOptions {
  /** Serves a proxy decision (e.g. `nodeRequestHandler(createPinnedProxy())` from proxy-node). */
  proxy?: (upstream: string, req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Scheme visitors use, for loop detection on absolute targets; default `https`. */
  protocol?: "http" | "https";
}

/**
 * The edge as Express middleware, to mount in front of a site's own routes: answers redirects
 * and proxies from the domain's routing rules and calls `next()` for everything else. Without a
 * `proxy` option, proxy rules answer 502.
 */
export function createEdgeMiddleware(
  crawlgate: Pick<Crawlgate, "edge">,
  options: EdgeMiddlewareOptions = {},
) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const target = parseRequestTarget(req.originalUrl);
      if (!target) throw invalidTargetError();
      const decision = await crawlgate.edge.route({
        host: req.headers.host ?? "",
        url: target.path + target.search,
        protocol: options.protocol ?? "https",
      });
      if (decision.kind === "none") return next();
      if (decision.kind === "redirect") {
        res.status(decision.status).setHeader("location", decision.location);
        res.end();
        return;
      }
      if (!options.proxy) {
        res.status(502).type("text/plain").send("Bad Gateway");
        return;
      }
      await options.proxy(decision.upstream, req, res);
    } catch (error) {
      sendError(req, res, error); // JSON from the error table, never the host's error page
    }
  };
}
