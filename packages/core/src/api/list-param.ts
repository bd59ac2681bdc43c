import { invalidRequest } from "./errors.js";

/** Most values a list filter (`botId`, `tier`) may name. */
export const MAX_FILTER_VALUES = 100;

/**
 * A filter sent as one string or a non-empty array of strings, each accepted by `valid`:
 * the distinct values in the order sent, `null` when not sent (absent or `null`), or 400
 * `invalid_request` naming the field (and the first value refused).
 */
export function listParam(
  body: Record<string, unknown>,
  field: string,
  valid: (value: string) => boolean,
  expected: string,
): string[] | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  const values = typeof raw === "string" ? [raw] : raw;
  if (
    !Array.isArray(values) ||
    values.length === 0 ||
    values.length > MAX_FILTER_VALUES ||
    !values.every((v) => typeof v === "string")
  ) {
    throw invalidRequest(
      `${field} must be ${expected} or a non-empty array of at most ${MAX_FILTER_VALUES} of them`,
    );
  }
  const refused = values.find((v) => !valid(v));
  if (refused !== undefined) throw invalidRequest(`${field} has an invalid value: ${refused}`);
  return [...new Set(values as string[])];
}

/**
 * An integer body field within `min..max`, `fallback` when not sent (absent or `null`), or 400
 * `invalid_request` naming the field.
 */
export function intParam(
  body: Record<string, unknown>,
  field: string,
  range: { min: number; max: number; fallback: number },
): number {
  const raw = body[field];
  if (raw === undefined || raw === null) return range.fallback;
  if (!Number.isInteger(raw) || (raw as number) < range.min || (raw as number) > range.max) {
    throw invalidRequest(`${field} must be an integer from ${range.min} to ${range.max}`);
  }
  return raw as number;
}
