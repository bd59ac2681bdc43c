import fc from "fast-check";

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

export function fuzzRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method,
    target: target(world),
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

/** Text that gives away the implementation: a stack frame, a source path, a module folder. */
const LEAK = /\n\s+at |\.[cm]?[jt]s:\d|node_modules|file:\/\/|\/work\/|\/home\/|\/srv\//;

/**
 * What is wrong with a response, or `null`: a status of 500 or more, an error that is not JSON
 * with a string `error` from the table, or a leak. Redirects and the stubs' `origin` bodies are
 * the edge's successes.
 */
export function responseProblem(
  method: string,
  status: number,
  contentType: string,
  body: string,
): string | null {
  if (status >= 500) return `status ${status}`;
  if (LEAK.test(body)) return `leaks: ${body.slice(0, 200)}`;
  if (status >= 300 && status < 400) return null;
  if (status < 300) return null;
  if (method === "HEAD" && body === "") return null;
  if (!contentType.includes("application/json"))
    return `${status} ${contentType}: ${body.slice(0, 80)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} body is not JSON: ${body.slice(0, 80)}`;
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error !== "string" || !CLIENT_ERROR_STRINGS.has(error))
    return `${status} error ${JSON.stringify(error)}`;
  return null;
}
