import type { EdgeSettings } from "../ports/index.js";
import { compileRuleIndex, type RuleIndex } from "../routing/matcher/rule-index.js";
import type { ReadRequest } from "./request.js";

/** What the routing rules say: a redirect, a proxy, or `null` when no rule matches. */
export type RuleMatch =
  | { kind: "redirect"; status: 301 | 302; location: string; ruleId: string }
  | { kind: "proxy"; upstream: string; ruleId: string }
  | null;

export type Route = (
  settings: EdgeSettings,
  request: ReadRequest,
  protocol: "http" | "https",
) => RuleMatch;

/**
 * The routing rules of a domain, compiled once per cached settings object, then matched. A
 * domain's new settings (after a rule write) are compiled with its previous index, which spares
 * parsing the rules that did not change (held weakly: the index lives as long as its settings).
 */
export function createRoute(): Route {
  const compiled = new WeakMap<EdgeSettings, RuleIndex>();
  const latest = new Map<string, WeakRef<RuleIndex>>();
  const indexOf = (settings: EdgeSettings): RuleIndex => {
    let index = compiled.get(settings);
    if (!index) {
      index = compileRuleIndex(settings.rules, latest.get(settings.domainId)?.deref());
      compiled.set(settings, index);
      latest.set(settings.domainId, new WeakRef(index));
    }
    return index;
  };
  return (settings, request, protocol) => {
    if (settings.rules.length === 0) return null;
    const { path, query, host, target } = request;
    const match = indexOf(settings).match({ path, query, url: `${protocol}://${host}${target}` });
    if (!match) return null;
    if (match.rule.ruleType === "proxy")
      return { kind: "proxy", upstream: match.target, ruleId: match.rule.ruleId };
    return {
      kind: "redirect",
      status: match.rule.redirectCode ?? 301,
      location: match.target,
      ruleId: match.rule.ruleId,
    };
  };
}
