import {
  compilePathPattern,
  type PathMatcher,
  type PolicyPath,
  policyPath,
} from "./path-pattern.js";
import type { CrawlerPolicy, PolicyAction, PolicyMatch } from "./schema.js";
import type { ClaimedBot, PolicySubject } from "./subject.js";

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
  /** The rule's position in the policy. */
  index: number;
  match: PolicyMatch;
  /** `null`: every path. */
  path: PathMatcher | null;
  decision: PolicyDecision;
}

const NONE: readonly Candidate[] = [];

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
 * Whether a rule applies to an impostor through the bot it claimed: a block or charge naming the
 * claimed bot, its operator or its intent does (a claim is never a way around a block); an allow
 * does not (impostor protection keeps an unverified claim from what is allowed to the genuine
 * bot), and neither do tier or signature-agent rules (an impostor is tier `unknown`, unsigned).
 */
export function matchesClaim(
  match: PolicyMatch,
  action: PolicyAction,
  claimed: Readonly<ClaimedBot>,
): boolean {
  if (action.type === "allow") return false;
  switch (match.type) {
    case "botId":
    case "operator":
    case "intent":
      return match.value === claimed[match.type];
    default:
      return false;
  }
}

/**
 * A policy compiled once per edge settings: the rules that can match a subject are collected on
 * the subject's first request (in policy order) and kept, so a request walks only those, testing
 * path patterns against a path split at most once. An impostor's subject walks two lists in
 * policy order: the rules matching it (the `unknown` bot) and the block and charge rules matching
 * its claim (`matchesClaim`). No storage read, no allocation on the hot path beyond the subject
 * key and, when a candidate has a path pattern, the split path.
 */
export function compilePolicy(policy: CrawlerPolicy): CompiledPolicy {
  const rules: Candidate[] = policy.rules.map((rule, index) => ({
    index,
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
  // Claimed bot → operator → intent → the block and charge rules naming the claim.
  let byClaim = new Map<string, Map<string, Map<string, Candidate[]>>>();
  let subjects = 0;

  /** Counts one more cached list; past the bound every cache starts over. */
  function counted(): void {
    if (++subjects > MAX_SUBJECTS) {
      byAgent = new Map();
      byClaim = new Map();
      subjects = 1;
    }
  }

  function candidatesOf(subject: PolicySubject): Candidate[] {
    const agent = subject.signatureAgent ?? "";
    const bySubject = byAgent.get(agent);
    const byIntent = bySubject?.get(subject.botId)?.get(subject.operator)?.get(subject.intent);
    const cached = byIntent?.[subject.tier];
    if (cached !== undefined) return cached;
    const list = rules.filter((c) => matchesSubject(c.match, subject));
    counted();
    const bots = childOf(byAgent, agent, (): ByBot => new Map());
    const byOperator = childOf(bots, subject.botId, () => new Map());
    const intents = childOf(byOperator, subject.operator, () => new Map());
    const tiers = childOf(intents, subject.intent, (): ByTier => ({}));
    tiers[subject.tier] = list;
    return list;
  }

  function claimCandidatesOf(claimed: Readonly<ClaimedBot>): Candidate[] {
    const cached = byClaim.get(claimed.botId)?.get(claimed.operator)?.get(claimed.intent);
    if (cached !== undefined) return cached;
    const list = rules.filter((c) => matchesClaim(c.match, c.decision.action, claimed));
    counted();
    const operators = childOf(byClaim, claimed.botId, () => new Map());
    childOf(operators, claimed.operator, () => new Map()).set(claimed.intent, list);
    return list;
  }

  return {
    allowsAll: rules.length === 0 && policy.defaultAction.type === "allow",
    evaluate(subject, path) {
      if (rules.length === 0) return fallback;
      const own = candidatesOf(subject);
      const claim = subject.claimed === undefined ? NONE : claimCandidatesOf(subject.claimed);
      let split: PolicyPath | null = null;
      // Both lists are in policy order: merged by rule index, a rule in both taken once.
      for (let i = 0, j = 0; i < own.length || j < claim.length; ) {
        const a = own[i];
        const b = claim[j];
        const ownFirst = b === undefined || (a !== undefined && a.index <= b.index);
        const candidate = (ownFirst ? a : b) as Candidate;
        if (ownFirst) {
          i++;
          if (b !== undefined && b.index === candidate.index) j++;
        } else j++;
        if (candidate.path === null) return candidate.decision;
        split ??= policyPath(path);
        if (candidate.path(split)) return candidate.decision;
      }
      return fallback;
    },
  };
}
