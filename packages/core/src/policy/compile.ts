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
  index: number;
  /** `null`: every path. */
  path: PathMatcher | null;
  decision: PolicyDecision;
}

/** Distinct subjects kept per compiled policy (bots x tiers of a taxonomy is far below). */
const MAX_SUBJECTS = 4096;

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
    index,
    path: rule.path === null ? null : (compilePathPattern(rule.path) ?? (() => false)),
    decision: { action: rule.action, ruleIndex: index },
  }));
  const fallback: PolicyDecision = { action: policy.defaultAction, ruleIndex: null };
  const bySubject = new Map<string, Candidate[]>();

  function candidatesOf(subject: PolicySubject): Candidate[] {
    const key = `${subject.botId}\n${subject.operator}\n${subject.intent}\n${subject.tier}`;
    let list = bySubject.get(key);
    if (list === undefined) {
      list = rules.filter((c) =>
        matchesSubject(policy.rules[c.index]?.match as PolicyMatch, subject),
      );
      if (bySubject.size >= MAX_SUBJECTS) bySubject.clear();
      bySubject.set(key, list);
    }
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
