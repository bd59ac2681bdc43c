import { z } from "zod";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { count, role, routingRule, uuid } from "../responses/shapes.js";
import { domainAccess, ownerRuleLimit } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

export const output = z.strictObject({
  domainId: uuid,
  domain: z.string(),
  role,
  ruleCount: count.describe("Active and paused rules"),
  limit: count.nullable().describe("Rules the domain owner's plan allows; null = unlimited"),
  rules: z.array(routingRule),
});

export const contract: EndpointContract = {
  summary: "List a domain's routing rules",
  description:
    "Any role. Rules sorted by `priority` descending, then `createdAt` ascending (match order differs only in ties: exact paths before patterns, then longer sources). `limit` follows the domain owner's plan.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/** GET /domains/{domainId}/routing-rules: the domain's rules and its owner's rule limit. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await domainAccess(ctx);
  const [rules, limit] = await Promise.all([
    ctx.deps.rules.listRules(access.domain.domainId),
    ownerRuleLimit(ctx.deps, access),
  ]);
  return {
    status: 200,
    body: {
      domainId: access.domain.domainId,
      domain: access.domain.hostname,
      role: access.role,
      ruleCount: rules.length,
      limit,
      rules: rules.map(ruleJson),
    },
  };
};
