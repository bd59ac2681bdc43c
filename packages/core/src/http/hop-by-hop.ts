/**
 * Which headers a forwarder passes on (RFC 9110 §7.6.1): the end-to-end ones. Every forwarder
 * (the fetch bridge's origin pass-through, the Node proxy and the pinned fetch) filters through
 * `endToEndHeaders`, in both directions.
 */

/**
 * Headers that describe one connection, never the message: RFC 9110 §7.6.1's `Connection`,
 * `Proxy-Connection`, `Keep-Alive`, `TE`, `Transfer-Encoding` and `Upgrade`; the proxy
 * credentials meant for the next hop (`Proxy-Authenticate`, `Proxy-Authorization`, RFC 9110
 * §11.7); `Trailer`, which announces trailers a re-framed body no longer carries; and `Host`,
 * which names the hop's target and is set by whoever sends the next hop (RFC 9110 §7.2).
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  "connection",
  "proxy-connection",
  "keep-alive",
  "te",
  "transfer-encoding",
  "upgrade",
  "proxy-authenticate",
  "proxy-authorization",
  "trailer",
  "host",
]);

type HeaderValue = string | readonly string[] | undefined;

/** The header names listed in the `Connection` field(s), lower-cased. */
function namedInConnection(headers: Readonly<Record<string, HeaderValue>>): Set<string> {
  const named = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "connection" || value === undefined) continue;
    for (const line of typeof value === "string" ? [value] : value) {
      for (const token of line.split(",")) {
        const trimmed = token.trim().toLowerCase();
        if (trimmed) named.add(trimmed);
      }
    }
  }
  return named;
}

/**
 * The end-to-end headers of `headers`, names lower-cased: drops `HOP_BY_HOP_HEADERS` and every
 * header named in `Connection` (whatever the case of either). Values are kept as given
 * (repeated fields stay arrays). Pure: the input is not changed.
 */
export function endToEndHeaders<V extends string | readonly string[]>(
  headers: Readonly<Record<string, V | undefined>>,
): Record<string, V> {
  const named = namedInConnection(headers);
  const out: Record<string, V> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP_HEADERS.has(lower) || named.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}
