import type { ServerResponse } from "node:http";
import type { ApiResponse } from "@crawlgate/core";
import { errorApiResponse } from "@crawlgate/core/adapter-kit";

/** Writes a core response on a Node/Express response. */
export function sendApiResponse(res: ServerResponse, response: ApiResponse): void {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(response.body ?? undefined);
}

/**
 * Answers any error as JSON from the error table (500 `internal_error` for the unexpected), so
 * that nothing reaches Express's default handler, which renders a stack trace as HTML. When the
 * response has already started, the connection is closed instead.
 */
export function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  sendApiResponse(res, errorApiResponse(error));
}
