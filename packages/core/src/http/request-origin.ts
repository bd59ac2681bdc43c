import { lastElement } from "./forwarded.js";

/** How a bridge saw a request arrive: the connection's scheme, Host and forwarding headers. */
export interface OriginSources {
  /** `http` or `https`, as the connection (or the fetch runtime's URL) says. */
  protocol: string;
  /** The `Host` header (or the URL's host). */
  host: string | undefined;
  /** `X-Forwarded-Proto` and `X-Forwarded-Host`, read only when `trustProxy` is set. */
  forwardedProto?: string | undefined;
  forwardedHost?: string | undefined;
  /**
   * The host application says it runs behind a proxy it trusts, which sets the forwarding
   * headers: then they name the origin the client used. Otherwise they are ignored (a client
   * could send them to make links point elsewhere).
   */
  trustProxy: boolean;
}

/** The first value of a header sent twice and joined, trimmed. */
const first = (value: string | undefined) => value?.split(",")[0]?.trim() || undefined;

/**
 * The origin (`https://api.example.com`) a request was addressed to, for making presigned links
 * absolute when no base URL is configured; `null` when the scheme or host is unusable (links
 * then stay paths). Only `http`/`https` and a bare `host[:port]` are accepted: no user info, no
 * path, nothing a URL parser would read differently.
 */
export function requestOrigin(sources: OriginSources): string | null {
  // The trusted proxy is the nearest hop: its value is the last element (one that appends puts
  // its own last; earlier elements are whatever the client wrote), as the edge reads them.
  const forwardedProto = sources.trustProxy ? lastElement(sources.forwardedProto) : undefined;
  const forwardedHost = sources.trustProxy ? lastElement(sources.forwardedHost) : undefined;
  const protocol = (forwardedProto ?? sources.protocol).toLowerCase().replace(/:$/, "");
  const host = (forwardedHost ?? first(sources.host))?.toLowerCase();
  if ((protocol !== "http" && protocol !== "https") || !host) return null;
  if (!/^[a-z0-9.:[\]-]+$/.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  // The default port is dropped by the parser (`:443` on https): compare without it.
  const expected = url.port ? url.host : url.hostname;
  if (host !== expected && host !== `${url.hostname}:${defaultPort(protocol)}`) return null;
  return url.origin;
}

const defaultPort = (protocol: string) => (protocol === "https" ? "443" : "80");
