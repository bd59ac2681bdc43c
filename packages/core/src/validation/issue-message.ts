import type { z } from "zod";
import { bodyForm } from "./body-forms.js";
import { fieldHints } from "./field-hint.js";

/** The issue a refused body is reported by: its field path and its message. */
export interface ReportedIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The body a refusal is about and the schema it was parsed by. */
export interface ParsedBody {
  schema: z.ZodType;
  body: unknown;
}

/**
 * The one issue a body refused by its zod schema reads as: unknown field names come first
 * (`unknown field: x`, `unknown fields: x, y`; the body's own before a nested object's, which
 * reads `rules.0: unknown field: x`), then the first other issue in the schema's field
 * order, its field put in front unless the message names it. A body that is not an object at all
 * reads as `request body must be a JSON object`. The API and the rule-body parsers share it.
 * Given the body and its schema, an unknown name is followed by the field it was probably meant
 * as (`unknown field: perod (did you mean period?)`; see `fieldHints`).
 */
export function reportedIssue(error: z.ZodError, parsed?: ParsedBody): ReportedIssue {
  const unknowns = error.issues.filter((issue) => issue.code === "unrecognized_keys");
  // The body's own unknown names first, then those of a nested object (a policy rule's).
  const unknown = unknowns.find((issue) => issue.path.length === 0) ?? unknowns[0];
  if (unknown) {
    const { keys, path } = unknown;
    const hints = parsed
      ? fieldHints(bodyForm(parsed.schema, parsed.body), parsed.body, path, keys)
      : new Map<string, string>();
    const named = keys.map((key) =>
      hints.has(key) ? `${key} (did you mean ${hints.get(key)}?)` : key,
    );
    const names = `unknown field${keys.length > 1 ? "s" : ""}: ${named.join(", ")}`;
    return path.length === 0
      ? { path: [], message: names }
      : { path, message: `${path.map(String).join(".")}: ${names}` };
  }
  const issue = error.issues[0];
  if (!issue) return { path: [], message: "invalid request body" };
  if (issue.path.length === 0 && issue.code === "invalid_type") {
    return { path: [], message: "request body must be a JSON object" };
  }
  const field = issue.path.map(String).join(".");
  const message =
    field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
  return { path: issue.path, message };
}

/** The message of `reportedIssue`. */
export const issueMessage = (error: z.ZodError, parsed?: ParsedBody): string =>
  reportedIssue(error, parsed).message;
