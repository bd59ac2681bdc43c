import { invalidRequest } from "../errors.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID-style identifier (any version, either letter case). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Validates every `{name}` path parameter as a UUID and lowercases it. */
export function parsePathParams(raw: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!isUuid(value)) throw invalidRequest(`${name} in the path must be a UUID`);
    out[name] = value.toLowerCase();
  }
  return out;
}
