import { type RequestListener, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { parse as legacyParse } from "node:url";
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
    const target = req.url ?? "";
    if (!parseRequestTarget(target) || !expressCanRoute(target))
      return send(res, invalidTargetError());
    app(req as Request, res as Response);
  };
}

/**
 * Express finds a request's path with Node's legacy URL parser, which throws on some
 * absolute-form targets the WHATWG parser accepts (`http://%@host/`: a lone `%` in the user
 * info) and finds no path at all in others (`//#@&`: an empty host, then a fragment); Express
 * then skips every route, the JSON 404 included, and answers its HTML page.
 */
function expressCanRoute(target: string): boolean {
  if (target.startsWith("/") && !target.startsWith("//")) return true;
  try {
    return typeof legacyParse(target).pathname === "string";
  } catch {
    return false;
  }
}

function send(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, headers, body } = errorApiResponse(error);
  res.writeHead(status, headers).end(body);
}

/** What Node's HTTP parser refuses, answered as JSON (its default answer has no body). */
const CLIENT_ERRORS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "request headers are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request timed out"],
};

/**
 * Answers a request Node's HTTP parser refuses (a malformed request line or header, headers too
 * large, a request too slow) with the error table's `invalid_request` body, instead of Node's
 * bodyless default, then closes the connection.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "malformed HTTP request"];
    const body = JSON.stringify({ error: "invalid_request", message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
