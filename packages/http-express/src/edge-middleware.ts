import type { IncomingMessage, ServerResponse } from "node:http";
import type { Crawlgate } from "@crawlgate/core";
import {
  type EdgeErrorCode,
  edgeError,
  invalidTargetError,
  parseRequestTarget,
} from "@crawlgate/core/adapter-kit";
import type { NextFunction, Request, Response } from "express";
import { refusedAmbiguous, sendError } from "./safe-response.js";

/** What a proxied response turned out to be (status and body bytes), for the crawl row. */
export interface ProxiedOutcome {
  status: number;
  bytes: number;
}

/** Forwards a request to an absolute upstream URL (e.g. `nodeRequestHandler` of proxy-node). */
export type NodeProxy = (
  upstream: string,
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<ProxiedOutcome | undefined>;

export interface EdgeMiddlewareOptions {
  /**
   * Serves proxy rules (and origin pass-through without `originProxy`). Without it, 502
   * `bad_gateway`.
   */
  proxy?: NodeProxy;
  /**
   * Serves origin pass-through with `origin: "proxy"`; default `proxy`. Origins are operator
   * configuration, so this one may allow addresses the rules' proxy refuses.
   */
  originProxy?: NodeProxy;
  /**
   * Where requests the origin answers go: `next` (default) hands them to the routes mounted
   * after the middleware (the app is the origin); `proxy` forwards them to the domain's
   * `originUrl` through `proxy`.
   */
  origin?: "next" | "proxy";
  /** Scheme visitors use, for loop detection on absolute targets; default `https`. */
  protocol?: "http" | "https";
  /**
   * The visitor's address, for verifying crawlers (used, then dropped). Default: the socket's
   * peer address (set Express's `trust proxy` and pass `(req) => req.ip` behind a load balancer).
   */
  clientIp?: (req: Request) => string | undefined;
  /** Where a request the edge does not know goes: `next` (default) or `404` JSON. */
  unknownHost?: "next" | "404";
}

const SERVED_FROM = "x-crawlgate-served-from";

/** An edge error answer: JSON from the error table. */
function sendEdgeError(res: Response, code: EdgeErrorCode): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const { status, headers, body } = edgeError(code);
  res.status(status).set(headers).send(body);
}

/** Counts the body bytes a response writes, and calls `done` once it finished. */
function onFinished(res: ServerResponse, done: (outcome: ProxiedOutcome) => void): void {
  let bytes = 0;
  const count = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === "string") {
      bytes += Buffer.byteLength(
        chunk,
        typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
      );
    } else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    count(args[0], args[1]);
    return write(...args);
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    if (typeof args[0] !== "function") count(args[0], args[1]);
    return end(...args);
  }) as typeof res.end;
  res.once("finish", () => done({ status: res.statusCode, bytes }));
}

/**
 * The edge as Express middleware, mounted in front of a site's own routes: redirects and proxies
 * from the domain's routing rules, cached or freshly rendered HTML for crawlers, and everything
 * else to the origin (the routes after it, or the domain's origin). Every crawler request is
 * recorded with what it was served. Responses carry `X-Crawlgate-Served-From`.
 */
export function createEdgeMiddleware(
  crawlgate: Pick<Crawlgate, "edge">,
  options: EdgeMiddlewareOptions = {},
) {
  const clientIp = options.clientIp ?? ((req: Request) => req.socket.remoteAddress);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (refusedAmbiguous(req, res)) return;
    try {
      const target = parseRequestTarget(req.originalUrl);
      if (!target) throw invalidTargetError();
      const result = await crawlgate.edge.handle({
        method: req.method,
        host: req.headers.host ?? "",
        url: target.path + target.search,
        protocol: options.protocol ?? "https",
        headers: req.headers as Record<string, string | undefined>,
        clientIp: clientIp(req) ?? null,
      });
      switch (result.kind) {
        case "none":
          if (result.failed) return sendEdgeError(res, "internal_error");
          if (options.unknownHost === "404") return sendEdgeError(res, "not_found");
          return next();
        case "redirect":
          res.status(result.status).setHeader("location", result.location);
          res.end();
          return;
        case "robots":
        case "page":
        case "policy":
          res.status(result.status).set(result.headers);
          res.end(result.body);
          return;
        case "proxy": {
          if (!options.proxy) return sendEdgeError(res, "bad_gateway");
          const outcome = await options.proxy(result.upstream, req, res);
          if (outcome) result.report(outcome);
          return;
        }
        case "origin": {
          res.setHeader(SERVED_FROM, "origin");
          if (options.origin === "proxy") {
            if (!result.originUrl) {
              res.removeHeader(SERVED_FROM);
              return sendEdgeError(res, "not_found");
            }
            const originProxy = options.originProxy ?? options.proxy;
            if (!originProxy) return sendEdgeError(res, "bad_gateway");
            const outcome = await originProxy(
              result.originUrl + target.path + target.search,
              req,
              res,
            );
            if (outcome) result.report(outcome);
            return;
          }
          onFinished(res, result.report);
          return next();
        }
      }
    } catch (error) {
      sendError(req, res, error); // JSON from the error table, never the host's error page
    }
  };
}
