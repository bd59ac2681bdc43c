import { serviceUnavailable } from "../errors.js";
import { hostOfHeader } from "./site-settings.js";

/**
 * Which hosts crawlgate's own endpoints (the API, the dashboard, the health paths) answer on.
 * On a served domain's host every path belongs to the edge and the domain's origin, as a
 * virtual host's paths belong to it in nginx (`server_name`) or Envoy (`virtual_hosts`): a
 * customer's own `/dashboard` or `/healthz` stays reachable, and no page of a customer's site
 * shares an origin with the dashboard. Own hosts are the configured API hosts (and the host of
 * `baseUrl`), then any host that is not a served domain (an address, `localhost`, an internal
 * name).
 */
export function createOwnHosts(deps: {
  /** Hosts that are always the service's own, even when a domain has the same name. */
  apiHosts: readonly string[];
  /** Whether the host is a served domain; rejects when the stores cannot say. */
  servesHost(host: string): Promise<boolean>;
}): (host: string) => Promise<boolean> {
  const configured = new Set(deps.apiHosts.map((h) => hostOfHeader(h)).filter((h) => h !== null));
  return async function ownHost(hostHeader: string): Promise<boolean> {
    const host = hostOfHeader(hostHeader);
    // No usable Host (absent, an IPv6 literal) or an IPv4 address: never a customer's domain.
    if (host === null || /^[0-9.]+$/.test(host) || configured.has(host)) return true;
    try {
      return !(await deps.servesHost(host));
    } catch (error) {
      // Whose path this is cannot be known now: a retryable answer, never the wrong owner's.
      throw serviceUnavailable(error);
    }
  };
}
