import { z } from "zod";
import { CrawlgateError } from "../../errors.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { cacheInvalidated, routingRule } from "../responses/shapes.js";
import { invalidateSettings, writableDomain } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

export const output = z.strictObject({
  deleted: z.literal(true),
  rule: routingRule.describe("The rule as it was before deletion"),
  cacheInvalidated,
});

export const contract: EndpointContract = {
  summary: "Delete a routing rule",
  description:
    "Owner or manager. Permanent; the deleted rule is returned. `cacheInvalidated: false`: deleted, but it may keep applying for a few minutes.",
  status: 200,
  errors: ["invalid_request", "forbidden", "domain_not_found", "rule_not_found"],
};

/** DELETE /domains/{domainId}/routing-rules/{ruleId}: owner or manager. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId } = access.domain;
  const deleted = await ctx.deps.rules.deleteRule(domainId, ctx.params.ruleId ?? "");
  if (!deleted) throw new CrawlgateError("rule_not_found");
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return { status: 200, body: { deleted: true, rule: ruleJson(deleted), cacheInvalidated } };
};
