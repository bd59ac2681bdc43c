/**
 * The rules the spec states in prose, for the OpenAPI document's descriptions (Markdown). Each
 * names the decisions of docs/decisions.md that apply where the spec is silent.
 */

export const API_DESCRIPTION = `The crawlgate HTTP API: cache purge, analytics exports (per-bot, per-page, snapshots, raw crawl logs, AI referrals), the bot taxonomy, snapshot retrieval, domain listing and routing rules. In beta: response shapes may change.

## Conventions
- Paths start with \`/functions/v1/\`, appended to the server's base URL. Every endpoint is \`POST\` with a JSON body, except those below \`/domains/{domainId}/\` (routing rules, crawler policy, robots.txt preview, domain settings, verification, cache status: \`GET\`, \`POST\`, \`PUT\`, \`PATCH\`, \`DELETE\` with path parameters; cache status takes its \`path\` as a query parameter, and refuses unknown parameters as unknown body fields are) and the presigned downloads.
- A request body must be sent with \`Content-Type: application/json\` (parameters such as \`charset\` allowed); a body sent with another type is \`400 invalid_request\` ("Content-Type must be application/json"). A body over 1 MiB is \`413\` with the \`invalid_request\` body. A POST with no body is \`{}\`. Unknown body fields are \`400 invalid_request\` ("unknown field: x"), except on get-snapshot.
- Timestamps are ISO 8601 in UTC with millisecond precision; dates are \`YYYY-MM-DD\`, UTC. IDs are UUID-style; a malformed ID in a path is \`400 invalid_request\`; IDs are returned lowercase.
- Intended for server-side callers only: never put the API key in client-side code.
- A path that is not an endpoint answers \`404 {"error":"not_found"}\` (before authentication); a known path with another method \`405 {"error":"method_not_allowed"}\` with an \`Allow\` header.

## Authentication and plans
Every endpoint needs \`Authorization: Bearer <API_KEY>\` (the scheme matched case-insensitively); a missing, invalid or revoked key is \`401 invalid_api_key\`. Programmatic access needs the Pro plan or above on every endpoint except purge-cache: Starter accounts get \`403 plan_upgrade_required\` (checked before rate limiting, so not counted). Routing-rule and crawler-policy writes, warm-cache and export-crawler-charges need the \`owner\` or \`manager\` role (\`403 forbidden\` for viewers); everything else is readable by any role. A domain or snapshot that exists but is not accessible is reported as not found.

## Rate limits
60 requests per minute per user (a fixed window starting at the first request) and a monthly quota per plan (UTC calendar month; by default Starter 1,000, Pro 10,000, Business 100,000, Enterprise 1,000,000; an operator may configure others). Each request that passes authentication counts, including each page and each get-snapshot call; presigned downloads and this document do not. Over a limit: \`429\` with \`rate_limit_exceeded_per_minute\` or \`rate_limit_exceeded_monthly\`, \`usage\` and \`limit\` in the body, and \`Retry-After\` (whole seconds until the window resets). Clients match on the \`rate_limit_exceeded\` prefix.

## Shared window rules
Used by export-crawl-analytics, export-ai-referrals, export-page-analytics, export-page-snapshots, export-crawl-logs, export-robots-compliance, export-crawler-charges and export-crawl-to-refer.
- \`period\` and \`startDate\`/\`endDate\` cannot be sent together; \`endDate\` without \`startDate\` is invalid.
- With \`startDate\` only, \`endDate\` defaults to today. Dates must be real calendar dates, not in the future, \`startDate <= endDate\`.
- At most 365 days inclusive (31 days for export-crawl-logs).
- \`period\`: \`1d\`, \`7d\`, \`30d\`, \`90d\`, \`365d\`, default \`30d\` (export-crawl-logs: \`1d\`, \`7d\`, \`30d\`, default \`7d\`); \`Nd\` is the N days ending today, inclusive. A window field sent as \`null\` counts as not sent.
- A violation is \`400 invalid_request\` with a \`message\` naming the rule.

## Shared cursor rules
Endpoints with \`cursor\` (page analytics, page snapshots, crawl logs) answer \`nextCursor\` (\`null\` on the last page). To continue, send \`cursor\`: it pins the window and filters (export-page-analytics still reads \`series\`); other known fields are ignored, unknown names are still refused. In a cursor request the response \`period\` is \`null\`. A malformed, tampered, expired (24 hours), foreign or stale cursor is \`400 invalid_cursor\`: restart from the first page.

## Cutover
\`legacyCutover\` is \`2026-07-09\`: verified crawl tracking and page-level data start on it. export-page-analytics, export-page-snapshots and export-crawl-to-refer clamp an earlier start to it (the response carries \`requestedStartDate\`, the start sent) and refuse a window ending before it (\`400\`). export-crawl-analytics reports earlier days from legacy per-key counts: only two classic search-engine bots carry \`verified\`, every other bot is \`declared\`, family aggregates carry \`intent: null\`. Expect a step-change in tiers at the cutover; it is not a traffic change.

## Presigned links
\`htmlUrl\` (export-page-snapshots) and the parquet \`url\`s (export-crawl-logs) are fetched with a plain GET and no \`Authorization\`; they are secrets and expire (about 24 hours and 1 hour). They are absolute URLs: built on the server's configured base URL, or else on the scheme and host the request was addressed to. Downloads are not rate limited or counted. A refused link answers exactly like an unknown path.

## Limits
Page sizes: page analytics 1 to 500 (default 50), page snapshots 1 to 400 days (default 100), crawl logs 1 to 2,000 rows (default 500). Top landing paths: 500 per domain. Day granularity: windows up to 90 days. Routing rules: \`sourcePath\` and \`targetUrl\` at most 2,048 characters, \`notes\` 2,000; rules per domain set by the owner's plan (by default Starter 10, Pro 100, Business 1,000, Enterprise unlimited; \`limit\` in list-routing-rules says which applies). Crawl-log archive kept about 13 months; snapshot HTML on a rolling basis (90 days after a version was last served by default).`;

export const SECURITY_DESCRIPTION =
  "An API key `cg_live_…` from the account dashboard, sent as `Authorization: Bearer <API_KEY>`.";

export const FILES_DESCRIPTION = {
  snapshot:
    "A presigned `htmlUrl`: the stored gzip bytes of a snapshot's HTML, served as `text/plain; charset=utf-8` without `Content-Encoding` (the client decompresses). No `Authorization`; not rate limited or counted. A tampered, expired, unknown or dropped link is `404 not_found`, like an unknown path.",
  archive:
    "A presigned parquet `url` of export-crawl-logs (when the store cannot presign links itself): one immutable Parquet part. No `Authorization`; not rate limited or counted. A refused link is `404 not_found`.",
  document:
    "This OpenAPI 3.1 document. No `Authorization`; not rate limited or counted. The same document is `docs/openapi.json` in the repository.",
};
