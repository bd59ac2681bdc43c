import type { z } from "zod";
import { CrawlgateError } from "../../errors.js";
import type { Operation } from "../context.js";
import { invalidateSettings, writableDomain } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

/** DELETE /domains/{domainId}/routing-rules/{ruleId}: owner or manager. */
export const run: Operation<z.output<typeof input>> = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId } = access.domain;
  const deleted = await ctx.deps.rules.deleteRule(domainId, ctx.params.ruleId ?? "");
  if (!deleted) throw new CrawlgateError("rule_not_found");
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return { status: 200, body: { deleted: true, rule: ruleJson(deleted), cacheInvalidated } };
};
