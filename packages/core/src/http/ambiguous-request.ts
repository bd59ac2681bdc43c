import { type CrawlgateError, invalidRequest } from "../errors.js";

/**
 * Requests whose framing or target two parsers could read differently (docs/decisions/http.md):
 * more than one `Host` field (Node keeps the first, a proxy in front may have routed by the
 * last), and more than one `Transfer-Encoding` field or coding (crawlgate decodes `chunked`
 * alone; Node refuses a repeated `chunked` but joins `gzip` then `chunked` into one list). A
 * fetch runtime hands repeated fields over joined with `, `, so a comma in either value counts
 * as a repetition too: both views of one request get the same answer. nginx refuses the same
 * (a duplicate `Host` or `Transfer-Encoding` is a 400 there).
 */

/** How many `Host` fields one field counts for: a comma in the value joins repeated ones. */
const hostsIn = (name: string, value: string) =>
  name.length === 4 && name.toLowerCase() === "host" ? (value.includes(",") ? 2 : 1) : 0;

/** How many `Transfer-Encoding` fields or codings one field counts for. */
const codingsIn = (name: string, value: string) =>
  name.length === 17 && name.toLowerCase() === "transfer-encoding"
    ? value.includes(",")
      ? 2
      : 1
    : 0;

function ambiguity(hosts: number, codings: number): CrawlgateError | null {
  if (hosts > 1) return invalidRequest("the request has more than one Host header");
  if (codings > 1)
    return invalidRequest("the request has more than one Transfer-Encoding header or coding");
  return null;
}

/** The 400 `invalid_request` for an ambiguous request, or `null` when it is not ambiguous. */
export function ambiguousRequestError(
  fields: Iterable<readonly [name: string, value: string]>,
): CrawlgateError | null {
  let hosts = 0;
  let codings = 0;
  for (const [name, value] of fields) {
    hosts += hostsIn(name, value);
    codings += codingsIn(name, value);
  }
  return ambiguity(hosts, codings);
}

/**
 * `ambiguousRequestError` of Node's `rawHeaders` (name, value, name, value, …), read in place:
 * the bridges ask it of every request.
 */
export function ambiguousRawHeadersError(raw: readonly string[]): CrawlgateError | null {
  let hosts = 0;
  let codings = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    hosts += hostsIn(name, value);
    codings += codingsIn(name, value);
  }
  return ambiguity(hosts, codings);
}

/** Node's `rawHeaders` (name, value, name, value, …) as field pairs. */
export function* rawHeaderFields(raw: readonly string[]): Generator<[string, string]> {
  for (let i = 0; i + 1 < raw.length; i += 2) yield [raw[i] as string, raw[i + 1] as string];
}
