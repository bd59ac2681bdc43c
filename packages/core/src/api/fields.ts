import { invalidRequest } from "./errors.js";

/** Refuses body fields outside `allowed`, naming them (catches typos such as `domain_id`). */
export function rejectUnknownFields(
  body: Record<string, unknown>,
  allowed: readonly string[],
): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw invalidRequest(`unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
  }
}
