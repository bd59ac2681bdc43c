import { CrawlgateError } from "../../errors.js";
import type { DomainAccess, RoutingRule } from "../../types.js";
import type { ApiDeps, OperationContext } from "../context.js";

/** The checks the routing-rule endpoints share, in the order they run (before the body's). */

/** The path's domain as the caller sees it, or `404 domain_not_found`. */
export async function domainAccess(ctx: OperationContext): Promise<DomainAccess> {
  const access = await ctx.deps.accounts.getDomainAccess(
    ctx.user.userId,
    ctx.params.domainId ?? "",
  );
  if (!access) throw new CrawlgateError("domain_not_found");
  return access;
}

/** Same as `domainAccess`, and the caller may write rules (owner or manager). */
export async function writableDomain(ctx: OperationContext): Promise<DomainAccess> {
  const access = await domainAccess(ctx);
  if (access.role === "viewer") throw new CrawlgateError("forbidden");
  return access;
}

/** The path's rule of the domain, or `404 rule_not_found`. */
export async function existingRule(ctx: OperationContext, domainId: string): Promise<RoutingRule> {
  const rule = await ctx.deps.rules.getRule(domainId, ctx.params.ruleId ?? "");
  if (!rule) throw new CrawlgateError("rule_not_found");
  return rule;
}

/** The rule limit of the domain owner's plan (the owner's, whatever the caller's plan is). */
export async function ownerRuleLimit(deps: ApiDeps, access: DomainAccess): Promise<number | null> {
  const owner = await deps.accounts.getUser(access.domain.ownerId);
  return owner ? deps.plans[owner.plan].ruleLimit : 0;
}

/** Refreshes the domain's cached edge settings; any failure is reported, never thrown. */
export async function invalidateSettings(deps: ApiDeps, domainId: string): Promise<boolean> {
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
