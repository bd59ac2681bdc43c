import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../api/responses/error-bodies.js";
import { policyAnswer } from "../edge/policy-gate.js";
import { EDGE_ERROR_CODES, edgeError, POLICY_ERROR_CODES } from "./edge-errors.js";
import { ERROR_STATUS } from "./error-response.js";

describe("edge error answers", () => {
  it("come from the error table for every code the edge sends", () => {
    for (const code of EDGE_ERROR_CODES) {
      const answer = edgeError(code);
      expect(ERROR_STATUS[code], code).toBeDefined();
      expect(answer.status, code).toBe(ERROR_STATUS[code]);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = JSON.parse(String(answer.body));
      expect(errorBodySchema(code).safeParse(body).success, code).toBe(true);
    }
  });

  it("include the crawler policy's answers, whose codes the table lists too", () => {
    const answers = [
      policyAnswer({ type: "block", status: 403, message: null }, "GET"),
      policyAnswer({ type: "block", status: 402, message: "no" }, "GET"),
      policyAnswer(
        { type: "charge", price: { amount: "0.01", currency: "USD" }, message: null },
        "GET",
      ),
    ];
    const codes = answers.map((a) => {
      const body = JSON.parse(new TextDecoder().decode(a.body));
      expect(errorBodySchema(body.error).safeParse(body).success, body.error).toBe(true);
      expect(a.headers["content-type"]).toBe("application/json; charset=utf-8");
      return body.error;
    });
    expect(codes).toEqual(["crawler_blocked", "crawler_blocked", "payment_required"]);
    expect(answers.map((a) => a.status)).toEqual([403, 402, 402]);
    for (const code of POLICY_ERROR_CODES) expect(ERROR_STATUS[code], code).toBeGreaterThan(400);
  });

  it("answer 502 for an unanswered upstream or origin, with the code as the error", () => {
    expect(edgeError("bad_gateway")).toMatchObject({
      status: 502,
      body: '{"error":"bad_gateway"}',
    });
    expect(edgeError("origin_unreachable")).toMatchObject({
      status: 502,
      body: '{"error":"origin_unreachable"}',
    });
    expect(edgeError("invalid_request", "the request target is not a valid URL").body).toBe(
      '{"error":"invalid_request","message":"the request target is not a valid URL"}',
    );
  });
});
