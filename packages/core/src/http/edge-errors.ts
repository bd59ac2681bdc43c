import { CrawlgateError, serviceUnavailable } from "../errors.js";
import { errorApiResponse } from "./error-response.js";
import type { ApiResponse } from "./types.js";

/**
 * Every error the bridges answer themselves, in place of the site: `bad_gateway` (a proxy rule's
 * upstream refused or unanswered, or no proxy configured), `origin_unreachable` (the domain's
 * origin unanswered), `not_found` (no origin for the host), `internal_error` (the edge failed),
 * `invalid_request` (a request target no parser accepts), `service_unavailable` (a host's
 * settings could not be loaded: the stores do not answer; with `Retry-After`).
 */
export const EDGE_ERROR_CODES = [
  "bad_gateway",
  "origin_unreachable",
  "not_found",
  "internal_error",
  "invalid_request",
  "service_unavailable",
] as const;

export type EdgeErrorCode = (typeof EDGE_ERROR_CODES)[number];

/** The codes of the crawler policy's answers (`edge/policy-gate.ts`), also from the table. */
export const POLICY_ERROR_CODES = ["crawler_blocked", "payment_required"] as const;

/** An edge error answer: JSON from the error table, like every error crawlgate sends. */
export function edgeError(code: EdgeErrorCode, message?: string): ApiResponse {
  if (code === "service_unavailable" && message === undefined) {
    return errorApiResponse(serviceUnavailable());
  }
  return errorApiResponse(new CrawlgateError(code, message === undefined ? {} : { message }));
}
