import { z } from "zod";
import { sourcePathField } from "../routing/rules/rule-fields.js";

/**
 * A policy path pattern as a request body carries it: the routing grammar (as routing rules'
 * `sourcePath`: trimmed, at most 2,048 characters), without a query. `field` names it in the
 * messages (`path`, `contentSignalPaths[2].path` is the caller's prefix).
 */
export const pathPatternField = (field = "path", typeError = `${field} must be a string`) =>
  z.string({ error: typeError }).transform((value, ctx) => {
    const checked = sourcePathField(value);
    const problem = checked.ok
      ? value.includes("?")
        ? `${field} must not contain a query (?)`
        : null
      : checked.message.replace(/^sourcePath/, field);
    if (problem === null && checked.ok) return checked.value;
    ctx.addIssue({ code: "custom", message: problem ?? `invalid ${field}`, input: value });
    return z.NEVER;
  });
