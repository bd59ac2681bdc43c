import type { z } from "zod";
import type { Operation } from "../context.js";
import { domainAccess, existingRule } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

/** GET /domains/{domainId}/routing-rules/{ruleId}: one rule, for any role. */
export const run: Operation<z.output<typeof input>> = async (ctx) => {
  const access = await domainAccess(ctx);
  const rule = await existingRule(ctx, access.domain.domainId);
  return { status: 200, body: { rule: ruleJson(rule) } };
};
