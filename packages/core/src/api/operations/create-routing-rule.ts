import { z } from "zod";
import { CrawlgateError, invalidRequest } from "../../errors.js";
import { type CreateRuleBody, createRuleBody } from "../../routing/rules/rule-body.js";
import { ruleDraft } from "../../routing/rules/rule-input.js";
import { sourceKey } from "../../routing/rules/source-grammar.js";
import type { RoutingRule } from "../../types.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { cacheInvalidated, routingRule } from "../responses/shapes.js";
import { invalidateSettings, ownerRuleLimit, writableDomain } from "../rules/rule-access.js";
import { ruleJson } from "../serialize.js";

export const input = createRuleBody;

export const output = z.strictObject({ rule: routingRule, cacheInvalidated });

export const contract: EndpointContract = {
  summary: "Create a routing rule",
  description:
    "Owner or manager. Takes effect right away; the rule is always saved on 201. Checks in order: domain access (404), role (403 `forbidden`), body (400), the owner's plan limit (403 `rule_limit_reached`, the owner's plan applies even if the caller's is higher) and a duplicate `sourcePath` (409). A redirect's `targetUrl` is a path on the domain or a full http(s) URL; a proxy's must be a full public http(s) URL (not localhost, private or internal addresses, `.internal`/`.local` names, the domain itself or its `www.` variant). Any `redirectCode` with a proxy is 400.",
  status: 201,
  errors: [
    "invalid_request",
    "forbidden",
    "rule_limit_reached",
    "domain_not_found",
    "duplicate_source_path",
  ],
  headers: [
    {
      name: "Location",
      required: true,
      description: "`/functions/v1/domains/{domainId}/routing-rules/{ruleId}` of the new rule",
    },
  ],
};

/**
 * POST /domains/{domainId}/routing-rules. Order: domain access (404) → role (403) → body (400)
 * → the owner's plan limit (403) and a duplicate source (409), both atomically in the store.
 */
export const run: Operation<CreateRuleBody, z.output<typeof output>> = async (ctx) => {
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
