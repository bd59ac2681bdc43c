import { z } from "zod";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { routingRule } from "../responses/shapes.js";
import { domainAccess, existingRule } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

export const output = z.strictObject({ rule: routingRule });

export const contract: EndpointContract = {
  summary: "Get one routing rule",
  description: "Any role.",
  status: 200,
  errors: ["invalid_request", "domain_not_found", "rule_not_found"],
};

/** GET /domains/{domainId}/routing-rules/{ruleId}: one rule, for any role. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await domainAccess(ctx);
  const rule = await existingRule(ctx, access.domain.domainId);
  return { status: 200, body: { rule: ruleJson(rule) } };
};
