import { z } from "zod";
import type { ErrorCode } from "../../errors.js";
import { ERROR_STATUS } from "../../http/error-response.js";
import type { HeaderContract } from "../contract.js";
import { errorBodySchema } from "../responses/error-bodies.js";
import { NAMED_SHAPES } from "../responses/shapes.js";

type Json = Record<string, unknown>;

export const COMPONENT = "#/components/schemas/";
export const ref = (name: string) => ({ $ref: `${COMPONENT}${name}` });

/** A component name for each error body schema. */
function errorRef(code: ErrorCode): Json {
  const name = NAMED_SHAPES.get(errorBodySchema(code));
  if (!name) throw new Error(`error body of ${code} has no component name`);
  return ref(name);
}

/**
 * Header objects. With `media`, the headers are those of one media type of a response (CSV):
 * OpenAPI headers belong to the response, so they are optional there and say with
 * `x-required-with` which media type always sends them.
 */
export function headerObjects(headers: readonly HeaderContract[], media?: string): Json {
  const out: Json = {};
  for (const h of headers) {
    out[h.name] = {
      description: media ? `${media} only. ${h.description}` : h.description,
      required: media ? false : h.required,
      ...(media && h.required ? { "x-required-with": media } : {}),
      schema: { type: "string" },
    };
  }
  return out;
}

const RETRY_AFTER: HeaderContract = {
  name: "Retry-After",
  required: true,
  description: "Whole seconds until the exhausted window resets",
};

/** The codes of `codes` answered with `status`. */
const codesAt = (codes: readonly ErrorCode[], status: number) =>
  codes.filter((code) => ERROR_STATUS[code] === status);

/** `` `domain_not_found`: The domain does not exist or is not accessible ``. */
function describe(code: ErrorCode): string {
  const schema = errorBodySchema(code);
  const error = (schema as z.ZodObject).shape.error as z.ZodType;
  const values = error instanceof z.ZodLiteral ? [...error.values] : (error as z.ZodEnum).options;
  return `${values.map((v) => `\`${String(v)}\``).join(" or ")}: ${schema.description ?? ""}`;
}

/** One response object per error status: the bodies of its codes (one, or `anyOf`). */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, Json[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    const list = byStatus.get(status) ?? [];
    const body = errorRef(code);
    if (!list.some((b) => b.$ref === body.$ref)) list.push(body);
    byStatus.set(status, list);
  }
  const out: Record<string, Json> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const bodies = byStatus.get(status) as Json[];
    const described = [...new Set(codesAt(codes, status).map(describe))].join(" / ");
    out[String(status)] = {
      description: described,
      ...(status === 429 || (status === 503 && codes.includes("service_unavailable"))
        ? { headers: headerObjects([RETRY_AFTER]) }
        : {}),
      content: {
        "application/json": { schema: bodies.length === 1 ? bodies[0] : { anyOf: bodies } },
      },
    };
  }
  return out;
}
