import type { ApiRequest, Crawlgate } from "@crawlgate/core";
import {
  API_PREFIX,
  invalidTargetError,
  parseRequestTarget,
  requestOrigin,
} from "@crawlgate/core/adapter-kit";
import { type Request, Router } from "express";
import { encodedFor } from "./compression.js";
import { readNodeBody, sendNodeResponse } from "./node-body.js";
import { type OwnHostSource, ownHostOnly } from "./own-host.js";
import { sendError } from "./safe-response.js";

export interface ExpressRouterOptions {
  /**
   * The app runs behind a proxy it trusts: presigned links take their scheme and host from
   * `X-Forwarded-Proto`/`X-Forwarded-Host` (the first value of each) rather than from the
   * connection and the Host header. Default `false`: those headers are ignored (Express's own
   * `trust proxy` setting is not consulted). A configured `baseUrl` wins over both.
   */
  trustProxy?: boolean;
}

/**
 * The crawlgate API as an Express router, to mount at `/functions/v1`:
 * `app.use("/functions/v1", createExpressRouter(crawlgate))`. Mount it before any body parser:
 * it reads the raw body itself (a body already parsed upstream is re-serialised as JSON). On a
 * served domain's host (see `Crawlgate.ownHost`) it passes every request on: mount the edge
 * after it, and a customer's own `/functions/v1/...` reaches the customer's origin.
 */
export function createExpressRouter(
  crawlgate: Pick<Crawlgate, "api"> & OwnHostSource,
  options: ExpressRouterOptions = {},
): Router {
  const router = Router();
  const trustProxy = options.trustProxy ?? false;
  router.use(ownHostOnly(crawlgate));
  router.use(async (req, res) => {
    try {
      const response = await crawlgate.api.handle(await toApiRequest(req, trustProxy));
      sendNodeResponse(req, res, await encodedFor(req, response));
    } catch (error) {
      sendError(req, res, error); // never Express's default handler (HTML with a stack)
    }
  });
  return router;
}

/** The core request for an Express request, its path put below `prefix` (the mount path). */
export async function toApiRequest(
  req: Request,
  trustProxy: boolean,
  prefix: string = API_PREFIX,
): Promise<ApiRequest> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const target = parseRequestTarget(req.originalUrl);
  if (!target) throw invalidTargetError();
  return {
    method: req.method.toUpperCase(),
    path: prefix + req.path,
    query: target.query,
    headers,
    body: await bodyOf(req),
    origin: requestOrigin({
      protocol: (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http",
      host: headers.host,
      forwardedProto: headers["x-forwarded-proto"],
      forwardedHost: headers["x-forwarded-host"],
      trustProxy,
    }),
  };
}

async function bodyOf(req: Request): Promise<Uint8Array | null> {
  if (!req.readableEnded) return readNodeBody(req);
  // An upstream body parser consumed the stream: use what it left behind.
  const parsed: unknown = req.body;
  if (parsed === undefined) return null;
  if (parsed instanceof Uint8Array) return parsed;
  return new TextEncoder().encode(typeof parsed === "string" ? parsed : JSON.stringify(parsed));
}
