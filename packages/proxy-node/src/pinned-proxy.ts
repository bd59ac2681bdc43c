import { lookup } from "node:dns/promises";
import type { IncomingHttpHeaders } from "node:http";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { isPublicUnicastAddress } from "@crawlgate/core/adapter-kit";
import { Agent, request as undiciRequest } from "undici";

/** Resolves a hostname to every address it has (IPv4 and IPv6). */
export type Resolve = (hostname: string) => Promise<string[]>;

export interface PinnedProxyOptions {
  /** DNS resolution; default `dns.lookup` with `all: true` (the system resolver). */
  resolve?: Resolve;
  /** Which resolved addresses may be connected to; default public unicast only. */
  isAllowedAddress?: (address: string) => boolean;
  /** Upstream connect + headers timeout; default 10 s. */
  timeoutMs?: number;
}

export interface ProxyRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** Request body, streamed to the upstream; `null` for none. */
  body: Readable | null;
  /** The visitor's address, for `X-Forwarded-For` (never stored). */
  clientIp?: string | undefined;
  /** The Host the visitor asked for and the scheme it used, for `X-Forwarded-Host/Proto`. */
  host: string;
  protocol: "http" | "https";
}

export type ProxyResult =
  | { ok: true; status: number; headers: Record<string, string | string[]>; body: Readable }
  | { ok: false; reason: string };

/** Hop-by-hop headers (RFC 9110 §7.6.1) never cross the proxy in either direction. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

const defaultResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Copies end-to-end headers: drops hop-by-hop ones and any named in `Connection`. */
export function endToEndHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}

/**
 * The proxy for `proxy` rules. For each request it resolves the upstream host once, refuses
 * unless every address is allowed (public unicast by default; DNS errors refuse too: fail
 * closed), then connects to exactly the vetted address through a one-off undici Agent whose
 * `lookup` answers only that address, so a second DNS answer (rebinding) is never used. Host
 * and TLS SNI stay the upstream's name. Redirects from the upstream are passed back to the
 * visitor, never followed. Bodies stream both ways.
 */
export function createPinnedProxy(options: PinnedProxyOptions = {}) {
  const resolve = options.resolve ?? defaultResolve;
  const allowed = options.isAllowedAddress ?? isPublicUnicastAddress;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function vet(
    url: URL,
  ): Promise<{ ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string }> {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    let addresses: string[];
    if (/^[\d.]+$/.test(host) || host.includes(":")) addresses = [host];
    else {
      try {
        addresses = await resolve(host);
      } catch (error) {
        return {
          ok: false,
          reason: `DNS lookup failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }
    if (addresses.length === 0) return { ok: false, reason: "DNS lookup returned no address" };
    const refused = addresses.find((a) => !allowed(a));
    if (refused !== undefined)
      return { ok: false, reason: "upstream resolves to a non-public address" };
    const address = addresses[0] as string;
    return { ok: true, address, family: address.includes(":") ? 6 : 4 };
  }

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
      const pinned: LookupFunction = (_hostname, opts, callback) => {
        if ((opts as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(
            null,
            [{ address: vetted.address, family: vetted.family }],
          );
        } else callback(null, vetted.address, vetted.family);
      };
      const agent = new Agent({
        connect: { lookup: pinned, timeout: timeoutMs },
        headersTimeout: timeoutMs,
        pipelining: 0,
      });
      const headers = endToEndHeaders(req.headers as Record<string, string | string[] | undefined>);
      const forwardedFor = headers["x-forwarded-for"];
      headers["x-forwarded-for"] = [forwardedFor, req.clientIp].flat().filter(Boolean).join(", ");
      if (!headers["x-forwarded-for"]) delete headers["x-forwarded-for"];
      headers["x-forwarded-proto"] = req.protocol;
      headers["x-forwarded-host"] = req.host;
      headers.host = url.host;
      try {
        const response = await undiciRequest(url, {
          method: req.method as "GET",
          headers,
          body: req.body ?? null,
          dispatcher: agent,
          maxRedirections: 0,
        });
        const out = endToEndHeaders(
          response.headers as Record<string, string | string[] | undefined>,
        );
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
