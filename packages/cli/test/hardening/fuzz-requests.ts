import { invalidTargetError, parseRequestTarget } from "@crawlgate/core/adapter-kit";
import fc from "fast-check";
import type { RawExchange } from "./raw-http.js";

/**
 * Generators of hostile HTTP requests for the fuzz suite: methods, request-targets (raw bytes,
 * percent-encoding, dot segments, absolute-form with broken authorities), headers and bodies.
 * Paths are built from pieces of the API's own vocabulary so that requests reach deep into the
 * pipeline instead of all stopping at the router's 404.
 */

export interface FuzzRequest {
  method: string;
  /** Request-target as on the request line (a string of chars 0-255 = raw bytes). */
  target: string;
  /** The request line's version (sockets only): mostly HTTP/1.1, also 1.0, 0.9, 2.0 and 1.2. */
  version: string;
  /** The `Connection` header sent (sockets only), or none. */
  connection: "close" | "keep-alive" | undefined;
  headers: [string, string][];
  body: Uint8Array | null;
}

export interface FuzzWorld {
  domainId: string;
  ruleId: string;
  keys: string[];
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const OPERATIONS = [
  "purge-cache",
  "list-user-domains",
  "export-user-analytics",
  "export-crawl-analytics",
  "export-page-analytics",
  "export-page-snapshots",
  "export-ai-referrals",
  "get-bot-definitions",
  "get-snapshot",
  "export-crawl-logs",
];
const NASTY = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e%2e",
  "%2F",
  "%00",
  "%",
  "%zz",
  "%C3%A9",
  "\u00e9",
  "\u00ff",
  "\u0085",
  "?",
  "&",
  "=",
  "#",
  ";",
  "@",
  ":",
  "~",
  "evil.com",
  "x".repeat(300),
  "cursor=",
  "exp=1&sig=",
];

const method = fc.oneof(
  { weight: 3, arbitrary: fc.constant("POST") },
  { weight: 2, arbitrary: fc.constant("GET") },
  { weight: 4, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/) },
);

function pathPiece(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      "/functions/v1/",
      "/functions/v1/files/",
      `/functions/v1/domains/${world.domainId}/routing-rules`,
      `/${world.ruleId}`,
      `/${world.ruleId.toUpperCase()}`,
      "/go/",
      "/old/",
      "/abs/",
      "/q?x=1",
      "/",
    ),
    fc.constantFrom(...OPERATIONS),
    fc.constantFrom(...NASTY),
    fc.string({ unit: "binary-ascii", maxLength: 8 }),
    fc.string({ unit: "grapheme", maxLength: 4 }),
  );
}

function originForm(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.array(pathPiece(world), { minLength: 1, maxLength: 6 }).map((pieces) => {
    const path = pieces.join("");
    return path.startsWith("/") ? path : `/${path}`;
  });
}

const authority = fc
  .tuple(
    fc.constantFrom(
      "site.example.com",
      "x",
      "999.1.1.1",
      "256.256.256.256",
      "[::1",
      "[::1]",
      "[fe80::1%25eth0]",
      "",
      "a@b",
      "0x7f.1",
    ),
    fc.constantFrom("", ":80", ":99999", ":-1", ":abc", ":"),
  )
  .map(([host, port]) => host + port);

const nasty = fc.array(fc.constantFrom(...NASTY), { maxLength: 3 }).map((p) => p.join(""));
const query = fc.option(fc.constantFrom("?x=1", "?exp=1&sig=a", "?%zz", "?a=%00", "?\u00e9", "?"), {
  nil: "",
});

