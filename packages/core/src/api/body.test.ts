import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CrawlgateError } from "../errors.js";
import { MAX_BODY_BYTES } from "../http/types.js";
import { checkBodyEnvelope, parseJsonObject } from "./body.js";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("request bodies", () => {
  it("parses JSON objects and treats no body as {}", () => {
    expect(parseJsonObject(null)).toEqual({});
    expect(parseJsonObject(bytes("  "))).toEqual({});
    expect(parseJsonObject(bytes('{"a":[1]}'))).toEqual({ a: [1] });
  });

  it("fails only with invalid_request, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (raw) => {
        try {
          parseJsonObject(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(CrawlgateError);
          expect((error as CrawlgateError).code).toBe("invalid_request");
        }
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value) ?? "null";
        const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
        if (isObject) expect(parseJsonObject(bytes(text))).toEqual(JSON.parse(text));
        else expect(() => parseJsonObject(bytes(text))).toThrow(CrawlgateError);
      }),
    );
  });

  it("checks size and media type only when a body is present", () => {
    expect(() => checkBodyEnvelope(null, undefined)).not.toThrow();
    expect(() => checkBodyEnvelope(bytes("{}"), "application/json; charset=utf-8")).not.toThrow();
    expect(() => checkBodyEnvelope(bytes("{}"), "Application/JSON")).not.toThrow();
    expect(() => checkBodyEnvelope(bytes("{}"), undefined)).toThrow(CrawlgateError);
    expect(() => checkBodyEnvelope(bytes("{}"), "application/jsonp")).toThrow(CrawlgateError);
    expect(() => checkBodyEnvelope(new Uint8Array(MAX_BODY_BYTES + 1), "application/json")).toThrow(
      expect.objectContaining({ code: "payload_too_large" }),
    );
  });
});
