import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../api/responses/error-bodies.js";
import { EDGE_ERROR_CODES, edgeError } from "./edge-errors.js";
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
