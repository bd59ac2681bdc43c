import type { IncomingMessage, ServerResponse } from "node:http";
import type { Crawlgate } from "@crawlgate/core";
import {
  CRAWLER_PRICE_HEADER,
  type EdgeErrorCode,
  edgeError,
  type ForwardedHop,
  forwardedClientIp,
  invalidTargetError,
  type PendingCharge,
  parseRequestTarget,
  requestScheme,
  type Settlement,
  type SignalHeaders,
  signalHeaderValues,
} from "@crawlgate/core/adapter-kit";
import type { NextFunction, Request, Response } from "express";
import { refusedAmbiguous, sendError } from "./safe-response.js";

/** What a proxied response turned out to be (status and body bytes), for the crawl row. */
export interface ProxiedOutcome {
  status: number;
  bytes: number;
}

/**
 * Forwards a request to an absolute upstream URL (e.g. `nodeRequestHandler` of proxy-node),
 * telling it `hop` (the domain, the real scheme, the peer; see `forwardedRequestHeaders`).
 */
export type NodeProxy = (
  upstream: string,
  req: IncomingMessage,
  res: ServerResponse,
  hop: ForwardedHop,
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
   * after the middleware (the app is the origin; it sees the request as it arrived, forwarding
   * headers included, and reads them under its own `trust proxy`); `proxy` forwards them to the
   * domain's `originUrl` through `originProxy` with the edge's forwarding headers only.
   */
  origin?: "next" | "proxy";
  /**
   * Scheme visitors use (for rules' absolute targets, renders and `X-Forwarded-Proto`); default
   * the real one: the connection's, or with `trustProxy` the `X-Forwarded-Proto` the proxy set.
   */
  protocol?: "http" | "https";
  /**
   * The app runs behind a proxy it trusts (as Express's `trust proxy`): its `X-Forwarded-Proto`
   * names the scheme, the last element of its `X-Forwarded-For` is the visitor's address for
   * verifying crawlers, and the chain is passed on with the peer appended. Otherwise every
   * forwarding header a client sent is dropped. Default `false`.
   */
  trustProxy?: boolean;
  /**
   * The visitor's address, for verifying crawlers (used, then dropped). Default: the socket's
   * peer address, or with `trustProxy` the address the proxy saw (`forwardedClientIp`).
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

/** A header among `writeHead`'s arguments (an object, or a flat `[name, value, …]` list). */
function headerArgument(args: unknown[], name: string): string | null {
  for (const arg of args) {
    if (Array.isArray(arg)) {
      const flat = arg.flat() as unknown[];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        if (String(flat[i]).toLowerCase() === name) return String(flat[i + 1]);
      }
    } else if (typeof arg === "object" && arg !== null) {
      for (const [key, value] of Object.entries(arg)) {
        if (key.toLowerCase() === name && value !== undefined) return String(value);
      }
    }
  }
  return null;
}

/**
 * Settles a paid request's answer when its head is written (by the app or the proxy): adds
 * `crawler-charged` or `PAYMENT-RESPONSE`, or sends the refusal instead and drops whatever body
 * follows. An x402 payment settles asynchronously: the head is held, and the body written
 * meanwhile queued (each write answers `false`; `drain` follows the release), until the
 * settlement says what goes out. Installed after `onFinished`, so that the bytes counted are the
 * ones sent.
 */
function settleOnHead(res: ServerResponse, payment: PendingCharge): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let refusal: Uint8Array | null = null;
  let headed = false;
  /** What was written while the head waits for the settlement. */
  let held: { writes: unknown[][]; end: unknown[] | null } | null = null;
  const apply = (settlement: Settlement, status: number, rest: unknown[]) => {
    if (settlement.kind === "send") {
      for (const [name, value] of Object.entries(settlement.headers)) res.setHeader(name, value);
      return writeHead(status, ...rest);
    }
    refusal = settlement.body;
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    return writeHead(settlement.status, settlement.headers);
  };
  const release = (queued: { writes: unknown[][]; end: unknown[] | null }) => {
    held = null;
    for (const args of queued.writes) if (!refusal) write(...args);
    if (queued.end) (res.end as (...args: unknown[]) => ServerResponse)(...queued.end);
    else if (queued.writes.length > 0) res.emit("drain");
  };
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (headed) return writeHead(status, ...rest);
    headed = true;
    const own = res.getHeader(CRAWLER_PRICE_HEADER);
    const price =
      headerArgument(rest, CRAWLER_PRICE_HEADER) ?? (own === undefined ? null : String(own));
    const settlement = payment.settle(status, price);
    if (!(settlement instanceof Promise)) return apply(settlement, status, rest);
    const queued: { writes: unknown[][]; end: unknown[] | null } = { writes: [], end: null };
    held = queued;
    settlement.then(
      (settled) => {
        apply(settled, status, rest);
        release(queued);
      },
      (error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return res;
  }) as typeof res.writeHead;
  // The head is settled before any body byte goes out.
  const head = () => {
    if (!headed && !res.headersSent) res.writeHead(res.statusCode);
  };
  res.write = ((...args: unknown[]) => {
    head();
    if (held) {
      held.writes.push(args);
      return false;
    }
    return refusal ? true : write(...args);
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    head();
    if (held) {
      held.end = args;
      return res;
    }
    if (!refusal) return end(...args);
    const done = args.find((a) => typeof a === "function");
    return done ? end(refusal, done) : end(refusal);
  }) as typeof res.end;
}

