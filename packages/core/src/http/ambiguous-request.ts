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

/** The 400 `invalid_request` for an ambiguous request, or `null` when it is not ambiguous. */
export function ambiguousRequestError(
  fields: Iterable<readonly [name: string, value: string]>,
): CrawlgateError | null {
  let hosts = 0;
  let codings = 0;
  for (const [name, value] of fields) {
    const lower = name.toLowerCase();
    if (lower === "host") hosts += value.includes(",") ? 2 : 1;
    else if (lower === "transfer-encoding") codings += value.includes(",") ? 2 : 1;
  }
  if (hosts > 1) return invalidRequest("the request has more than one Host header");
  if (codings > 1)
    return invalidRequest("the request has more than one Transfer-Encoding header or coding");
  return null;
}

/** Node's `rawHeaders` (name, value, name, value, …) as field pairs. */
export function* rawHeaderFields(raw: readonly string[]): Generator<[string, string]> {
  for (let i = 0; i + 1 < raw.length; i += 2) yield [raw[i] as string, raw[i + 1] as string];
}
