import { z } from "zod";

/** A body schema of several forms → the form a body is meant as. */
const formOf = new WeakMap<z.ZodType, (body: Record<string, unknown>) => z.ZodType>();

/**
 * A body of one of several forms (strict objects), `forms[select(body)]` being the one a body is
 * meant as. It exports as `anyOf` the forms; a body is parsed by its own form only, so its faults
 * are that form's, in that form's field order (a plain union would report every form's faults).
 */
export function bodyForms<const F extends readonly [z.ZodType, z.ZodType, ...z.ZodType[]]>(
  forms: F,
  select: (body: Record<string, unknown>) => number,
): z.ZodUnion<F> {
  const union = z.union(forms);
  formOf.set(union, (body) => forms[select(body)] ?? (forms[0] as z.ZodType));
  return union;
}

/** The form of `schema` a body is meant as (the schema itself when it has one form). */
export function bodyForm(schema: z.ZodType, body: unknown): z.ZodType {
  const select = formOf.get(schema);
  const isRecord = typeof body === "object" && body !== null && !Array.isArray(body);
  // A body that is not an object is refused by the first form, as not an object.
  return select ? select(isRecord ? (body as Record<string, unknown>) : {}) : schema;
}

/** Parses a request body with its schema, by the form the body is meant as when it has forms. */
export function parseBodyForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  return bodyForm(schema, body).safeParse(body) as z.ZodSafeParseResult<z.output<S>>;
}

/** Whether a body sends `field` (absent and `null` count as not sent). */
export const sends = (body: Record<string, unknown>, field: string): boolean =>
  body[field] !== undefined && body[field] !== null;