/** Sets the headers given to `writeHead` on the response, as Node merges them. */
function setHeadArgument(res: ServerResponse, headers: object): void {
  if (Array.isArray(headers)) {
    // A flat list `[name, value, …]` (or pairs): replaces those names, keeping duplicates.
    const flat = headers.flat() as unknown[];
    for (let i = 0; i + 1 < flat.length; i += 2) res.removeHeader(String(flat[i]));
    for (let i = 0; i + 1 < flat.length; i += 2) {
      res.appendHeader(String(flat[i]), String(flat[i + 1]));
    }
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) res.setHeader(name, value as string | string[] | number);
  }
}

/** A header of the response as one field value (a list joined with `, `), or `null`. */
function headerValue(res: ServerResponse, name: string): string | null {
  const value = res.getHeader(name);
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/**
 * Adds the path's signal headers to the answer the app or the proxy writes, when its head is
 * written: merged with the answer's own `Content-Usage` and `Link` (`signalHeaderValues`).
 * Installed after `settleOnHead`, so that a refusal replaces the answer, these headers included.
 */
function signalsOnHead(res: ServerResponse, signals: SignalHeaders): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // Headers given here are set first, so that the merge sees them (Node would set them too).
    for (const arg of rest) if (typeof arg === "object" && arg !== null) setHeadArgument(res, arg);
    const own = {
      contentUsage: headerValue(res, "content-usage"),
      link: headerValue(res, "link"),
      vary: headerValue(res, "vary"),
    };
    for (const [name, value] of Object.entries(signalHeaderValues(signals, own))) {
      res.setHeader(name, value);
    }
    return writeHead(status, ...rest.filter((arg) => typeof arg === "string"));
  }) as typeof res.writeHead;
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
  const trustProxy = options.trustProxy ?? false;
  const clientIp =
    options.clientIp ??
    ((req: Request) =>
      forwardedClientIp({
        peer: req.socket.remoteAddress,
        forwardedFor: req.headers["x-forwarded-for"],
        trustProxy,
      }) ?? undefined);
  const schemeOf = (req: Request) =>
    options.protocol ??
    requestScheme({
      connection: (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http",
      forwardedProto: req.headers["x-forwarded-proto"],
      trustProxy,
    });
  const hopOf = (req: Request, forwarded: { host: string; proto: "http" | "https" }) => ({
    ...forwarded,
    clientIp: req.socket.remoteAddress ?? null,
    trustProxy,
  });
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (refusedAmbiguous(req, res)) return;
    try {
      const target = parseRequestTarget(req.originalUrl);
      if (!target) throw invalidTargetError();
      const result = await crawlgate.edge.handle({
        method: req.method,
        host: req.headers.host ?? "",
        url: target.path + target.search,
        protocol: schemeOf(req),
        headers: req.headers as Record<string, string | undefined>,
        clientIp: clientIp(req) ?? null,
      });
      switch (result.kind) {
        case "none":
          if (result.failed) return sendEdgeError(res, "service_unavailable");
          if (options.unknownHost === "404") return sendEdgeError(res, "not_found");
          return next();
        case "redirect":
          res.status(result.status).setHeader("location", result.location);
          res.end();
          return;
        case "robots":
        case "page":
        case "policy":
          // Core's headers are final (lower-case names, string values, charset set): set as
          // they are, without Express's `res.set` parsing the Content-Type again.
          res.statusCode = result.status;
          for (const name in result.headers) res.setHeader(name, result.headers[name] as string);
          res.end(result.body);
          return;
        case "proxy": {
          if (!options.proxy) return sendEdgeError(res, "bad_gateway");
          if (result.payment) settleOnHead(res, result.payment);
          if (result.signals) signalsOnHead(res, result.signals);
          const outcome = await options.proxy(
            result.upstream,
            req,
            res,
            hopOf(req, result.forwarded),
          );
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
            const hop: ForwardedHop = hopOf(req, result.forwarded);
            if (result.originHost === "public") hop.hostHeader = result.forwarded.host;
            if (result.payment) settleOnHead(res, result.payment);
            if (result.signals) signalsOnHead(res, result.signals);
            const outcome = await originProxy(
              result.originUrl + target.path + target.search,
              req,
              res,
              hop,
            );
            if (outcome) result.report(outcome);
            return;
          }
          onFinished(res, result.report);
          if (result.payment) settleOnHead(res, result.payment);
          if (result.signals) signalsOnHead(res, result.signals);
          return next();
        }
      }
    } catch (error) {
      sendError(req, res, error); // JSON from the error table, never the host's error page
    }
  };
}
