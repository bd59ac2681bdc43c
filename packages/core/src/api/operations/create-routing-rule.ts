import { CrawlgateError, invalidRequest } from "../../errors.js";
import { type CreateRuleBody, createRuleBody } from "../../routing/rule-body.js";
import { ruleDraft } from "../../routing/rule-input.js";
import { sourceKey } from "../../routing/source-grammar.js";
import type { RoutingRule } from "../../types.js";
import type { Operation } from "../context.js";
import { invalidateSettings, ownerRuleLimit, writableDomain } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";

export const input = createRuleBody;

/**
 * POST /domains/{domainId}/routing-rules. Order: domain access (404) → role (403) → body (400)
 * → the owner's plan limit (403) and a duplicate source (409), both atomically in the store.
 */
export const run: Operation<CreateRuleBody> = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId, hostname } = access.domain;
  const draft = ruleDraft(ctx.input(), hostname, domainId);
  if (!draft.ok) throw invalidRequest(draft.message);
  const rule: RoutingRule = {
    ...draft.value,
    ruleId: crypto.randomUUID(),
    domainId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const limit = await ownerRuleLimit(ctx.deps, access);
  const written = await ctx.deps.rules.createRule(rule, sourceKey(rule.sourcePath), limit);
  if (!written.ok) {
    if (written.reason === "rule_limit_reached") {
      throw new CrawlgateError("rule_limit_reached", { limit: limit ?? 0 });
    }
    throw new CrawlgateError(written.reason);
  }
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return {
    status: 201,
    headers: { location: `/functions/v1/domains/${domainId}/routing-rules/${rule.ruleId}` },
    body: { rule: ruleJson(written.rule), cacheInvalidated },
  };
};
