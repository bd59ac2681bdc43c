import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import {
  endToEndHeaders,
  type ForwardedHop,
  forwardedRequestHeaders,
} from "@crawlgate/core/adapter-kit";
import { request as undiciRequest } from "undici";
import { type AddressPolicy, addressVetter, pinnedAgent } from "./pinned-address.js";

export type { Resolve } from "./pinned-address.js";

export interface PinnedProxyOptions extends AddressPolicy {
  /** Upstream connect + headers timeout; default 10 s. */
  timeoutMs?: number;
}

export interface ProxyRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** Request body, streamed to the upstream; `null` for none. */
  body: Readable | null;
  /**
   * What the upstream is told of the hop (`forwardedRequestHeaders`): the domain the visitor
   * asked for, the scheme it used and the peer's address (never stored), and the `Host` to send
   * when it is not the upstream's own.
   */
  hop: ForwardedHop;
}

export type ProxyResult =
  | { ok: true; status: number; headers: Record<string, string | string[]>; body: Readable }
  | { ok: false; reason: string };

/**
 * The proxy for `proxy` rules. For each request it resolves the upstream host once, refuses
 * unless every address is allowed (public unicast by default; DNS errors refuse too: fail
 * closed), then connects to exactly the vetted address through a one-off undici Agent whose
 * `lookup` answers only that address, so a second DNS answer (rebinding) is never used. Host
 * and TLS SNI stay the upstream's name (or both are `hop.hostHeader`). Redirects from the
 * upstream are passed back to the visitor, never followed. Bodies stream both ways. The
 * visitor's own `Forwarded`, `X-Real-IP` and `X-Forwarded-*` headers never reach the upstream:
 * it gets the edge's (see `forwardedRequestHeaders`).
 */
export function createPinnedProxy(options: PinnedProxyOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;

  const vet = addressVetter(options);

  return {
    /** Forwards one request to `upstream` (an absolute URL from a proxy rule). */
    async forward(upstream: string, req: ProxyRequest): Promise<ProxyResult> {
      let url: URL;
      try {
        url = new URL(upstream);
      } catch {
        return { ok: false, reason: "invalid upstream URL" };
      }
      if (url.protocol !== "http:" && url.protocol !== "https:")
        return { ok: false, reason: "upstream must be http(s)" };
      const vetted = await vet(url);
      if (!vetted.ok) return vetted;
      const servername = url.protocol === "https:" ? req.hop.hostHeader : undefined;
      const agent = pinnedAgent(vetted, { timeoutMs, ...(servername ? { servername } : {}) });
      const headers = forwardedRequestHeaders(req.headers, req.hop);
      headers.host = req.hop.hostHeader ?? url.host;
      try {
        const response = await undiciRequest(url, {
          method: req.method as "GET",
          headers,
          body: req.body ?? null,
          dispatcher: agent,
          maxRedirections: 0,
        });
        const out = endToEndHeaders(response.headers);
        response.body.once("close", () => void agent.close().catch(() => {}));
        return { ok: true, status: response.statusCode, headers: out, body: response.body };
      } catch (error) {
        await agent.close().catch(() => {});
        return {
          ok: false,
          reason: `upstream request failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    },
  };
}

export type PinnedProxy = ReturnType<typeof createPinnedProxy>;
