import { CrawlgateError, invalidRequest } from "../../errors.js";
import { type PatchRuleBody, patchRuleBody } from "../../routing/rule-body.js";
import { applyRulePatch, rulePatch } from "../../routing/rule-input.js";
import { sourceKey } from "../../routing/source-grammar.js";
import type { RoutingRule } from "../../types.js";
import type { Operation } from "../context.js";
import { existingRule, invalidateSettings, writableDomain } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";

export const input = patchRuleBody;

/**
 * PATCH /domains/{domainId}/routing-rules/{ruleId}. Order: domain access (404) → role (403) →
 * the rule (404) → body (400) → a duplicate source (409).
 */
export const run: Operation<PatchRuleBody> = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId, hostname } = access.domain;
  const current = await existingRule(ctx, domainId);
  const patch = rulePatch(ctx.input(), domainId);
  if (!patch.ok) throw invalidRequest(patch.message);
  const merged = applyRulePatch(current, patch.value, hostname);
  if (!merged.ok) throw invalidRequest(merged.message);
  const next: RoutingRule = { ...current, ...merged.value, updatedAt: ctx.now };
  const written = await ctx.deps.rules.updateRule(next, sourceKey(next.sourcePath));
  if (!written.ok) throw new CrawlgateError(written.reason);
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return { status: 200, body: { rule: ruleJson(written.rule), cacheInvalidated } };
};
