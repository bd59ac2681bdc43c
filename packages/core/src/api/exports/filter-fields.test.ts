import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseBodyForm } from "../../validation/body-forms.js";
import { issueMessage } from "../../validation/issue-message.js";
import { listField } from "./filter-fields.js";

const ALLOWED = ["a", "b", "c", "é"];
const SHAPE = "f must be a letter or a non-empty array of at most 3 of them";

function schemaOf(order: "sorted" | "sent") {
  return z.strictObject({
    f: listField({
      shape: SHAPE,
      max: 3,
      order,
      refuse(values) {
        const refused = values.find((v) => !ALLOWED.includes(v));
        return refused === undefined ? null : `f has an invalid value: ${refused}`;
      },
    }),
  });
}

/** The list handed on, or the message refusing the body. */
function outcome(schema: z.ZodType<{ f: string[] | null }>, value: unknown): unknown {
  const result = parseBodyForm(schema, { f: value });
  return result.success ? result.data.f : issueMessage(result.error);
}

/** What `outcome` should be. */
function expected(value: unknown, order: "sorted" | "sent"): unknown {
  if (value === null) return null;
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.length > 3) return SHAPE;
  if (!list.every((v) => typeof v === "string")) return SHAPE;
  const distinct = [...new Set(list as string[])];
  const ordered = order === "sorted" ? [...distinct].sort() : distinct;
  const refused = ordered.find((v) => !ALLOWED.includes(v));
  return refused === undefined ? ordered : `f has an invalid value: ${refused}`;
}

const letter = fc.constantFrom(...ALLOWED, "x", "B");

describe("list filter fields", () => {
  it("read a string or a non-empty array of strings as distinct values, naming the first refused", () => {
    fc.assert(
      fc.property(
        fc.oneof(letter, fc.array(letter, { maxLength: 5 }), fc.jsonValue()),
        fc.constantFrom("sorted", "sent") as fc.Arbitrary<"sorted" | "sent">,
        (value, order) => {
          const got = outcome(schemaOf(order), value);
          expect(got).toEqual(expected(value, order));
        },
      ),
    );
    expect(parseBodyForm(schemaOf("sent"), {}).data?.f).toBeNull();
  });
});
