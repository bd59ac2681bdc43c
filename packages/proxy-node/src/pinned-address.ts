import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { isPublicUnicastAddress } from "@crawlgate/core/adapter-kit";
import { Agent } from "undici";

/** Resolves a hostname to every address it has (IPv4 and IPv6). */
export type Resolve = (hostname: string) => Promise<string[]>;

/** What both pinned clients (proxy and fetch) take to decide where they may connect. */
export interface AddressPolicy {
  /** DNS resolution; default `dns.lookup` with `all: true` (the system resolver). */
  resolve?: Resolve;
  /** Which resolved addresses may be connected to; default public unicast only. */
  isAllowedAddress?: (address: string) => boolean;
}

export type Vetted = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** The refusal reason; callers (core's fetch renderer) recognise "non-public address". */
export const NON_PUBLIC = "upstream resolves to a non-public address";

const defaultResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The vetting step shared by the pinned proxy and the pinned fetch: resolves the URL's host
 * once (an IP literal is its own answer), and refuses unless every address is allowed; DNS
 * errors and empty answers refuse too (fail closed). The first address is the one to pin.
 */
export function addressVetter(policy: AddressPolicy): (url: URL) => Promise<Vetted> {
  const resolve = policy.resolve ?? defaultResolve;
  const allowed = policy.isAllowedAddress ?? isPublicUnicastAddress;
  return async (url) => {
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
    if (addresses.some((a) => !allowed(a))) return { ok: false, reason: NON_PUBLIC };
    const address = addresses[0] as string;
    return { ok: true, address, family: address.includes(":") ? 6 : 4 };
  };
}

/**
 * An undici Agent whose `lookup` answers only the vetted address, so a second DNS answer
 * (rebinding) is never used; TLS SNI (and the certificate's name) is the URL's name unless
 * `servername` says another (a Host sent in place of the URL's). `timeoutMs` bounds the
 * connect and the response headers, `bodyTimeoutMs` the silence between body chunks (default
 * undici's). Without `keepAlive` every request gets its own connection.
 */
export function pinnedAgent(
  vetted: { address: string; family: 4 | 6 },
  options: { timeoutMs: number; bodyTimeoutMs?: number; keepAlive?: boolean; servername?: string },
): Agent {
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: vetted.address, family: vetted.family },
      ]);
    } else callback(null, vetted.address, vetted.family);
  };
  return new Agent({
    connect: {
      lookup: pinned,
      timeout: options.timeoutMs,
      ...(options.servername ? { servername: options.servername } : {}),
    },
    headersTimeout: options.timeoutMs,
    ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeout: options.bodyTimeoutMs }),
    pipelining: options.keepAlive ? 1 : 0,
  });
}
