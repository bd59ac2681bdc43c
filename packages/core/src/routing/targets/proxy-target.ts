import { parse as parseHostname } from "tldts";
import { isIpLiteral, isPublicUnicastAddress } from "./address.js";
import { capturesInAuthority } from "./safe-target.js";

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Suffixes that never name a public host (RFC 6761, RFC 8375, common private zones). */
const PRIVATE_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "localdomain",
  "home.arpa",
  "lan",
  "intranet",
  "corp",
  "test",
  "invalid",
  "example",
];

/** Lowercase, without one trailing dot and without a leading `www.`. */
function siteName(host: string): string {
  const bare = host.toLowerCase().replace(/\.$/, "");
  return bare.startsWith("www.") ? bare.slice(4) : bare;
}

/**
 * Parses an absolute http(s) URL and refuses credentials and captures in the authority (see
 * safe-target.ts). Shared by redirect and proxy checks.
 */
export function parseAbsoluteHttpUrl(raw: string): TargetCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "must be a full http:// or https:// URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: "must use http:// or https://" };
  }
  if (!/^https?:\/\//i.test(raw))
    return { ok: false, reason: "must be a full http:// or https:// URL" };
  if (url.username || url.password) return { ok: false, reason: "must not contain credentials" };
  if (capturesInAuthority(raw))
    return { ok: false, reason: "must not put a capture or * in its host or port" };
  if (!url.hostname) return { ok: false, reason: "must name a host" };
  return { ok: true, url };
}

/**
 * Checks a proxy target at write time: a full http(s) URL whose host is a public name or a public
 * unicast address in any notation; never `localhost`, private/internal/link-local/reserved
 * addresses (IPv4-mapped IPv6 included), `.internal`/`.local` and other private zones,
 * single-label names, names without a public suffix, or the domain itself and its `www.` variant.
 * The same host is checked again after DNS resolution when the proxy connects.
 */
export function checkProxyTarget(raw: string, domainHostname: string): TargetCheck {
  const parsed = parseAbsoluteHttpUrl(raw);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isIpLiteral(host)) {
    return isPublicUnicastAddress(host)
      ? parsed
      : {
          ok: false,
          reason: "must not point to a private, loopback, link-local or reserved address",
        };
  }
  if (host.length === 0 || host.includes(".."))
    return { ok: false, reason: "must name a valid host" };
  const labels = host.split(".");
  if (labels.length < 2)
    return { ok: false, reason: "must name a public host, not a single-label name" };
  for (const suffix of PRIVATE_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) {
      return { ok: false, reason: `must not point to a .${suffix} or other internal host` };
    }
  }
  const info = parseHostname(host);
  if (!info.isIcann || !info.domain)
    return { ok: false, reason: "must name a host under a public suffix" };
  if (siteName(host) === siteName(domainHostname)) {
    return { ok: false, reason: "must not point to the domain itself or its www. variant" };
  }
  return parsed;
}
