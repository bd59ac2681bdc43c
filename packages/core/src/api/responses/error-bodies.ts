import { z } from "zod";
import type { ErrorCode } from "../../errors.js";
import { count, NAMED_SHAPES } from "./shapes.js";

/**
 * The body of every error code, as `errorResponse` writes it (the status is `ERROR_STATUS`'s).
 * One schema per body shape; codes with the same shape share it.
 */

const withMessage = (codes: [string, ...string[]], description: string) =>
  z
    .strictObject({
      error: z.enum(codes),
      message: z.string().optional().describe("Which parameter or rule failed"),
    })
    .describe(description);

const bare = (code: string, description: string) =>
  z.strictObject({ error: z.literal(code) }).describe(description);

const spec = (text: string, description: string) =>
  z.strictObject({ error: z.literal(text) }).describe(description);

export const invalidRequestBody = withMessage(
  ["invalid_request"],
  "A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json",
);
export const invalidCursorBody = withMessage(
  ["invalid_cursor"],
  "The cursor is malformed, expired, another endpoint's or caller's, or its archive changed: restart from the first page",
);
export const ruleLimitBody = z
  .strictObject({ error: z.literal("rule_limit_reached"), limit: count })
  .describe("The domain already has as many rules as its owner's plan allows");
export const rateLimitBody = z
  .strictObject({
    error: z.enum(["rate_limit_exceeded_per_minute", "rate_limit_exceeded_monthly"]),
    usage: count.describe("Requests counted in the exhausted window"),
    limit: count.describe("The window's limit"),
  })
  .describe(
    "Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets",
  );

/** A pay-per-crawl refusal (edge only), with its `crawler-error` header. */
const crawlerError = (code: string, what: string) =>
  z
    .strictObject({ error: z.literal(code), message: z.string().optional() })
    .describe(`Edge only, pay per crawl (crawler-error header): ${what}`);

/** A pay-per-crawl refusal that quotes the price (also in `crawler-price`). */
const pricedCrawlerError = (code: string, what: string) =>
  z
    .strictObject({
      error: z.literal(code),
      message: z.string().optional(),
      price: z.strictObject({ amount: z.string(), currency: z.string() }),
    })
    .describe(`Edge only, pay per crawl (crawler-error and crawler-price headers): ${what}`);

const internalError = bare("internal_error", "An unexpected failure; never carries details");

