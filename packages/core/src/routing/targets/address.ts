import ipaddr from "ipaddr.js";

/** Global unicast IPv6 (2000::/3); everything else is link-local, ULA, multicast, special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether an address, in any notation ipaddr.js parses (dotted, integer, hex, octal, short
 * IPv4; IPv6 with or without a zone), is public unicast: the only kind a proxy may connect to.
 * IPv4-mapped IPv6 is judged by its IPv4 address. IPv6 must be global unicast (2000::/3) and
 * outside every special range ipaddr.js knows (documentation, 6to4, Teredo, NAT64, ORCHID, ...);
 * translation ranges are refused outright rather than decoded.
 */
export function isPublicUnicastAddress(input: string): boolean {
  let text = input.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone >= 0) return false; // a zone index only makes sense for link-local targets
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(text);
  } catch {
    return false;
  }
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicV4(v6.toIPv4Address());
    return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
  }
  return isPublicV4(address as ipaddr.IPv4);
}

function isPublicV4(address: ipaddr.IPv4): boolean {
  return address.range() === "unicast";
}

/** Whether `host` (a URL hostname, IPv6 in brackets) is a literal IP address. */
export function isIpLiteral(host: string): boolean {
  if (host.startsWith("[")) return true;
  return ipaddr.IPv4.isValid(host);
}
