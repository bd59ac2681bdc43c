import { API_PREFIX, type ApiRequest, type Crawlgate } from "@crawlgate/core";
import { readLimitedBody } from "@crawlgate/core/adapter-kit";
import { type Request, Router } from "express";

/**
 * The crawlgate API as an Express router, to mount at `/functions/v1`:
 * `app.use("/functions/v1", createExpressRouter(crawlgate))`. Mount it before any body parser:
 * it reads the raw body itself (a body already parsed upstream is re-serialised as JSON).
 */
export function createExpressRouter(crawlgate: Pick<Crawlgate, "api">): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    try {
      const response = await crawlgate.api.handle(await toApiRequest(req));
      res.status(response.status);
      for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
      res.end(response.body ?? undefined);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

async function toApiRequest(req: Request): Promise<ApiRequest> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(req.originalUrl, "http://x").searchParams)
    query[name] = value;
  return {
    method: req.method.toUpperCase(),
    path: API_PREFIX + req.path,
    query,
    headers,
    body: await bodyOf(req),
  };
}

async function bodyOf(req: Request): Promise<Uint8Array | null> {
  if (!req.readableEnded) return readLimitedBody(req);
  // An upstream body parser consumed the stream: use what it left behind.
  const parsed: unknown = req.body;
  if (parsed === undefined) return null;
  if (parsed instanceof Uint8Array) return parsed;
  return new TextEncoder().encode(typeof parsed === "string" ? parsed : JSON.stringify(parsed));
}
