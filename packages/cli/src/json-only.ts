import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { Duplex } from "node:stream";
import { parse as legacyParse } from "node:url";
import { CrawlgateError, type ErrorCode, type Logger } from "@crawlgate/core";
import {
  ambiguousRawHeadersError,
  errorApiResponse,
  invalidTargetError,
  parseRequestTarget,
} from "@crawlgate/core/adapter-kit";
import type { Express, NextFunction, Request, Response } from "express";

/**
 * Makes `serve` answer every request with JSON (docs/decisions/http.md): an ambiguous request
 * (two `Host` or `Transfer-Encoding` fields, `ambiguousRequestError`) and a request-target that
 * no URL parser accepts are refused before Express sees them (Express would skip every route and
 * render its "Cannot GET" HTML page), and an error that reaches Express's end of the chain is answered
 * from the error table instead of its HTML page with a stack trace. A refusal before routing is
 * framed (`refuse`).
 */
export function jsonOnly(app: Express, logger: Logger): RequestListener {
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error("http.unhandled_error", {
      method: req.method,
      error: error instanceof Error ? error.message : String(error),
    });
    refuse(req, res, error);
  });
  return (req, res) => {
    const ambiguous = ambiguousRawHeadersError(req.rawHeaders);
    if (ambiguous) return refuse(req, res, ambiguous);
    const target = req.url ?? "";
    if (!parseRequestTarget(target) || !expressCanRoute(target))
      return refuse(req, res, invalidTargetError());
    app(req as Request, res as Response);
  };
}

/**
 * Express finds a request's path with Node's legacy URL parser, which throws on some
 * absolute-form targets the WHATWG parser accepts (`http://%@host/`: a lone `%` in the user
 * info) and finds no path at all in others (`//#@&`: an empty host, then a fragment; `/\#@`,
 * whose backslash it reads as a slash, too); Express
 * then skips every route, the JSON 404 included, and answers its HTML page.
 */
function expressCanRoute(target: string): boolean {
  // The legacy parser reads `\` as `/`, so `/\#@` is `//#@` to it: no path either.
  if (target.startsWith("/") && !target.startsWith("//") && !target.includes("\\")) return true;
  try {
    return typeof legacyParse(target).pathname === "string";
  } catch {
    return false;
  }
}

/** An answer's framing headers: its length, and the connection closing after it. */
const framing = (body: string) => ({
  "content-length": String(Buffer.byteLength(body)),
  connection: "close",
});

/**
 * Refuses a request before routing (or after an error escaped every route), with JSON from the
 * error table. The answer is framed whatever version the request line claims: `Content-Length`
 * (Node would otherwise send a headed-then-ended answer chunked on HTTP/1.1 and delimited by the
 * close on HTTP/1.0, 0.9 and 2.0), and the connection closes after it, since what follows on it
 * cannot be trusted.
 */
function refuse(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, headers, body } = errorApiResponse(error);
  const text = String(body ?? "");
  res.writeHead(status, { ...headers, ...framing(text) }).end(text);
  req.resume(); // the body is not read: drop it as it arrives, so the close is not a reset
}

/** What Node's HTTP parser refuses, by its error code; anything else is a malformed request. */
const CLIENT_ERRORS: Record<string, [code: ErrorCode, message: string]> = {
  HPE_HEADER_OVERFLOW: ["headers_too_large", "request headers are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: ["request_timeout", "request timed out"],
};

/**
 * Answers a request Node's HTTP parser refuses (a malformed request line or header, headers too
 * large, a request too slow) with JSON from the error table (the `invalid_request` body at 400,
 * 431 or 408), instead of Node's bodyless default, framed, then closes the connection.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [code, message] = CLIENT_ERRORS[error.code ?? ""] ?? [
      "invalid_request",
      "malformed HTTP request",
    ];
    const { status, headers, body } = errorApiResponse(new CrawlgateError(code, { message }));
    const text = String(body ?? "");
    const head = Object.entries({ ...headers, ...framing(text) }).map(([n, v]) => `${n}: ${v}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${text}`);
  });
}
