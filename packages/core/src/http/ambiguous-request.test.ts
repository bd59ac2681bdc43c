import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ambiguousRawHeadersError,
  ambiguousRequestError,
  rawHeaderFields,
} from "./ambiguous-request.js";
import { errorApiResponse } from "./error-response.js";

/** The bridges' answer of Node's raw fields; the pairs' answer is checked to be the same. */
const refused = (raw: string[]) => {
  const error = ambiguousRawHeadersError(raw);
  expect(ambiguousRequestError(rawHeaderFields(raw))).toEqual(error);
  return error;
};

describe("ambiguous requests", () => {
  it("refuses two Host or two Transfer-Encoding fields, in any case, with 400 invalid_request", () => {
    for (const raw of [
      ["Host", "a.example", "host", "b.example"],
      ["Host", "a.example", "HOST", "a.example"],
      ["Host", "a.example, b.example"],
      ["Transfer-Encoding", "gzip", "transfer-encoding", "chunked"],
      ["Transfer-Encoding", "chunked", "Transfer-Encoding", "chunked"],
      ["Transfer-Encoding", "gzip, chunked"],
    ]) {
      const error = refused(raw);
      expect(error, raw.join("|")).not.toBeNull();
      const answer = errorApiResponse(error);
      expect(answer.status).toBe(400);
      expect(JSON.parse(String(answer.body))).toMatchObject({ error: "invalid_request" });
    }
    expect(refused(["Host", "a", "Host", "b"])?.message).toBe(
      "the request has more than one Host header",
    );
  });

  it("accepts one Host and one chunked coding, and anything else repeated", () => {
    expect(refused([])).toBeNull();
    expect(refused(["Host", "a.example:8080", "Transfer-Encoding", "chunked"])).toBeNull();
    expect(
      refused(["Accept", "a", "Accept", "b", "X-Host", "a, b", "Cookie", "a=1, b=2"]),
    ).toBeNull();
  });

  it("answers a request the same whether its fields come raw (Node) or joined (fetch)", () => {
    const name = fc.constantFrom(
      "Host",
      "host",
      "Transfer-Encoding",
      "TRANSFER-ENCODING",
      "Accept",
      "X-A",
    );
    const value = fc.stringMatching(/^[a-z0-9.:, ]{1,12}$/).map((v) => v.trim() || "x");
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 6 }), (fields) => {
        const joined: [string, string][] = [];
        new Headers(fields).forEach((v, n) => {
          joined.push([n, v]);
        });
        expect(ambiguousRequestError(joined) === null).toBe(ambiguousRequestError(fields) === null);
        expect(ambiguousRawHeadersError(fields.flat())).toEqual(ambiguousRequestError(fields));
      }),
    );
  });
});
