import type { Crawlgate } from "@crawlgate/core";
import { errorApiResponse, invalidTargetError } from "@crawlgate/core/adapter-kit";

export interface EdgeHandlerOptions {
  /** What to serve when no rule applies (the site itself, or its origin). */
  next: (request: Request) => Promise<Response>;
  /** Serves a proxy decision; without it, proxy rules answer 502. */
  proxy?: (upstream: string, request: Request) => Promise<Response>;
}

/** The edge as a fetch handler: redirects and proxies from the rules, `next` otherwise. */
export function createEdgeHandler(crawlgate: Pick<Crawlgate, "edge">, options: EdgeHandlerOptions) {
  return async (request: Request): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      const { status, headers, body } = errorApiResponse(invalidTargetError());
      return new Response(body, { status, headers });
    }
    const decision = await crawlgate.edge.route({
      host: request.headers.get("host") ?? url.host,
      url: url.pathname + url.search,
      protocol: url.protocol === "http:" ? "http" : "https",
    });
    if (decision.kind === "none") return options.next(request);
    if (decision.kind === "redirect") {
      return new Response(null, {
        status: decision.status,
        headers: { location: decision.location },
      });
    }
    if (!options.proxy)
      return new Response("Bad Gateway", {
        status: 502,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    return options.proxy(decision.upstream, request);
  };
}
