import type { z } from "zod";
import type { DomainAccess, RoutingRule } from "../types.js";
import type { domain as domainShape, routingRule } from "./responses/shapes.js";

/** Response shapes shared by several operations, with fields in the spec's order. */

export type RuleJson = z.output<typeof routingRule>;

export function ruleJson(rule: RoutingRule): RuleJson {
  return {
    ruleId: rule.ruleId,
    domainId: rule.domainId,
    sourcePath: rule.sourcePath,
    targetUrl: rule.targetUrl,
    ruleType: rule.ruleType,
    redirectCode: rule.redirectCode,
    priority: rule.priority,
    isActive: rule.isActive,
    notes: rule.notes,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

export type DomainJson = z.output<typeof domainShape>;

export function domainJson({ domain, role }: DomainAccess): DomainJson {
  return {
    domainId: domain.domainId,
    domain: domain.hostname,
    originUrl: domain.originUrl,
    role,
    verificationStage: domain.verificationStage,
    createdAt: domain.createdAt.toISOString(),
  };
}
