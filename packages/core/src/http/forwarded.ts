import ipaddr from "ipaddr.js";
/**
 * The forwarding headers the edge sends to an origin (or a proxy rule's upstream) in place of
 * whatever the client sent: `X-Forwarded-For`, `X-Forwarded-Host` and `X-Forwarded-Proto`, as
 * nginx (`proxy_add_x_forwarded_for`, `$scheme`, `$host`) and Envoy (`xff_num_trusted_hops`) do.
 * Every forwarder builds them here: the pinned proxy, the fetch bridge's origin pass-through and
 * the renderers' requests to the origin.
 */
import { endToEndHeaders } from "./hop-by-hop.js";

export type Scheme = "http" | "https";

/**
 * Whether a request header is one a client could use to lie about the hop before the origin:
 * RFC 7239's `Forwarded`, `X-Real-IP` and every `X-Forwarded-*` (`-For`, `-Host`, `-Proto`,
 * `-Port`, `-Prefix`, `-Server`, `-Ssl`, …). The edge drops them all and sets its own.
 */
export function isForwardingHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "forwarded" || lower === "x-real-ip" || lower.startsWith("x-forwarded-");
}

/** The last comma-separated element of a header a proxy chain may have appended to. */
export function lastElement(value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const joined = typeof value === "string" ? value : value.join(",");
  const parts = joined.split(",");
  return parts[parts.length - 1]?.trim() || undefined;
}

/**
 * The scheme the client really used: the connection's, or behind a proxy the operator trusts
 * (`trustProxy`), the `X-Forwarded-Proto` that proxy set. The nearest hop's value is the last
 * element (a proxy that appends puts its own last; one that overwrites sends one); anything but
 * `http`/`https` is ignored.
 */
export function requestScheme(sources: {
  connection: Scheme;
  forwardedProto?: string | readonly string[] | undefined;
  trustProxy: boolean;
}): Scheme {
  if (!sources.trustProxy) return sources.connection;
  const told = lastElement(sources.forwardedProto)?.toLowerCase();
  return told === "http" || told === "https" ? told : sources.connection;
}

/**
 * The client's address, for verifying crawlers (then dropped): the connection's peer, or behind
 * a proxy the operator trusts (`trustProxy`), the last `X-Forwarded-For` element, which is the
 * address that proxy saw connect to it (earlier elements are whatever the client wrote). A last
 * element that is not a plain IPv4 or IPv6 address (a port, `unknown`, an obfuscated name)
 * leaves the peer.
 */
export function forwardedClientIp(sources: {
  peer: string | null | undefined;
  forwardedFor?: string | readonly string[] | undefined;
  trustProxy: boolean;
}): string | null {
  const peer = sources.peer ?? null;
  if (!sources.trustProxy) return peer;
  const told = lastElement(sources.forwardedFor);
  if (told === undefined) return peer;
  return ipaddr.IPv4.isValidFourPartDecimal(told) || ipaddr.IPv6.isValid(told) ? told : peer;
}

/** What the edge knows of the hop it forwards. */
export interface Forwarding {
  /** The domain the client asked for, normalized (lowercase, no port, no trailing dot). */
  host: string;
  /** The scheme the client used (`requestScheme`). */
  proto: Scheme;
  /** The address of the peer that connected to the edge; `null`/absent: none known. */
  clientIp?: string | null | undefined;
  /**
   * The peer is a proxy the operator trusts: its `X-Forwarded-For` chain is kept and the peer
   * appended to it. Otherwise the chain starts at the peer.
   */
  trustProxy?: boolean | undefined;
}

/** A hop as a bridge hands it to a forwarder (the Node proxy, the fetch pass-through). */
export interface ForwardedHop extends Forwarding {
  /**
   * The `Host` to send instead of the upstream URL's: the domain, when its origin serves
   * several sites by Host (`Domain.originHost` `public`).
   */
  hostHeader?: string | undefined;
}

/**
 * The edge's own forwarding headers for a hop: `X-Forwarded-Host` and `X-Forwarded-Proto`
 * always, `X-Forwarded-For` when there is an address (the trusted chain, then the peer).
 */
export function forwardingHeaders(
  forwarding: Forwarding,
  incomingFor?: string | readonly string[] | undefined,
): Record<string, string> {
  const chain: string[] = [];
  if (forwarding.trustProxy && incomingFor !== undefined) {
    for (const part of (typeof incomingFor === "string" ? [incomingFor] : incomingFor)
      .join(",")
      .split(",")) {
      const trimmed = part.trim();
      if (trimmed) chain.push(trimmed);
    }
  }
  if (forwarding.clientIp) chain.push(forwarding.clientIp);
  const out: Record<string, string> = {};
  if (chain.length > 0) out["x-forwarded-for"] = chain.join(", ");
  out["x-forwarded-host"] = forwarding.host;
  out["x-forwarded-proto"] = forwarding.proto;
  return out;
}

/**
 * The headers to send on the next hop: the end-to-end ones (`endToEndHeaders`) without any
 * forwarding header the client sent (`isForwardingHeader`), plus the edge's own
 * (`forwardingHeaders`). Pure; names lower-cased.
 */
export function forwardedRequestHeaders<V extends string | readonly string[]>(
  headers: Readonly<Record<string, V | undefined>>,
  forwarding: Forwarding,
): Record<string, V | string> {
  const out: Record<string, V | string> = {};
  let incomingFor: V | undefined;
  for (const [name, value] of Object.entries(endToEndHeaders(headers))) {
    if (name === "x-forwarded-for") incomingFor = value;
    if (!isForwardingHeader(name)) out[name] = value;
  }
  return Object.assign(out, forwardingHeaders(forwarding, incomingFor));
}
