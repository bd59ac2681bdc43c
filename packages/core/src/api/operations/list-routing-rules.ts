import type { z } from "zod";
import type { Operation } from "../context.js";
import { domainAccess, ownerRuleLimit } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

/** GET /domains/{domainId}/routing-rules: the domain's rules and its owner's rule limit. */
export const run: Operation<z.output<typeof input>> = async (ctx) => {
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
