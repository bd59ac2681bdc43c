import type { DomainAccess, RoutingRule } from "../types.js";

/** Response shapes shared by several operations, with fields in the spec's order. */

export interface RuleJson {
  ruleId: string;
  domainId: string;
  sourcePath: string;
  targetUrl: string;
  ruleType: string;
  redirectCode: number | null;
  priority: number;
  isActive: boolean;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

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

export interface DomainJson {
  domainId: string;
  domain: string;
  originUrl: string | null;
  role: string;
  verificationStage: string | null;
  createdAt: string | null;
}

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