const BODIES: Record<ErrorCode, z.ZodType> = {
  invalid_request: invalidRequestBody,
  invalid_cursor: invalidCursorBody,
  invalid_api_key: bare("invalid_api_key", "The API key is missing, invalid or revoked"),
  plan_upgrade_required: bare(
    "plan_upgrade_required",
    "Programmatic access needs the Pro plan or above",
  ),
  forbidden: bare("forbidden", "Viewers cannot create, update or delete routing rules"),
  rule_limit_reached: ruleLimitBody,
  domain_not_authorized: bare(
    "domain_not_authorized",
    "The domain is not one the key owner can access",
  ),
  domain_not_found: bare("domain_not_found", "The domain does not exist or is not accessible"),
  rule_not_found: bare("rule_not_found", "No rule with that ID on that domain"),
  duplicate_source_path: bare(
    "duplicate_source_path",
    "Another rule of the domain has this sourcePath (letter case and one trailing slash ignored)",
  ),
  rate_limit_exceeded_per_minute: rateLimitBody,
  rate_limit_exceeded_monthly: rateLimitBody,
  not_found: bare("not_found", "No such path, or a refused presigned link"),
  method_not_allowed: bare("method_not_allowed", "The path does not take this method"),
  payload_too_large: withMessage(["invalid_request"], "The request body is over 1 MiB"),
  internal_error: internalError,
  snapshot_id_required: spec("id or snapshot_id required", "Neither or both of id and snapshot_id"),
  invalid_json_body: spec("invalid JSON body", "The body is not a JSON object"),
  snapshot_not_found: spec("not found", "No such snapshot, or not accessible"),
  snapshot_html_gone: spec(
    "snapshot not found in storage",
    "A known snapshot whose HTML is no longer retained",
  ),
  snapshot_storage_unavailable: spec(
    "snapshot storage unavailable",
    "Storage is temporarily unreachable; retry later",
  ),
  unauthorized: withMessage(
    ["unauthorized"],
    "Dashboard only: no live dashboard session (sign in with a link from crawlgate dashboard-link)",
  ),
  csrf_failed: withMessage(
    ["csrf_failed"],
    "Dashboard only: a write without the session's X-CSRF-Token, or a request from another site",
  ),
  invalid_config: internalError,
  service_unavailable: bare(
    "service_unavailable",
    "The database does not answer now; retry after the seconds in Retry-After",
  ),
  bad_gateway: bare(
    "bad_gateway",
    "Edge only: a proxy rule's upstream was refused or did not answer, or no proxy is configured",
  ),
  origin_unreachable: bare("origin_unreachable", "Edge only: the domain's origin did not answer"),
  headers_too_large: withMessage(["invalid_request"], "The request's header section is too large"),
  request_timeout: withMessage(["invalid_request"], "The request did not arrive in time"),
  crawler_blocked: withMessage(
    ["crawler_blocked"],
    "Edge only: the site's crawler policy blocks this crawler (the owner's message or a standard one)",
  ),
  payment_required: z
    .strictObject({
      error: z.literal("payment_required"),
      message: z.string().optional(),
      price: z.strictObject({ amount: z.string(), currency: z.string() }),
    })
    .describe("Edge only: the site charges crawlers; the price is also in crawler-price"),
  crawler_forbidden: crawlerError(
    "crawler_forbidden",
    "the site blocks this crawler; paying does not help",
  ),
  strong_auth_required: crawlerError(
    "strong_auth_required",
    "a price header without a Web Bot Auth signature",
  ),
  invalid_signature: crawlerError(
    "invalid_signature",
    "a price header with a signature that did not verify or does not cover it",
  ),
  invalid_crawler_price_value: crawlerError(
    "invalid_crawler_price_value",
    "a price header that is not <CURRENCY> <amount> (ISO 4217, at most 6 decimals)",
  ),
  missing_crawler_price: pricedCrawlerError(
    "missing_crawler_price",
    "a verified crawler sent neither crawler-exact-price nor crawler-max-price",
  ),
  payment_failed: crawlerError("payment_failed", "the payment could not be settled"),
  invalid_crawler_exact_price: pricedCrawlerError(
    "invalid_crawler_exact_price",
    "crawler-exact-price is not the price",
  ),
  invalid_crawler_max_price: pricedCrawlerError(
    "invalid_crawler_max_price",
    "crawler-max-price is below the price, or in another currency",
  ),
  conflicting_price_headers: crawlerError(
    "conflicting_price_headers",
    "both crawler-exact-price and crawler-max-price were sent",
  ),
  invalid_content_price: crawlerError(
    "invalid_content_price",
    "the origin's crawler-price header is not a price",
  ),
};

/** Component names of the error bodies. */
const NAMES: Partial<Record<ErrorCode, string>> = {
  invalid_request: "InvalidRequestError",
  invalid_cursor: "InvalidCursorError",
  invalid_api_key: "InvalidApiKeyError",
  plan_upgrade_required: "PlanUpgradeRequiredError",
  forbidden: "ForbiddenError",
  rule_limit_reached: "RuleLimitReachedError",
  domain_not_authorized: "DomainNotAuthorizedError",
  domain_not_found: "DomainNotFoundError",
  rule_not_found: "RuleNotFoundError",
  duplicate_source_path: "DuplicateSourcePathError",
  rate_limit_exceeded_per_minute: "RateLimitError",
  not_found: "NotFoundError",
  method_not_allowed: "MethodNotAllowedError",
  payload_too_large: "PayloadTooLargeError",
  internal_error: "InternalError",
  snapshot_id_required: "SnapshotIdRequiredError",
  invalid_json_body: "InvalidJsonBodyError",
  snapshot_not_found: "SnapshotNotFoundError",
  snapshot_html_gone: "SnapshotHtmlGoneError",
  snapshot_storage_unavailable: "SnapshotStorageUnavailableError",
  service_unavailable: "ServiceUnavailableError",
};
for (const [code, name] of Object.entries(NAMES)) {
  NAMED_SHAPES.set(BODIES[code as ErrorCode], name);
}

/** The schema of the body an error code answers with. */
export function errorBodySchema(code: ErrorCode): z.ZodType {
  return BODIES[code];
}
