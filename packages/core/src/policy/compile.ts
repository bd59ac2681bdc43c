import {
  compilePathPattern,
  type PathMatcher,
  type PolicyPath,
  policyPath,
} from "./path-pattern.js";
import type { CrawlerPolicy, PolicyAction, PolicyMatch } from "./schema.js";
import type { PolicySubject } from "./subject.js";

/** What the policy decided for one request: the action, and the rule's index (`null`: default). */
export interface PolicyDecision {
  action: PolicyAction;
  ruleIndex: number | null;
}

export interface CompiledPolicy {
  /** The policy has no rule and allows by default: evaluating can be skipped. */
  readonly allowsAll: boolean;
  /** The first rule matching the subject and the path (without query) decides, else the default. */
  evaluate(subject: PolicySubject, path: string): PolicyDecision;
}

interface Candidate {
  match: PolicyMatch;
  /** `null`: every path. */
  path: PathMatcher | null;
  decision: PolicyDecision;
}

/** Distinct subjects kept per compiled policy (bots x tiers of a taxonomy is far below). */
const MAX_SUBJECTS = 4096;

/** The map's value for `key`, created (and stored) when absent. */
function childOf<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let child = map.get(key);
  if (child === undefined) {
    child = create();
    map.set(key, child);
  }
  return child;
}

/** Whether a rule's match names the subject. */
export function matchesSubject(match: PolicyMatch, subject: PolicySubject): boolean {
  switch (match.type) {
    case "botId":
      return match.value === subject.botId;
    case "operator":
      return match.value === subject.operator;
    case "intent":
      return match.value === subject.intent;
    case "tier":
      return match.value === subject.tier;
    case "signatureAgent":
      return match.value === subject.signatureAgent;
  }
}

/**
 * A policy compiled once per edge settings: the rules that can match a subject are collected on
 * the subject's first request (in policy order) and kept, so a request walks only those, testing
 * path patterns against a path split at most once. No storage read, no allocation on the hot path
 * beyond the subject key and, when a candidate has a path pattern, the split path.
 */
export function compilePolicy(policy: CrawlerPolicy): CompiledPolicy {
  const rules: Candidate[] = policy.rules.map((rule, index) => ({
    match: rule.match,
    path: rule.path === null ? null : (compilePathPattern(rule.path) ?? (() => false)),
    decision: { action: rule.action, ruleIndex: index },
  }));
  const fallback: PolicyDecision = { action: policy.defaultAction, ruleIndex: null };
  // Subject → its candidates, as nested maps (signature agent → botId → operator → intent → by
  // tier): no key string is built per request.
  type ByTier = Partial<Record<string, Candidate[]>>;
  type ByBot = Map<string, Map<string, Map<string, ByTier>>>;
  let byAgent = new Map<string, ByBot>();
  let subjects = 0;

  function candidatesOf(subject: PolicySubject): Candidate[] {
    const agent = subject.signatureAgent ?? "";
    const bySubject = byAgent.get(agent);
    const byIntent = bySubject?.get(subject.botId)?.get(subject.operator)?.get(subject.intent);
    const cached = byIntent?.[subject.tier];
    if (cached !== undefined) return cached;
    const list = rules.filter((c) => matchesSubject(c.match, subject));
    if (++subjects > MAX_SUBJECTS) {
      byAgent = new Map();
      subjects = 1;
    }
    const bots = childOf(byAgent, agent, (): ByBot => new Map());
    const byOperator = childOf(bots, subject.botId, () => new Map());
    const intents = childOf(byOperator, subject.operator, () => new Map());
    const tiers = childOf(intents, subject.intent, (): ByTier => ({}));
    tiers[subject.tier] = list;
    return list;
  }

  return {
    allowsAll: rules.length === 0 && policy.defaultAction.type === "allow",
    evaluate(subject, path) {
      if (rules.length === 0) return fallback;
      const list = candidatesOf(subject);
      let split: PolicyPath | null = null;
      for (const candidate of list) {
        if (candidate.path === null) return candidate.decision;
        split ??= policyPath(path);
        if (candidate.path(split)) return candidate.decision;
      }
      return fallback;
    },
  };
}
