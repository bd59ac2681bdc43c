import type { z } from "zod";

/** The issue a refused body is reported by: its field path and its message. */
export interface ReportedIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The one issue a body refused by its zod schema reads as: unknown field names come first
 * (`unknown field: x`, `unknown fields: x, y`), then the first other issue in the schema's field
 * order, its field put in front unless the message names it. A body that is not an object at all
 * reads as `request body must be a JSON object`. The API and the rule-body parsers share it.
 */
export function reportedIssue(error: z.ZodError): ReportedIssue {
  const unknown = error.issues.find((issue) => issue.code === "unrecognized_keys");
  if (unknown) {
    const { keys } = unknown;
    return { path: [], message: `unknown field${keys.length > 1 ? "s" : ""}: ${keys.join(", ")}` };
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
export const issueMessage = (error: z.ZodError): string => reportedIssue(error).message;
