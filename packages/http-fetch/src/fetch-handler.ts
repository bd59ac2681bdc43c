import type { ApiRequest, ApiResponse, Crawlgate } from "@crawlgate/core";
import {
  encodeResponse,
  errorApiResponse,
  invalidTargetError,
  parseRequestTarget,
  readLimitedBody,
  requestOrigin,
} from "@crawlgate/core/adapter-kit";
import { type OtherHostHandler, type OwnHostSource, onOwnHost } from "./own-host.js";

export type FetchHandler = (request: Request) => Promise<Response>;

export interface FetchHandlerOptions {
  /**
   * The handler runs behind a proxy the host application trusts: presigned links take their
   * scheme and host from `X-Forwarded-Proto`/`X-Forwarded-Host` (the first value of each) rather
   * than from the request URL. Default `false`: those headers are ignored. A configured
   * `baseUrl` wins over both.
   */
  trustProxy?: boolean;
  /**
   * Where a request on a served domain's host goes (every path there belongs to the site):
   * usually the edge handler; default `404 not_found`.
   */
  otherHost?: OtherHostHandler;
}

/**
 * The crawlgate API as a fetch handler: `(Request) => Promise<Response>`, for any runtime with
 * WHATWG fetch (Node 20, Deno, Bun, workers). Paths are taken from the request URL as they are,
 * so the API answers under `/functions/v1/`. It answers on crawlgate's own hosts only (see
 * `Crawlgate.ownHost`); on a served domain's host the request goes to `otherHost`.
 */
export function createFetchHandler(
  crawlgate: Pick<Crawlgate, "api"> & OwnHostSource,
  options: FetchHandlerOptions = {},
): FetchHandler {
  const trustProxy = options.trustProxy ?? false;
  return onOwnHost(
    crawlgate,
    async (request) => {
      try {
        const response = await crawlgate.api.handle(await toApiRequest(request, trustProxy));
        return toResponse(await encodedFor(request, response));
      } catch (error) {
        // A failing body stream or header: JSON from the error table, never a thrown error.
        return toResponse(errorApiResponse(error));
      }
    },
    options.otherHost,
  );
}

/** The core request for a fetch `Request` (its path as it is). */
export async function toApiRequest(request: Request, trustProxy: boolean): Promise<ApiRequest> {
  const target = parseRequestTarget(request.url);
  if (!target) throw invalidTargetError();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return {
    method: request.method.toUpperCase(),
    path: target.path,
    query: target.query,
    headers,
    body: request.body ? await readLimitedBody(streamChunks(request.body)) : null,
    origin: requestOrigin({
      protocol: target.protocol ?? "https",
      host: target.host,
      forwardedProto: headers["x-forwarded-proto"],
      forwardedHost: headers["x-forwarded-host"],
      trustProxy,
    }),
  };
}

async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops reading an oversized body early instead of draining it.
    await reader.cancel().catch(() => {});
  }
}

/**
 * The answer in the coding the request's `Accept-Encoding` prefers: gzip through
 * `CompressionStream`, which every fetch runtime has (it has no `br`).
 */
export function encodedFor(request: Request, response: ApiResponse): Promise<ApiResponse> {
  return encodeResponse(response, request.headers.get("accept-encoding") ?? undefined);
}

/** The fetch `Response` of a core response. */
export function toResponse(response: ApiResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}
