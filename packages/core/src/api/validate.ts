import type { z } from "zod";
import { invalidRequest } from "./errors.js";

/**
 * Parses a request body with a zod schema; the first issue becomes the `message` of a
 * `400 invalid_request`, naming the field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw invalidRequest("invalid request body");
  if (issue.code === "unrecognized_keys") {
    throw invalidRequest(
      `unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`,
    );
  }
  const field = issue.path.join(".");
  const message = issue.message;
  throw invalidRequest(field && !message.includes(field) ? `${field}: ${message}` : message);
}
