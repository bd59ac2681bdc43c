import { z } from "zod";
import { CrawlgateError, invalidRequest } from "../../errors.js";
import { type PatchRuleBody, patchRuleBody } from "../../routing/rules/rule-body.js";
import { applyRulePatch, rulePatch } from "../../routing/rules/rule-input.js";
import { sourceKey } from "../../routing/rules/source-grammar.js";
import type { RoutingRule } from "../../types.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { cacheInvalidated, routingRule } from "../responses/shapes.js";
import { existingRule, invalidateSettings, writableDomain } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";

export const input = patchRuleBody;

export const output = z.strictObject({ rule: routingRule, cacheInvalidated });

export const contract: EndpointContract = {
  summary: "Update a routing rule",
  description:
    "Owner or manager. Only the fields sent change; each follows the create rules. `notes: null` or an empty string clears the notes. `domainId` in the body must be the path's (a different one is 400). Redirect to proxy: the target is re-validated as a proxy target (send a new full URL in the same request if the current one is a path) and `redirectCode` is cleared to null. Proxy to redirect: the target is kept unless sent, `redirectCode` becomes 301 unless 302 is sent.",
  status: 200,
  errors: [
    "invalid_request",
    "forbidden",
    "domain_not_found",
    "rule_not_found",
    "duplicate_source_path",
  ],
};

/**
 * PATCH /domains/{domainId}/routing-rules/{ruleId}. Order: domain access (404) → role (403) →
 * the rule (404) → body (400) → a duplicate source (409).
 */
export const run: Operation<PatchRuleBody, z.output<typeof output>> = async (ctx) => {
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
