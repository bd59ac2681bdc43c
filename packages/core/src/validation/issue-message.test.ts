import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueMessage } from "./issue-message.js";

const body = z.strictObject({
  name: z.string({ error: "name must be a string" }),
  size: z.number(),
});

const messageOf = (value: unknown) => {
  const result = body.safeParse(value);
  return result.success ? null : issueMessage(result.error);
};

describe("issue message", () => {
  it("names unknown fields first, then the first field's issue, then prefixes unnamed fields", () => {
    expect(messageOf({ size: 1 })).toBe("name must be a string");
    expect(messageOf({ name: 5, size: "x", extra: 1 })).toBe("unknown field: extra");
    expect(messageOf({ name: "n", size: 1, b: 1, a: 2 })).toBe("unknown fields: b, a");
    expect(messageOf({ name: "n", size: "x" })).toMatch(/^size: /);
    expect(messageOf([])).toBe("request body must be a JSON object");
    expect(messageOf("text")).toBe("request body must be a JSON object");
  });

  it("names the body's own unknown fields before a nested object's, and puts the path before those", () => {
    const nested = z.strictObject({ rules: z.array(z.strictObject({ a: z.number() })) });
    const of = (value: unknown) => {
      const result = nested.safeParse(value);
      return result.success ? null : issueMessage(result.error);
    };
    // A nested unknown name listed first by zod must not hide the body's own (nor read as "").
    expect(of({ rules: [{ "": false }], x: 1 })).toBe("unknown field: x");
    expect(of({ rules: [{ a: 1 }, { a: 1, b: 2 }] })).toBe("rules.1: unknown field: b");
  });

  it("reports any object the schema refuses with one non-empty message", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const message = messageOf(value);
        if (message !== null) expect(message.length).toBeGreaterThan(0);
      }),
    );
  });
});
