import { z } from "zod";
import { bodyForms } from "../../validation/body-forms.js";
import {
  type Field,
  notesField,
  PRIORITY_MAX,
  PRIORITY_MIN,
  sourcePathField,
} from "./rule-fields.js";

/**
 * Routing-rule bodies: each field on its own (type, enum, range, the source grammar, trimming).
 * What needs another field or the domain (the target for the rule type, a proxy's redirect code,
 * the path's domainId) is `ruleDraft`'s and `rulePatch`'s, which run after.
 */

/** A field rule of `rule-fields.ts` as a zod transform: its cleaned value or its message. */
const checkedBy =
  <T, U>(rule: (value: T) => Field<U>) =>
  (value: T, ctx: z.RefinementCtx): U => {
    const field = rule(value);
    if (field.ok) return field.value;
    ctx.addIssue({ code: "custom", message: field.message, input: value });
    return z.NEVER;
  };

export const DOMAIN_MISMATCH =
  "domainId in the body must match the path; a rule cannot move domains";

/** Allowed only naming the path's domain (checked after); any non-string never does. */
const domainId = z
  .string({ error: DOMAIN_MISMATCH })
  .optional()
  .describe("Only the path's own domainId (a rule cannot move domains)");
const sourcePath = z
  .string({ error: "sourcePath is required and must be a string" })
  .transform(checkedBy(sourcePathField))
  .describe(
    "Path pattern starting with /, at most 2,048 characters, trimmed; unique per domain ignoring letter case and a trailing slash",
  );
const targetUrl = z
  .string({ error: "targetUrl is required and must be a string" })
  .describe(
    "Redirect: a path on the domain or a full http(s) URL; proxy: a full public http(s) URL. At most 2,048 characters, trimmed",
  );
const RULE_TYPE = 'ruleType must be "redirect" or "proxy"';
const ruleType = z.enum(["redirect", "proxy"], { error: RULE_TYPE });
const redirectCode = z.literal([301, 302], { error: "redirectCode must be 301 or 302" });
const INTEGER = "priority must be an integer";
const RANGE = `priority must be between ${PRIORITY_MIN} and ${PRIORITY_MAX}`;
/** A signed 32-bit integer; an integer beyond the safe range is out of range, not "not an integer". */
const priority = z
  .number({ error: INTEGER })
  .int({ error: (issue) => (issue.code === "invalid_type" ? INTEGER : RANGE) })
  .min(PRIORITY_MIN, { error: RANGE })
  .max(PRIORITY_MAX, { error: RANGE });
const isActive = z
  .boolean({ error: "isActive must be true or false" })
  .describe("false: kept but not applied");
const notes = z
  .string({ error: "notes must be a string or null" })
  .nullable()
  .transform(checkedBy(notesField))
  .describe("Internal, at most 2,000 characters, trimmed; null or empty clears");

const defaults = {
  priority: priority.default(0),
  isActive: isActive.default(true),
  notes: notes.default(null),
};

/**
 * POST routing-rules, in two forms by `ruleType` (fields in the order they are checked): a
 * redirect (the default) with `redirectCode` 301 (the default) or 302, or a proxy, which has no
 * redirect code.
 */
export const createRuleBody = bodyForms(
  [
    z.strictObject({
      domainId,
      sourcePath,
      ruleType: z.literal("redirect", { error: RULE_TYPE }).default("redirect"),
      targetUrl,
      redirectCode: redirectCode.default(301),
      ...defaults,
    }),
    z.strictObject({
      domainId,
      sourcePath,
      ruleType: z.literal("proxy"),
      targetUrl,
      // Absent or null; anything else is refused by `ruleDraft`, after the proxy target.
      redirectCode: z.unknown().optional().meta({ type: "null" }),
      ...defaults,
    }),
  ],
  (body) => (body.ruleType === "proxy" ? 1 : 0),
);

/** PATCH routing-rules/{ruleId}: only what changes. */
export const patchRuleBody = z.strictObject({
  domainId,
  sourcePath: sourcePath.optional(),
  ruleType: ruleType.optional(),
  redirectCode: redirectCode.nullable().optional(),
  priority: priority.optional(),
  isActive: isActive.optional(),
  notes: notes.optional(),
  /** `null`: the current target, checked again against the resulting rule type. */
  targetUrl: targetUrl.nullable().optional(),
});

export type CreateRuleBody = z.output<typeof createRuleBody>;
export type PatchRuleBody = z.output<typeof patchRuleBody>;
