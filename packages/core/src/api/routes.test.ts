import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CrawlgateError } from "../errors.js";
import { errorResponse } from "../http/error-response.js";
import { createRouter } from "./router.js";
import { ROUTES } from "./routes.js";
import { parseBody } from "./validate.js";

/** The object forms of an input: the options of a union of forms, or the object itself. */
function formsOf(schema: z.ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => formsOf(o as z.ZodType));
  expect(schema).toBeInstanceOf(z.ZodObject);
  return [schema as z.ZodObject];
}

interface JsonObject {
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}

/** A property's schema, its non-null branch when it may also be `null`. */
function field(form: JsonObject, name: string): Record<string, unknown> {
  const schema = form.properties[name] as Record<string, unknown>;
  const branches = schema.anyOf as Record<string, unknown>[] | undefined;
  return branches?.find((branch) => branch.type !== "null") ?? schema;
}

/** get-snapshot answers only the spec's own strings: it ignores fields it does not know. */
const LENIENT = new Set(["get-snapshot"]);

describe("route table", () => {
  const match = createRouter();

  it("finds every route with its parameters", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    for (const route of ROUTES) {
      const path = `/functions/v1${route.path.replace(/\{\w+\}/g, id)}`;
      const found = match(route.method, path);
      expect(found.kind, `${route.method} ${path}`).toBe("found");
      if (found.kind === "found") expect(found.route).toBe(route);
    }
  });

  it("lists the allowed methods of a known path", () => {
    expect(match("DELETE", "/functions/v1/purge-cache")).toEqual({
      kind: "method_not_allowed",
      allow: ["POST"],
    });
  });

  it("never throws and never matches outside the prefix", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT", "HEAD"),
        fc.string(),
        (method, path) => {
          const result = match(method, path);
          if (result.kind !== "not_found") expect(path.startsWith("/functions/v1/")).toBe(true);
        },
      ),
    );
  });
});

describe("route inputs", () => {
  it("declares every body as strict objects (get-snapshot alone ignores unknown fields)", () => {
    for (const route of ROUTES) {
      for (const form of formsOf(route.input)) {
        const strict = form.def.catchall instanceof z.ZodNever;
        expect(strict, route.name).toBe(!LENIENT.has(route.name));
      }
    }
  });

  it("exports every input as JSON Schema, each form closed to other fields", () => {
    for (const route of ROUTES) {
      const schema = z.toJSONSchema(route.input, { io: "input" }) as Record<string, unknown>;
      const forms = (schema.anyOf as Record<string, unknown>[] | undefined) ?? [schema];
      for (const form of forms) {
        expect(form.type, route.name).toBe("object");
        if (!LENIENT.has(route.name)) expect(form.additionalProperties, route.name).toBe(false);
      }
    }
  });

  it("describes field types and enums, e.g. export-page-analytics", () => {
    const route = ROUTES.find((r) => r.name === "export-page-analytics") as (typeof ROUTES)[number];
    const schema = z.toJSONSchema(route.input, { io: "input" }) as { anyOf: JsonObject[] };
    const [withCursor, byPeriod, byDates] = schema.anyOf as [JsonObject, JsonObject, JsonObject];
    expect(field(withCursor, "cursor")).toEqual({
      type: "string",
      minLength: 1,
      description: "nextCursor of the previous page; it pins the query",
    });
    expect(field(byPeriod, "period").enum).toEqual(["1d", "7d", "30d", "90d", "365d"]);
    expect(field(byDates, "startDate")).toMatchObject({ type: "string", format: "date" });
    expect(field(byPeriod, "sortBy")).toEqual({ type: "string", enum: ["total", "verified"] });
    expect(field(byPeriod, "pageSize")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 500,
    });
    expect(byPeriod.required).toEqual(["domainId"]);
  });

  it("refuses unknown field names first, whatever the known fields hold, naming them all", () => {
    const name = fc.stringMatching(/^[a-z_]{1,8}$/).map((s) => `x_${s}`);
    const bodies = fc
      .constantFrom(...ROUTES.filter((r) => r.hasBody && !LENIENT.has(r.name)))
      .chain((route) => {
        const fields = Object.keys((formsOf(route.input)[0] as z.ZodObject).shape);
        return fc.tuple(
          fc.constant(route),
          fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
          fields.length > 0
            ? fc.dictionary(fc.constantFrom(...fields), fc.jsonValue())
            : fc.constant({}),
        );
      });
    fc.assert(
      fc.property(bodies, ([route, unknown, known]) => {
        const body = { ...known, ...Object.fromEntries(unknown.map((key) => [key, 1])) };
        const error = captured(() => parseBody(route.input, body));
        // Each name may carry a guess at the field it meant (`x_tier (did you mean tier?)`).
        const named = unknown.map((key) => `${key}(?: \\(did you mean \\w+\\?\\))?`);
        expect(errorResponse(error).body).toEqual({
          error: "invalid_request",
          message: expect.stringMatching(
            new RegExp(`^unknown field${unknown.length > 1 ? "s" : ""}: ${named.join(", ")}$`),
          ),
        });
      }),
    );
  });
});

function captured(run: () => unknown): CrawlgateError {
  try {
    run();
  } catch (error) {
    if (error instanceof CrawlgateError) return error;
    throw error;
  }
  throw new Error("expected a CrawlgateError");
}
