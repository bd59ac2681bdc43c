import { applyRulePatch, parseCreateRule, parsePatchRule, sourceKey } from "../../routing/index.js";
import type { DomainAccess, RoutingRule } from "../../types.js";
import type { ApiDeps, Operation, OperationContext } from "../context.js";
import { CrawlgateError, invalidRequest } from "../errors.js";
import { ruleJson } from "../serialize.js";

/** The five routing-rule endpoints under /domains/{domainId}/routing-rules. */

async function domainAccess(ctx: OperationContext): Promise<DomainAccess> {
  const access = await ctx.deps.accounts.getDomainAccess(
    ctx.user.userId,
    ctx.params.domainId ?? "",
  );
  if (!access) throw new CrawlgateError("domain_not_found");
  return access;
}

/** Same as `domainAccess`, and the caller may write rules (owner or manager). */
async function writableDomain(ctx: OperationContext): Promise<DomainAccess> {
  const access = await domainAccess(ctx);
  if (access.role === "viewer") throw new CrawlgateError("forbidden");
  return access;
}

async function existingRule(ctx: OperationContext, domainId: string): Promise<RoutingRule> {
  const rule = await ctx.deps.rules.getRule(domainId, ctx.params.ruleId ?? "");
  if (!rule) throw new CrawlgateError("rule_not_found");
  return rule;
}

/** The rule limit of the domain owner's plan (the owner's, whatever the caller's plan is). */
async function ownerRuleLimit(deps: ApiDeps, access: DomainAccess): Promise<number | null> {
  const owner = await deps.accounts.getUser(access.domain.ownerId);
  return owner ? deps.plans[owner.plan].ruleLimit : 0;
}

/** Refreshes the domain's cached edge settings; any failure is reported, never thrown. */
async function invalidate(deps: ApiDeps, domainId: string): Promise<boolean> {
  try {
    return await deps.settingsCache.invalidate(domainId);
  } catch (error) {
    deps.logger.warn("settings_cache.invalidate_failed", {
      domainId,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

export const listRoutingRules: Operation = async (ctx) => {
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

export const getRoutingRule: Operation = async (ctx) => {
  const access = await domainAccess(ctx);
  const rule = await existingRule(ctx, access.domain.domainId);
  return { status: 200, body: { rule: ruleJson(rule) } };
};

export const createRoutingRule: Operation = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId, hostname } = access.domain;
  const parsed = parseCreateRule(ctx.body, hostname, domainId);
  if (!parsed.ok) throw invalidRequest(parsed.message);
  const rule: RoutingRule = {
    ...parsed.value,
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
  const cacheInvalidated = await invalidate(ctx.deps, domainId);
  return {
    status: 201,
    headers: { location: `/functions/v1/domains/${domainId}/routing-rules/${rule.ruleId}` },
    body: { rule: ruleJson(written.rule), cacheInvalidated },
  };
};

export const updateRoutingRule: Operation = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId, hostname } = access.domain;
  const current = await existingRule(ctx, domainId);
  const patch = parsePatchRule(ctx.body, domainId);
  if (!patch.ok) throw invalidRequest(patch.message);
  const merged = applyRulePatch(current, patch.value, hostname);
  if (!merged.ok) throw invalidRequest(merged.message);
  const next: RoutingRule = { ...current, ...merged.value, updatedAt: ctx.now };
  const written = await ctx.deps.rules.updateRule(next, sourceKey(next.sourcePath));
  if (!written.ok) throw new CrawlgateError(written.reason);
  const cacheInvalidated = await invalidate(ctx.deps, domainId);
  return { status: 200, body: { rule: ruleJson(written.rule), cacheInvalidated } };
};

export const deleteRoutingRule: Operation = async (ctx) => {
  const access = await writableDomain(ctx);
  const deleted = await ctx.deps.rules.deleteRule(access.domain.domainId, ctx.params.ruleId ?? "");
  if (!deleted) throw new CrawlgateError("rule_not_found");
  const cacheInvalidated = await invalidate(ctx.deps, access.domain.domainId);
  return { status: 200, body: { deleted: true, rule: ruleJson(deleted), cacheInvalidated } };
};
