/** The table that turns each error code into an HTTP status and a body (`errorResponse`). */

import { CrawlgateError, type ErrorCode, isCrawlgateError } from "../errors.js";
import type { ApiResponse } from "./types.js";

/**
 * HTTP status of each code. 413, 431 and 408 carry the `invalid_request` body (see
 * docs/decisions/http.md). The edge's own: `bad_gateway` and `origin_unreachable` (a proxy
 * rule's upstream, or the domain's origin, gave no answer), and its crawler policy's
 * `crawler_blocked` (403, or 402 where the policy says so) and `payment_required`, and the
 * pay-per-crawl refusals (each with its `crawler-error` header).
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  invalid_cursor: 400,
  invalid_api_key: 401,
  plan_upgrade_required: 403,
  forbidden: 403,
  rule_limit_reached: 403,
  domain_not_authorized: 403,
  domain_not_found: 404,
  rule_not_found: 404,
  duplicate_source_path: 409,
  rate_limit_exceeded_per_minute: 429,
  rate_limit_exceeded_monthly: 429,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  internal_error: 500,
  snapshot_id_required: 400,
  invalid_json_body: 400,
  snapshot_not_found: 404,
  snapshot_html_gone: 404,
  snapshot_storage_unavailable: 503,
  invalid_config: 500,
  unauthorized: 401,
  csrf_failed: 403,
  service_unavailable: 503,
  bad_gateway: 502,
  origin_unreachable: 502,
  headers_too_large: 431,
  request_timeout: 408,
  crawler_blocked: 403,
  payment_required: 402,
  crawler_forbidden: 403,
  strong_auth_required: 400,
  invalid_signature: 400,
  invalid_crawler_price_value: 400,
  missing_crawler_price: 402,
  payment_failed: 403,
  invalid_crawler_exact_price: 402,
  invalid_crawler_max_price: 402,
  conflicting_price_headers: 400,
  invalid_content_price: 502,
};

/**
 * The pay-per-crawl refusals' `crawler-error` header: the protocol's codes (Cloudflare's pay
 * per crawl error table), each with the status above.
 */
export const CRAWLER_ERROR_HEADER: Readonly<Partial<Record<ErrorCode, string>>> = {
  crawler_forbidden: "CrawlerForbidden",
  strong_auth_required: "StrongAuthRequired",
  invalid_signature: "InvalidSignature",
  invalid_crawler_price_value: "InvalidCrawlerPriceValue",
  missing_crawler_price: "MissingCrawlerPrice",
  payment_failed: "PaymentFailed",
  invalid_crawler_exact_price: "InvalidCrawlerExactPrice",
  invalid_crawler_max_price: "InvalidCrawlerMaxPrice",
  conflicting_price_headers: "ConflictingPriceHeaders",
  invalid_content_price: "InvalidContentPrice",
};

/**
 * The `error` string written in the body, where it is not the code itself. get-snapshot's
 * strings are the spec's, verbatim (not snake_case, never with a `message`).
 */
const BODY_CODE: Partial<Record<ErrorCode, string>> = {
  payload_too_large: "invalid_request",
  snapshot_id_required: "id or snapshot_id required",
  invalid_json_body: "invalid JSON body",
  snapshot_not_found: "not found",
  snapshot_html_gone: "snapshot not found in storage",
  snapshot_storage_unavailable: "snapshot storage unavailable",
  invalid_config: "internal_error",
  headers_too_large: "invalid_request",
  request_timeout: "invalid_request",
};

/**
 * Codes whose body carries the `message`: the spec's two, the dashboard's own two (its session
 * and CSRF refusals, docs/decisions.md "Dashboard") and the edge's policy answers.
 */
const WITH_MESSAGE = new Set([
  "invalid_request",
  "invalid_cursor",
  "unauthorized",
  "csrf_failed",
  "crawler_blocked",
  "payment_required",
  ...Object.keys(CRAWLER_ERROR_HEADER),
]);

export interface ErrorResponseParts {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The exact status, headers and body of an error, from the one table above. */
export function errorResponse(error: CrawlgateError): ErrorResponseParts {
  const { code, extras } = error;
  const status = ERROR_STATUS[code];
  const body: Record<string, unknown> = { error: BODY_CODE[code] ?? code };
  const headers: Record<string, string> = {};
  const bodyCode = body.error;
  if (WITH_MESSAGE.has(String(bodyCode)) && extras.message) {
    body.message = extras.message;
  }
  if (code === "rule_limit_reached" && extras.limit !== undefined) body.limit = extras.limit;
  if (extras.price && (code === "payment_required" || CRAWLER_ERROR_HEADER[code])) {
    body.price = extras.price;
  }
  const crawlerError = CRAWLER_ERROR_HEADER[code];
  if (crawlerError) headers["crawler-error"] = crawlerError;
  if (status === 429) {
    body.usage = extras.usage ?? 0;
    body.limit = extras.limit ?? 0;
    if (extras.retryAfterSeconds !== undefined) {
      headers["retry-after"] = String(extras.retryAfterSeconds);
    }
  }
  if (status === 503 && extras.retryAfterSeconds !== undefined) {
    headers["retry-after"] = String(extras.retryAfterSeconds);
  }
  if (code === "method_not_allowed" && extras.allow) headers.allow = extras.allow.join(", ");
  return { status, headers, body };
}

/**
 * The JSON response for any error a bridge catches: a `CrawlgateError` through the error table,
 * anything else `500 internal_error` (no message, no stack: the caller logs it).
 */
export function errorApiResponse(error: unknown): ApiResponse {
  const known = isCrawlgateError(error) ? error : new CrawlgateError("internal_error");
  const { status, headers, body } = errorResponse(known);
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(body),
  };
}