function target(world: FuzzWorld): fc.Arbitrary<string> {
  const operation = fc
    .tuple(
      fc.constantFrom(...OPERATIONS),
      fc.oneof({ weight: 3, arbitrary: fc.constant("") }, nasty),
      query,
    )
    .map(([op, tail, q]) => `/functions/v1/${op}${tail}${q}`);
  const rules = fc
    .tuple(
      fc.constantFrom(world.domainId, world.domainId.toUpperCase(), "x", "", "..", "%2e"),
      fc.constantFrom("", `/${world.ruleId}`, "/x", "/", "//", `/${world.ruleId}/x`),
      query,
    )
    .map(([d, rule, q]) => `/functions/v1/domains/${d}/routing-rules${rule}${q}`);
  const edge = fc
    .tuple(fc.constantFrom("/go/", "/old/", "/abs/", "/docs/", "/q", "/"), nasty, nasty, query)
    .map(([head, a, b, q]) => `${head}${a}${b}${q}`);
  return fc.oneof(
    { weight: 4, arbitrary: operation },
    { weight: 2, arbitrary: rules },
    { weight: 3, arbitrary: edge },
    { weight: 2, arbitrary: originForm(world) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom("http://", "https://", "ftp://", "http:/"),
          authority,
          originForm(world),
        )
        .map(([scheme, auth, path]) => scheme + auth + path),
    },
  );
}

const FIELDS = [
  "domainId",
  "period",
  "startDate",
  "endDate",
  "pageSize",
  "cursor",
  "sourcePath",
  "targetUrl",
  "ruleType",
  "redirectCode",
  "priority",
  "isActive",
  "notes",
  "id",
  "snapshot_id",
  "url",
  "format",
  "tier",
  "botId",
  "series",
  "__proto__",
];

function jsonBody(world: FuzzWorld): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom(
      world.domainId,
      "7d",
      "30d",
      "2026-02-30",
      "2026-01-01",
      "/go/*",
      "/*",
      "//evil.com",
      "https://evil.com/:x",
      "redirect",
      "proxy",
      301,
      302,
      -1,
      1e308,
      "",
      null,
      true,
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc
    .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 })
    .map((o) => JSON.stringify(o));
}

function body(world: FuzzWorld): fc.Arbitrary<Uint8Array | null> {
  const text = fc.oneof(
    jsonBody(world),
    fc.constantFrom("{", "[]", "null", '"x"', "{}", " ", `{"a":${"[".repeat(5000)}`),
    fc.string({ maxLength: 40 }),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 6, arbitrary: text.map((t) => new TextEncoder().encode(t)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  );
}

function headers(world: FuzzWorld): fc.Arbitrary<[string, string][]> {
  const auth = fc.constantFrom(
    ...world.keys.map((k) => `Bearer ${k}`),
    ...world.keys.map((k) => `Bearer ${k}x`),
    "Bearer ",
    "Bearer cg_live_garbage",
    "Basic YTpi",
    "",
  );
  const contentType = fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "APPLICATION/JSON",
    "multipart/form-data; boundary=x",
  );
  const other = fc.tuple(
    fc.constantFrom("accept", "x-forwarded-for", "x-forwarded-proto", "cookie", "range", "origin"),
    fc.stringMatching(/^[\x21-\x7e]{0,30}$/),
  );
  return fc
    .tuple(
      fc.option(auth, { nil: undefined, freq: 8 }),
      fc.option(contentType, { nil: undefined }),
      fc.array(other, { maxLength: 3 }),
    )
    .map(([a, c, rest]) => [
      ...(a !== undefined ? ([["authorization", a]] as [string, string][]) : []),
      ...(c !== undefined ? ([["content-type", c]] as [string, string][]) : []),
      ...rest,
    ]);
}

/** Node's parser takes 0.9, 1.0, 1.1 and 2.0 and refuses 1.2. */
const version = fc.oneof(
  { weight: 6, arbitrary: fc.constant("HTTP/1.1") },
  { weight: 2, arbitrary: fc.constant("HTTP/1.0") },
  { weight: 1, arbitrary: fc.constantFrom("HTTP/0.9", "HTTP/2.0", "HTTP/1.2") },
);

export function fuzzRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method,
    target: target(world),
    version,
    connection: fc.constantFrom("close" as const, "keep-alive" as const, undefined),
    headers: headers(world),
    body: body(world),
  });
}

