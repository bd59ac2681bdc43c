import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { editDistance, fieldHints } from "./field-hint.js";
import { issueMessage } from "./issue-message.js";

/** The distance by its recursive definition (the reference). */
function naiveDistance(a: string, b: string): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const cost = a[a.length - 1] === b[b.length - 1] ? 0 : 1;
  let best = Math.min(
    naiveDistance(a.slice(0, -1), b) + 1,
    naiveDistance(a, b.slice(0, -1)) + 1,
    naiveDistance(a.slice(0, -1), b.slice(0, -1)) + cost,
  );
  const [a1, a2, b1, b2] = [a.at(-1), a.at(-2), b.at(-1), b.at(-2)];
  if (a.length > 1 && b.length > 1 && a1 === b2 && a2 === b1)
    best = Math.min(best, naiveDistance(a.slice(0, -2), b.slice(0, -2)) + 1);
  return best;
}

const snapshots = z.strictObject({
  domainId: z.string(),
  url: z.string().min(1),
  period: z.enum(["1d", "7d"]).optional(),
  pageSize: z.number().int().default(100),
  botId: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
});

const messageOf = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : issueMessage(parsed.error, { schema, body });
};

describe("editDistance", () => {
  it("agrees with the recursive definition (optimal string alignment)", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 6 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(naiveDistance(a, b));
        expect(editDistance(b, a)).toBe(editDistance(a, b));
      }),
      { numRuns: 500 },
    );
    expect(editDistance("perod", "period")).toBe(1);
    expect(editDistance("pageszie", "pagesize")).toBe(1);
  });
});

describe("unknown fields with a guess", () => {
  it("takes a typo, a case or underscore slip for the known field", () => {
    const domainId = "d";
    expect(messageOf(snapshots, { domainId, url: "/a", perod: "7d" })).toBe(
      "unknown field: perod (did you mean period?)",
    );
    expect(messageOf(snapshots, { domain_id: domainId, url: "/a" })).toBe(
      "unknown field: domain_id (did you mean domainId?)",
    );
    expect(messageOf(snapshots, { domainId, url: "/a", PageSize: 5, botIds: "x" })).toBe(
      "unknown fields: PageSize (did you mean pageSize?), botIds (did you mean botId?)",
    );
  });

  it("takes a lone unknown field for the one required field missing, when its value would do", () => {
    expect(messageOf(snapshots, { domainId: "d", path: "/a" })).toBe(
      "unknown field: path (did you mean url?)",
    );
    // Not when the value would not do, nor with two fields missing, nor with two unknown.
    expect(messageOf(snapshots, { domainId: "d", path: "" })).toBe("unknown field: path");
    expect(messageOf(snapshots, { path: "/a" })).toBe("unknown field: path");
    expect(messageOf(snapshots, { domainId: "d", path: "/a", x: 1 })).toBe(
      "unknown fields: path, x",
    );
  });

  it("never guesses a field the body sends, nor a far name", () => {
    expect(messageOf(snapshots, { domainId: "d", url: "/a", path: "/a" })).toBe(
      "unknown field: path",
    );
    expect(messageOf(snapshots, { domainId: "d", url: "/a", urls: "/b" })).toBe(
      "unknown field: urls",
    );
    expect(messageOf(snapshots, { domainId: "d", url: "/a", color: 1 })).toBe(
      "unknown field: color",
    );
    // Without the body and schema, the plain message.
    const parsed = snapshots.safeParse({ domainId: "d", url: "/a", perod: "7d" });
    expect(parsed.success ? null : issueMessage(parsed.error)).toBe("unknown field: perod");
  });

  it("guesses inside nested objects, arrays and unions", () => {
    const nested = z.strictObject({
      rules: z
        .array(
          z.discriminatedUnion("type", [
            z.strictObject({ type: z.literal("a"), value: z.string() }),
            z.strictObject({ type: z.literal("b"), limit: z.number() }),
          ]),
        )
        .default([]),
    });
    expect(messageOf(nested, { rules: [{ type: "a", valeu: "x" }] })).toBe(
      "rules.0: unknown field: valeu (did you mean value?)",
    );
    expect(fieldHints(nested, { rules: [{ type: "b", limt: 1 }] }, ["rules", 0], ["limt"])).toEqual(
      new Map([["limt", "limit"]]),
    );
  });

  it("only ever guesses a known field the body does not send", () => {
    const keys = Object.keys(snapshots.shape);
    const name = fc.oneof(
      fc.constantFrom(...keys),
      fc.string({
        unit: fc.constantFrom("d", "o", "m", "u", "r", "l", "_", "I", "e"),
        maxLength: 9,
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(name, fc.jsonValue(), { maxKeys: 5 }), (body) => {
        const unknown = Object.keys(body).filter((key) => !keys.includes(key));
        const hints = fieldHints(snapshots, body, [], unknown);
        for (const [from, to] of hints) {
          expect(unknown).toContain(from);
          expect(keys).toContain(to);
          expect(Object.keys(body)).not.toContain(to);
        }
      }),
      { numRuns: 500 },
    );
  });
});
