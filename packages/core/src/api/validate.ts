import { z } from "zod";
import { CrawlgateError, invalidRequest } from "../errors.js";
import { parseBodyForm } from "../validation/body-forms.js";
import { reportedIssue } from "../validation/issue-message.js";

/** The input of endpoints without body fields (GET, DELETE, list-user-domains). */
export const NO_FIELDS = z.strictObject({});

/**
 * Parses a request body with a zod schema (by its form, when it has several); the issue
 * `reportedIssue` picks becomes the `message` of a `400 invalid_request` (of a
 * `400 invalid_cursor` when it is the `cursor`'s).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = parseBodyForm(schema, body);
  if (result.success) return result.data;
  const { path, message } = reportedIssue(result.error, { schema, body });
  if (path[0] === "cursor") throw new CrawlgateError("invalid_cursor", { message });
  throw invalidRequest(message);
}

/**
 * Parses the body once, when the request arrives, and hands the result over as a function: it
 * returns the typed input, or throws the body's 400 at the step where the operation reads it.
 */
export function bodyInput<I>(schema: z.ZodType<I>, body: Record<string, unknown>): () => I {
  let input: I;
  try {
    input = parseBody(schema, body);
  } catch (error) {
    return () => {
      throw error;
    };
  }
  return () => input;
}
