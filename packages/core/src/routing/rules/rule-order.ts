import type { RoutingRule } from "../../types.js";

/**
 * The spec's match order, made total: priority descending; at equal priority exact paths before
 * patterns; then longer `sourcePath` first; then `createdAt` ascending; then `ruleId`.
 */
export function compareRuleOrder(
  a: Pick<RoutingRule, "priority" | "sourcePath" | "createdAt" | "ruleId">,
  b: Pick<RoutingRule, "priority" | "sourcePath" | "createdAt" | "ruleId">,
  aExact: boolean,
  bExact: boolean,
): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (aExact !== bExact) return aExact ? -1 : 1;
  if (a.sourcePath.length !== b.sourcePath.length) return b.sourcePath.length - a.sourcePath.length;
  const t = a.createdAt.getTime() - b.createdAt.getTime();
  if (t !== 0) return t;
  return a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0;
}
