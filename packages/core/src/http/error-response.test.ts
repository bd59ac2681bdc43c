import { describe, expect, it } from "vitest";
import { CrawlgateError } from "../errors.js";
import { ERROR_STATUS, errorApiResponse, errorResponse } from "./error-response.js";

describe("error table", () => {
  it("writes the spec's bodies", () => {
    expect(errorResponse(new CrawlgateError("invalid_request", { message: "m" }))).toEqual({
      status: 400,
      headers: {},
      body: { error: "invalid_request", message: "m" },
    });
    expect(
      errorResponse(new CrawlgateError("invalid_cursor", { message: "expired" })).body,
    ).toEqual({
      error: "invalid_cursor",
      message: "expired",
    });
    expect(
      errorResponse(new CrawlgateError("domain_not_found", { message: "hidden" })).body,
    ).toEqual({
      error: "domain_not_found",
    });
    expect(errorResponse(new CrawlgateError("rule_limit_reached", { limit: 100 })).body).toEqual({
      error: "rule_limit_reached",
      limit: 100,
    });
    const limited = errorResponse(
      new CrawlgateError("rate_limit_exceeded_monthly", {
        usage: 10,
        limit: 10,
        retryAfterSeconds: 99,
      }),
    );
    expect(limited).toEqual({
      status: 429,
      headers: { "retry-after": "99" },
      body: { error: "rate_limit_exceeded_monthly", usage: 10, limit: 10 },
    });
    expect(
      errorResponse(new CrawlgateError("method_not_allowed", { allow: ["GET", "POST"] })).headers,
    ).toEqual({
      allow: "GET, POST",
    });
  });

  it("maps every code to the spec's status", () => {
    expect(ERROR_STATUS).toMatchObject({
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
    });
  });

  it("writes get-snapshot's verbatim error strings, without message", () => {
    const bodies = (
      [
        "snapshot_id_required",
        "invalid_json_body",
        "snapshot_not_found",
        "snapshot_html_gone",
        "snapshot_storage_unavailable",
      ] as const
    ).map((code) => {
      const { status, body } = errorResponse(new CrawlgateError(code, { message: "hidden" }));
      return [status, body];
    });
    expect(bodies).toEqual([
      [400, { error: "id or snapshot_id required" }],
      [400, { error: "invalid JSON body" }],
      [404, { error: "not found" }],
      [404, { error: "snapshot not found in storage" }],
      [503, { error: "snapshot storage unavailable" }],
    ]);
  });
});

describe("errorApiResponse", () => {
  it("uses the error table, and hides anything unexpected behind 500 internal_error", () => {
    expect(errorApiResponse(new CrawlgateError("not_found")).body).toBe('{"error":"not_found"}');
    const hidden = errorApiResponse(new Error("ENOENT /srv/secret"));
    expect(hidden.status).toBe(500);
    expect(hidden.body).toBe('{"error":"internal_error"}');
  });
});
