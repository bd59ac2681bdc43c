import { describe, expect, it } from "vitest";
import { callKey, requests } from "../shared/requests.js";
import { readError, reportSource } from "./data-source.js";
import { errorText } from "./messages.js";

describe("readError", () => {
  it("reads the API's flat body and a nested one", () => {
    expect(
      readError(400, { error: "invalid_request", message: "sourcePath must start with /" }),
    ).toEqual({
      status: 400,
      code: "invalid_request",
      message: "sourcePath must start with /",
    });
    expect(readError(403, { error: "rule_limit_reached", limit: 5 })).toEqual({
      status: 403,
      code: "rule_limit_reached",
      limit: 5,
    });
    expect(readError(403, { error: { code: "csrf_failed", message: "m" } })).toMatchObject({
      code: "csrf_failed",
      message: "m",
    });
    expect(readError(502, "<html>")).toEqual({ status: 502, code: "http_502" });
  });

  it("words each code a person may meet, and prefers the API's own message", () => {
    expect(errorText({ status: 403, code: "plan_upgrade_required" })).toMatch(/Pro plan/);
    expect(errorText({ status: 403, code: "rule_limit_reached", limit: 5 })).toMatch(/\(5\)/);
    expect(errorText({ status: 429, code: "rate_limit_exceeded_per_minute" })).toMatch(/wait/);
    expect(errorText({ status: 400, code: "invalid_request", message: "x is wrong" })).toBe(
      "x is wrong",
    );
  });
});

describe("reportSource", () => {
  it("answers the stored calls (errors as errors) and nothing else", async () => {
    const ok = requests.referrals("d", "30d");
    const failing = requests.topPages("d", "30d");
    const source = reportSource({
      [callKey(ok)]: { status: 200, body: { domains: [] } },
      [callKey(failing)]: { status: 400, body: { error: "invalid_request", message: "window" } },
    });
    expect(await source.call(ok)).toEqual({ ok: true, data: { domains: [] } });
    expect(await source.call(failing)).toMatchObject({
      ok: false,
      error: { code: "invalid_request" },
    });
    expect(await source.call(requests.rules("d"))).toMatchObject({
      ok: false,
      error: { code: "not_in_report" },
    });
    expect([source.has(ok), source.has(failing), source.has(requests.rules("d"))]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("keys a call by its content, whatever the order of the body's fields", () => {
    const a = {
      method: "POST" as const,
      path: "/p",
      body: { b: 1, a: { y: 2, x: [1, { d: 1, c: 2 }] } },
    };
    const b = {
      method: "POST" as const,
      path: "/p",
      body: { a: { x: [1, { c: 2, d: 1 }], y: 2 }, b: 1 },
    };
    expect(callKey(a)).toBe(callKey(b));
    expect(callKey(a)).not.toBe(callKey({ ...a, body: { ...a.body, b: 2 } }));
  });
});
