import { describe, expect, it } from "vitest";
import { CrawlgateError, ERROR_STATUS, errorResponse } from "./errors.js";

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
});
