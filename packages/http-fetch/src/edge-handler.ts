import type { ApiResponse, Crawlgate, FetchLike } from "@crawlgate/core";
import {
  CRAWLER_PRICE_HEADER,
  type EdgeErrorCode,
  edgeError,
  errorApiResponse,
  type ForwardedHop,
  forwardedRequestHeaders,
  invalidTargetError,
  type PendingCharge,
  parseRequestTarget,
  requestScheme,
  type SignalHeaders,
  signalHeaderValues,
} from "@crawlgate/core/adapter-kit";
import { ambiguousAnswer } from "./own-host.js";

export interface EdgeHandlerOptions {
  /**
   * What answers the requests the origin answers, when the site runs in the same fetch handler:
   * called for them unless `origin` is `fetch`, and for hosts the edge does not know.
   */
  next: (request: Request) => Promise<Response>;
  /**
   * Serves proxy rules, telling the upstream `hop` (`forwardedRequestHeaders`; proxy-node's
   * `fetchProxyResponder` does); without it, proxy rules answer 502 `bad_gateway`.
   */
  proxy?: (upstream: string, request: Request, hop: ForwardedHop) => Promise<Response>;
  /**
   * Where requests the origin answers go: `next` (default), or `fetch`: the domain's
   * `originUrl` through `fetch`.
   */
  origin?: "next" | "fetch";
  /**
   * The client for `origin: "fetch"`; default the runtime's `fetch`. A domain whose origin gets
   * the public Host needs one that sends a given `host` header (on Node, proxy-node's
   * `createPinnedFetch`); the platform `fetch` takes Host from the URL.
   */
  fetch?: FetchLike;
  /**
   * The visitor's address (e.g. from `CF-Connecting-IP`), for verifying crawlers and as the
   * address `X-Forwarded-For` gets; never stored.
   */
  clientIp?: (request: Request) => string | null | undefined;
  /**
   * The handler runs behind a proxy it trusts: its `X-Forwarded-Proto` names the scheme, and its
   * `X-Forwarded-For` chain is passed on with `clientIp` appended. Otherwise the request URL's
   * scheme counts and every forwarding header a client sent is dropped. Default `false`.
   */
  trustProxy?: boolean;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

const answer = ({ status, headers, body }: ApiResponse) => new Response(body, { status, headers });
/** An edge error answer: JSON from the error table. */
const failed = (code: EdgeErrorCode) => answer(edgeError(code));

/** Passes the body through, counting its bytes, and reports once it ended. */
function counted(
  response: Response,
  report: (outcome: { status: number; bytes: number }) => void,
): Response {
  const headers = new Headers(response.headers);
  headers.set("x-crawlgate-served-from", "origin");
  if (response.body === null || NULL_BODY.has(response.status)) {
    report({ status: response.status, bytes: 0 });
    return new Response(null, { status: response.status, headers });
  }
  let bytes = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      flush() {
        report({ status: response.status, bytes });
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The origin's or an upstream's answer with the signal headers of its path: its own
 * `Content-Usage` and `Link` merged with the policy's (`signalHeaderValues`).
 */
function withSignals(response: Response, signals: SignalHeaders | undefined): Response {
  if (!signals) return response;
  const headers = new Headers(response.headers);
  const own = {
    contentUsage: headers.get("content-usage"),
    link: headers.get("link"),
    vary: headers.get("vary"),
  };
  for (const [name, value] of Object.entries(signalHeaderValues(signals, own))) {
    headers.set(name, value);
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * A paid request's answer, settled before it is sent (an x402 payment's settlement awaited):
 * with its `crawler-charged` or `PAYMENT-RESPONSE` header, or the refusal instead (the origin's
 * body is then dropped).
 */
async function settled(response: Response, payment: PendingCharge): Promise<Response> {
  const price = response.headers.get(CRAWLER_PRICE_HEADER);
  const settlement = await payment.settle(response.status, price);
  if (settlement.kind === "refuse") {
    response.body?.cancel().catch(() => {});
    const body = settlement.body.byteLength === 0 ? null : settlement.body;
    return new Response(body, { status: settlement.status, headers: settlement.headers });
  }
  const added = Object.entries(settlement.headers);
  if (added.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of added) headers.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * The answer of the origin or an upstream as sent: with the path's signal headers, settled when
 * paid (a refusal replaces it, headers included), its bytes counted for the crawl row.
 */
async function passed(
  response: Response,
  result: {
    payment?: PendingCharge;
    signals?: SignalHeaders;
    report(outcome: { status: number; bytes: number }): void;
  },
): Promise<Response> {
  const signed = withSignals(response, result.signals);
  const answer = result.payment ? await settled(signed, result.payment) : signed;
  return counted(answer, result.report);
}

/**
 * The edge as a fetch handler: redirects and proxies from the domain's rules, cached or freshly
 * rendered HTML for crawlers, everything else to the origin (`next`, or the domain's origin).
 * Every crawler request is recorded with what it was served.
 */
export function createEdgeHandler(crawlgate: Pick<Crawlgate, "edge">, options: EdgeHandlerOptions) {
  return async (request: Request): Promise<Response> => {
    const ambiguous = ambiguousAnswer(request);
    if (ambiguous) return ambiguous;
    const target = parseRequestTarget(request.url);
    if (!target) return answer(errorApiResponse(invalidTargetError()));
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const clientIp = options.clientIp?.(request) ?? null;
    const trustProxy = options.trustProxy ?? false;
    const result = await crawlgate.edge.handle({
      method: request.method,
      host: request.headers.get("host") ?? target.host ?? "",
      url: target.path + target.search,
      protocol: requestScheme({
        connection: target.protocol ?? "https",
        forwardedProto: headers["x-forwarded-proto"],
        trustProxy,
      }),
      headers,
      clientIp,
    });
    switch (result.kind) {
      case "none":
        return result.failed ? failed("service_unavailable") : options.next(request);
      case "redirect":
        return new Response(null, {
          status: result.status,
          headers: { location: result.location },
        });
      case "robots":
      case "page":
      case "policy":
        return new Response(
          NULL_BODY.has(result.status) || result.body.byteLength === 0 ? null : result.body,
          {
            status: result.status,
            headers: result.headers,
          },
        );
      case "proxy": {
        if (!options.proxy) return failed("bad_gateway");
        const hop = { ...result.forwarded, clientIp, trustProxy };
        const response = await options.proxy(result.upstream, request, hop);
        return passed(response, result);
      }
      case "origin": {
        if (options.origin !== "fetch") return passed(await options.next(request), result);
        if (!result.originUrl) return failed("not_found");
        const fetch = options.fetch ?? (globalThis.fetch as FetchLike);
        // The body is read whole and sent again: fetch frames it, so its length goes too.
        const { "content-length": _, ...forwarded } = forwardedRequestHeaders(headers, {
          ...result.forwarded,
          clientIp,
          trustProxy,
        });
        // A virtual-host origin gets the domain as Host, through a client that sends a given
        // Host (proxy-node's pinned fetch does; the platform fetch takes Host from the URL).
        if (result.originHost === "public") forwarded.host = result.forwarded.host;
        const method = request.method.toUpperCase();
        const body =
          method === "GET" || method === "HEAD"
            ? null
            : new Uint8Array(await request.arrayBuffer());
        const response = await fetch(result.originUrl + target.path + target.search, {
          method,
          headers: forwarded,
          body,
          redirect: "manual",
        }).catch(() => null);
        if (!response) return failed("origin_unreachable");
        return passed(response, result);
      }
    }
  };
}
