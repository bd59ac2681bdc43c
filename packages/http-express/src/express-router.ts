import { API_PREFIX, type ApiRequest, type Crawlgate } from "@crawlgate/core";
import { invalidTargetError, parseRequestTarget } from "@crawlgate/core/adapter-kit";
import { type Request, Router } from "express";
import { readNodeBody, sendNodeResponse } from "./node-body.js";
import { sendError } from "./safe-response.js";

/**
 * The crawlgate API as an Express router, to mount at `/functions/v1`:
 * `app.use("/functions/v1", createExpressRouter(crawlgate))`. Mount it before any body parser:
 * it reads the raw body itself (a body already parsed upstream is re-serialised as JSON).
 */
export function createExpressRouter(crawlgate: Pick<Crawlgate, "api">): Router {
  const router = Router();
  router.use(async (req, res) => {
    try {
      sendNodeResponse(req, res, await crawlgate.api.handle(await toApiRequest(req)));
    } catch (error) {
      sendError(req, res, error); // never Express's default handler (HTML with a stack)
    }
  });
  return router;
}

async function toApiRequest(req: Request): Promise<ApiRequest> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const target = parseRequestTarget(req.originalUrl);
  if (!target) throw invalidTargetError();
  return {
    method: req.method.toUpperCase(),
    path: API_PREFIX + req.path,
    query: target.query,
    headers,
    body: await bodyOf(req),
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