/** The `error` strings of the spec's error table below 500 (get-snapshot's included). */
export const CLIENT_ERROR_STRINGS = new Set([
  "invalid_request",
  "invalid_cursor",
  "invalid_api_key",
  "plan_upgrade_required",
  "forbidden",
  "rule_limit_reached",
  "domain_not_authorized",
  "domain_not_found",
  "rule_not_found",
  "duplicate_source_path",
  "rate_limit_exceeded_per_minute",
  "rate_limit_exceeded_monthly",
  "not_found",
  "method_not_allowed",
  "id or snapshot_id required",
  "invalid JSON body",
  "not found",
  "snapshot not found in storage",
]);

/** The `error` strings of the edge's own 502s: a proxy rule's upstream, or an origin, unanswered. */
export const GATEWAY_ERROR_STRINGS = new Set(["bad_gateway", "origin_unreachable"]);

/** Text that gives away the implementation: a stack frame, a source path, a module folder. */
const LEAK = /\n\s+at |\.[cm]?[jt]s:\d|node_modules|file:\/\/|\/work\/|\/home\/|\/srv\//;

/**
 * What is wrong with a response, or `null`: a `text/plain` answer; a status of 500 or more other
 * than the edge's 502 from the error table; an error that is not JSON with a string `error` from
 * the table; or a leak. Redirects and the stubs' `origin` bodies are the edge's successes.
 */
export function responseProblem(
  method: string,
  status: number,
  contentType: string,
  body: string,
): string | null {
  if (/^text\/plain\b/i.test(contentType.trim())) return `${status} ${contentType}`;
  if (status >= 500 && status !== 502) return `status ${status}`;
  if (LEAK.test(body)) return `leaks: ${body.slice(0, 200)}`;
  if (status < 400) return null;
  if (method === "HEAD" && body === "") return status >= 500 ? `status ${status}` : null;
  if (!contentType.includes("application/json"))
    return `${status} ${contentType}: ${body.slice(0, 80)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} body is not JSON: ${body.slice(0, 80)}`;
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  const known = status === 502 ? GATEWAY_ERROR_STRINGS : CLIENT_ERROR_STRINGS;
  if (typeof error !== "string" || !known.has(error))
    return `${status} error ${JSON.stringify(error)}`;
  return null;
}

/** The messages of the answers `serve` sends before routing (a refused target, a malformed request). */
const EARLY_MESSAGES = new Set([
  invalidTargetError().message,
  "malformed HTTP request",
  "request headers are too large",
]);

/**
 * What is wrong with an answer's framing over a socket, or `null`. Every answer says where it
 * ends (`Content-Length` or chunked; none needed after HEAD, for 204 and 304), or is ended by the
 * close (HTTP/1.0's way). An early answer (one of `EARLY_MESSAGES`, which every target the kit's
 * parser refuses must get) carries `Content-Length`, says `Connection: close` and is followed by
 * the close, whatever the version.
 */
export function framingProblem(r: FuzzRequest, exchange: RawExchange): string | null {
  const { response, closed } = exchange;
  if (!response) return "no response";
  const { headers, status } = response;
  const bodyless = r.method === "HEAD" || status === 204 || status === 304;
  const chunked = /\bchunked\b/i.test(headers["transfer-encoding"] ?? "");
  if (!bodyless && headers["content-length"] === undefined && !chunked && !closed)
    return `${status}: unframed answer, and no close`;
  let message: unknown;
  try {
    message = (JSON.parse(response.body) as { message?: unknown }).message;
  } catch {}
  const refused = parseRequestTarget(r.target) === null;
  // A HEAD answer has no body to read the message from: its target tells.
  const early = EARLY_MESSAGES.has(String(message)) || (r.method === "HEAD" && refused);
  if (!early && refused) return `${status}: a refused target answered after routing`;
  if (!early) return null;
  if (headers["content-length"] === undefined) return "early answer without Content-Length";
  if (!/\bclose\b/i.test(headers.connection ?? "")) return "early answer without Connection: close";
  if (!closed) return "early answer not followed by the close";
  return null;
}
