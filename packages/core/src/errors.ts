/**
 * The one error type of crawlgate. An API operation throws it to end a request with a spec error
 * (the HTTP status and body come from one table, `http/error-response.ts`); `createCrawlgate`
 * throws it with `invalid_config` for a bad configuration. Expected outcomes (no rule matched,
 * duplicate, over limit) are returned values inside core, never thrown.
 */

export type ErrorCode =
  | "invalid_request"
  | "invalid_cursor"
  | "invalid_api_key"
  | "plan_upgrade_required"
  | "forbidden"
  | "rule_limit_reached"
  | "domain_not_authorized"
  | "domain_not_found"
  | "rule_not_found"
  | "duplicate_source_path"
  | "rate_limit_exceeded_per_minute"
  | "rate_limit_exceeded_monthly"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "internal_error"
  | "snapshot_id_required"
  | "invalid_json_body"
  | "snapshot_not_found"
  | "snapshot_html_gone"
  | "snapshot_storage_unavailable"
  | "invalid_config"
  | "unauthorized"
  | "csrf_failed"
  | "service_unavailable"
  | "bad_gateway"
  | "origin_unreachable"
  | "headers_too_large"
  | "request_timeout"
  | "crawler_blocked"
  | "payment_required"
  // The pay-per-crawl protocol's refusals (`crawler-error` header: CRAWLER_ERROR_HEADER).
  | "crawler_forbidden"
  | "strong_auth_required"
  | "invalid_signature"
  | "invalid_crawler_price_value"
  | "missing_crawler_price"
  | "payment_failed"
  | "invalid_crawler_exact_price"
  | "invalid_crawler_max_price"
  | "conflicting_price_headers"
  | "invalid_content_price";

export interface ErrorExtras {
  /**
   * Human-readable detail; sent for `invalid_request` and `invalid_cursor`, the dashboard's
   * refusals and the edge's policy answers only.
   */
  message?: string;
  /** `rule_limit_reached`: the owner's plan limit. 429: the exhausted window's limit. */
  limit?: number;
  /** 429: requests counted in the exhausted window. */
  usage?: number;
  /** 429: seconds until the window resets; 503: when to try again. Sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** 405: the methods the path accepts, sent as `Allow`. */
  allow?: readonly string[];
  /** `payment_required` and the pay-per-crawl refusals that quote it: the price per request. */
  price?: { amount: string; currency: string };
}

export class CrawlgateError extends Error {
  readonly code: ErrorCode;
  readonly extras: ErrorExtras;

  constructor(code: ErrorCode, extras: ErrorExtras = {}) {
    super(extras.message ?? code);
    this.name = "CrawlgateError";
    this.code = code;
    this.extras = extras;
  }
}

/** Shorthand for the most common error. */
export function invalidRequest(message: string): CrawlgateError {
  return new CrawlgateError("invalid_request", { message });
}

/**
 * Whether `error` is a `CrawlgateError`. By name, not `instanceof`: the ESM and CommonJS builds
 * (or two copies of the package) each have their own class.
 */
export function isCrawlgateError(error: unknown): error is CrawlgateError {
  return (
    error instanceof Error &&
    error.name === "CrawlgateError" &&
    typeof (error as { code?: unknown }).code === "string"
  );
}

/** A bad configuration: `createCrawlgate` refuses it before anything runs. */
export function invalidConfig(message: string): CrawlgateError {
  return new CrawlgateError("invalid_config", { message: `[crawlgate] ${message}` });
}

/** Seconds a client is told to wait (`Retry-After`) while the stores do not answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * A store that does not answer now (a timeout, a dropped or refused connection): `503
 * service_unavailable` with `Retry-After`, retryable. Adapters throw it for the failures a
 * retry can cure; every other error stays what it is.
 */
export function serviceUnavailable(cause?: unknown): CrawlgateError {
  const error = new CrawlgateError("service_unavailable", {
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });
  if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
  return error;
}

/** Whether `error` is `serviceUnavailable`'s (a store that does not answer now). */
export function isUnavailable(error: unknown): boolean {
  return isCrawlgateError(error) && error.code === "service_unavailable";
}
