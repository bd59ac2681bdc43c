import { constantTimeEqual } from "../accounts/api-key.js";
import { CrawlgateError } from "../errors.js";
import type { ApiRequest } from "../http/types.js";
import { browserOrigin, originOf } from "./browser-origin.js";

/**
 * Refuses (403 `csrf_failed`) a request a browser marked as coming from another site:
 * `Sec-Fetch-Site` other than `same-origin` or `none` (typed in, a bookmark), or an `Origin`
 * that is not the dashboard's origin as the browser uses it (`browserOrigin`: scheme, host and
 * port all compared). Requests without either header (curl, older browsers) pass: for writes,
 * the CSRF token is the check that always applies.
 */
export function refuseCrossSite(request: ApiRequest, baseUrl: string | null): void {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    throw csrfFailed(`cross-site request refused (Sec-Fetch-Site: ${site.slice(0, 40)})`);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const expected = browserOrigin(request, baseUrl);
  if (expected === null || originOf(origin) !== expected)
    throw csrfFailed(`cross-site request refused (Origin is not ${expected ?? "this site"})`);
}

/** Refuses (403 `csrf_failed`) a write whose `X-CSRF-Token` is not the session's token. */
export function requireCsrfToken(request: ApiRequest, sessionToken: string): void {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return;
  const sent = request.headers["x-csrf-token"];
  if (sent === undefined || sent === "") throw csrfFailed("the X-CSRF-Token header is missing");
  if (!constantTimeEqual(sent, sessionToken))
    throw csrfFailed("the X-CSRF-Token header does not match the session");
}

function csrfFailed(message: string): CrawlgateError {
  return new CrawlgateError("csrf_failed", { message });
}
