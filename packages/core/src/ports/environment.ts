// Environment ports: the clock, logging, DNS, ASN lookup and the HTTP client.

/** Source of the current instant. */
export interface Clock {
  now(): Date;
}

/** Structured logging: one object per event. Adapters decide where lines go. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the library default: the host decides what to log). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};

/** Reverse and forward DNS (node:dns in the Node entry, a fake in tests). */
export interface Resolver {
  /** PTR names of an address. Rejects on NXDOMAIN or failure. */
  reverse(ip: string): Promise<string[]>;
  /** A/AAAA addresses of a name. Rejects on NXDOMAIN or failure. */
  forward(hostname: string): Promise<string[]>;
  /**
   * TXT records of a name, each record's strings joined into one value (as RFC 7208 reads
   * them). Rejects on NXDOMAIN, no TXT record, or failure.
   */
  txt(hostname: string): Promise<string[]>;
}

/** Org-level ASN of an address. */
export interface AsnLookup {
  /** The ASN, or `null` when unknown. */
  asnOf(ip: string): Promise<number | null>;
}

/**
 * An HTTP client with the shape of the standard `fetch`. On Node, `createPinnedFetch` (proxy-node)
 * is one that refuses non-public addresses after DNS resolution.
 */
export type FetchLike = (
  url: string,
  init: {
    signal?: AbortSignal;
    redirect?: "follow" | "manual";
    method?: string;
    headers?: Record<string, string>;
    body?: Uint8Array | string | null;
  },
) => Promise<Response>;
