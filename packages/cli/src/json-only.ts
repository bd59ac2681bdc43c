import type { RequestListener, ServerResponse } from "node:http";
import type { Logger } from "@crawlgate/core";
import {
  errorApiResponse,
  invalidTargetError,
  parseRequestTarget,
} from "@crawlgate/core/adapter-kit";
import type { Express, NextFunction, Request, Response } from "express";

/**
 * Makes `serve` answer every request with JSON (docs/decisions.md, "Hardening"): a request-target
 * that no URL parser accepts is refused before Express sees it (Express would skip every route
 * and render its "Cannot GET" HTML page), and an error that reaches Express's end of the chain is
 * answered from the error table instead of its HTML page with a stack trace.
 */
export function jsonOnly(app: Express, logger: Logger): RequestListener {
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error("http.unhandled_error", {
      method: req.method,
      error: error instanceof Error ? error.message : String(error),
    });
    send(res, error);
  });
  return (req, res) => {
    if (!parseRequestTarget(req.url ?? "")) return send(res, invalidTargetError());
    app(req as Request, res as Response);
  };
}

function send(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, headers, body } = errorApiResponse(error);
  res.writeHead(status, headers).end(body);
}
