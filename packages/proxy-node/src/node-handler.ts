import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ApiResponse, Logger } from "@crawlgate/core";
import {
  edgeError,
  type ForwardedHop,
  hostOfHeader,
  requestScheme,
} from "@crawlgate/core/adapter-kit";
import type { PinnedProxy, ProxyResult } from "./pinned-proxy.js";

export interface NodeEdgeOptions {
  logger?: Logger;
  /**
   * For a call without a hop (the edge's bridges always pass one): the scheme visitors use,
   * for `X-Forwarded-Proto`; default the real one (the connection's, or the trusted proxy's
   * `X-Forwarded-Proto` with `trustProxy`).
   */
  protocol?: "http" | "https";
  /**
   * For a call without a hop: the peer is a proxy the operator trusts, whose `X-Forwarded-For`
   * chain is kept (the peer appended) and whose `X-Forwarded-Proto` names the scheme.
   */
  trustProxy?: boolean;
  /**
   * The error answered (502, JSON from core's error table) when the upstream is refused or does
   * not answer: `bad_gateway` (default) for proxy rules, `origin_unreachable` for a proxy that
   * serves domains' origins.
   */
  unreachable?: "bad_gateway" | "origin_unreachable";
}

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/** Logs the refusal and returns the error answer for it. */
function refused(options: NodeEdgeOptions, upstream: string, reason: string): ApiResponse {
  options.logger?.warn("edge.proxy_refused", { upstream: new URL(upstream).origin, reason });
  return edgeError(options.unreachable ?? "bad_gateway");
}

/** The hop of a request forwarded without one: read from the request itself. */
function hopOf(req: IncomingMessage, options: NodeEdgeOptions): ForwardedHop {
  const trustProxy = options.trustProxy ?? false;
  const connection = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const raw = req.headers.host ?? "";
  return {
    host: hostOfHeader(raw) ?? raw.trim().toLowerCase(),
    proto:
      options.protocol ??
      requestScheme({ connection, forwardedProto: req.headers["x-forwarded-proto"], trustProxy }),
    clientIp: req.socket.remoteAddress ?? null,
    trustProxy,
  };
}

/**
 * Serves a proxy decision on node:http / Express objects, streaming both ways. `hop` is what the
 * upstream is told (the edge's bridges pass the domain, the real scheme and the peer); without
 * it, it is read from the request (`hopOf`). Resolves with the status and body bytes sent (for
 * the crawl row).
 */
export function nodeRequestHandler(proxy: PinnedProxy, options: NodeEdgeOptions = {}) {
  return async (
    upstream: string,
    req: IncomingMessage,
    res: ServerResponse,
    hop?: ForwardedHop,
  ): Promise<{ status: number; bytes: number }> => {
    const method = (req.method ?? "GET").toUpperCase();
    const result = await proxy.forward(upstream, {
      method,
      headers: req.headers,
      body: hasBody(method) ? req : null,
      hop: hop ?? hopOf(req, options),
    });
    if (!result.ok) {
      const { status, headers, body } = refused(options, upstream, result.reason);
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = status;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.end(body); // one write: Node adds its Content-Length
      }
      return { status, bytes: 0 };
    }
    res.writeHead(result.status, result.headers);
    let bytes = 0;
    result.body.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
    });
    await pipeline(result.body, res).catch(() => res.destroy());
    return { status: result.status, bytes };
  };
}

/**
 * Serves a proxy decision for a WHATWG `Request` on Node (fetch-style hosts); `hop` as for
 * `nodeRequestHandler`, else read from the request (its URL's host and scheme).
 */
export function fetchProxyResponder(
  proxy: PinnedProxy,
  options: NodeEdgeOptions & { clientIp?: (request: Request) => string | undefined } = {},
) {
  return async (upstream: string, request: Request, hop?: ForwardedHop): Promise<Response> => {
    const method = request.method.toUpperCase();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const url = new URL(request.url);
    const trustProxy = options.trustProxy ?? false;
    const connection = url.protocol === "http:" ? "http" : "https";
    const result: ProxyResult = await proxy.forward(upstream, {
      method,
      headers,
      body: hasBody(method) && request.body ? Readable.fromWeb(request.body as never) : null,
      hop: hop ?? {
        host: hostOfHeader(url.host) ?? url.hostname,
        proto:
          options.protocol ??
          requestScheme({ connection, forwardedProto: headers["x-forwarded-proto"], trustProxy }),
        clientIp: options.clientIp?.(request) ?? null,
        trustProxy,
      },
    });
    if (!result.ok) {
      const { status, headers, body } = refused(options, upstream, result.reason);
      return new Response(body, { status, headers });
    }
    const out = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
    }
    const nullBody = result.status === 204 || result.status === 304 || method === "HEAD";
    return new Response(nullBody ? null : (Readable.toWeb(result.body) as ReadableStream), {
      status: result.status,
      headers: out,
    });
  };
}
