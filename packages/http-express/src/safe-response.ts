import type { IncomingMessage, ServerResponse } from "node:http";
import { ambiguousRawHeadersError, errorApiResponse } from "@crawlgate/core/adapter-kit";
import { sendNodeResponse } from "./node-body.js";

/**
 * Answers any error as JSON from the error table (500 `internal_error` for the unexpected), so
 * that nothing reaches Express's default handler, which renders a stack trace as HTML. When the
 * response has already started, the connection is closed instead.
 */
export function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  sendNodeResponse(req, res, errorApiResponse(error));
}

/**
 * Refuses an ambiguous request (two `Host` or `Transfer-Encoding` fields, see core's
 * `ambiguousRequestError`) with `400 invalid_request` JSON, and closes the connection after
 * the answer: what follows on it cannot be trusted. `true` when it refused.
 */
export function refusedAmbiguous(req: IncomingMessage, res: ServerResponse): boolean {
  const error = ambiguousRawHeadersError(req.rawHeaders);
  if (!error) return false;
  if (res.headersSent) {
    res.destroy();
    return true;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.setHeader("connection", "close");
  sendNodeResponse(req, res, errorApiResponse(error));
  return true;
}
