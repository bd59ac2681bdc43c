import {
  compareUtf8,
  type RoutingRule,
  type RuleStore,
  type StoredPolicy,
} from "@crawlgate/core/adapter-kit";

const copyRule = (r: RoutingRule): RoutingRule => ({
  ...r,
  createdAt: new Date(r.createdAt.getTime()),
  updatedAt: new Date(r.updatedAt.getTime()),
});

const copyPolicy = (p: StoredPolicy): StoredPolicy => ({
  policy: structuredClone(p.policy),
  updatedAt: new Date(p.updatedAt.getTime()),
});

interface Stored {
  rule: RoutingRule;
  sourceKey: string;
}

/** Routing rules and crawler policies per domain. Checks and writes happen without an await in between: atomic. */
export function createMemoryRuleStore() {
  const byDomain = new Map<string, Map<string, Stored>>();
  const policies = new Map<string, StoredPolicy>();
  const rulesOf = (domainId: string) => {
    const rules = byDomain.get(domainId) ?? new Map<string, Stored>();
    byDomain.set(domainId, rules);
    return rules;
  };
  const keyTaken = (rules: Map<string, Stored>, sourceKey: string, except?: string) =>
    [...rules.values()].some((s) => s.sourceKey === sourceKey && s.rule.ruleId !== except);

  return {
    async listRules(domainId) {
      return [...rulesOf(domainId).values()]
        .map((s) => copyRule(s.rule))
        .sort(
          (a, b) =>
            b.priority - a.priority ||
            a.createdAt.getTime() - b.createdAt.getTime() ||
            compareUtf8(a.ruleId, b.ruleId),
        );
    },
    async countRules(domainId) {
      return rulesOf(domainId).size;
    },
    async getRule(domainId, ruleId) {
      const stored = rulesOf(domainId).get(ruleId);
      return stored ? copyRule(stored.rule) : null;
    },
    async createRule(rule, sourceKey, limit) {
      const rules = rulesOf(rule.domainId);
      if (limit !== null && rules.size >= limit) return { ok: false, reason: "rule_limit_reached" };
      if (keyTaken(rules, sourceKey)) return { ok: false, reason: "duplicate_source_path" };
      rules.set(rule.ruleId, { rule: copyRule(rule), sourceKey });
      return { ok: true, rule: copyRule(rule) };
    },
    async updateRule(rule, sourceKey) {
      const rules = rulesOf(rule.domainId);
      const stored = rules.get(rule.ruleId);
      if (!stored) return { ok: false, reason: "rule_not_found" };
      if (keyTaken(rules, sourceKey, rule.ruleId))
        return { ok: false, reason: "duplicate_source_path" };
      const next = { ...copyRule(rule), createdAt: stored.rule.createdAt };
      rules.set(rule.ruleId, { rule: next, sourceKey });
      return { ok: true, rule: copyRule(next) };
    },
    async deleteRule(domainId, ruleId) {
      const rules = rulesOf(domainId);
      const stored = rules.get(ruleId);
      if (!stored) return null;
      rules.delete(ruleId);
      return copyRule(stored.rule);
    },
    async getPolicy(domainId) {
      const stored = policies.get(domainId);
      return stored ? copyPolicy(stored) : null;
    },
    async replacePolicy(domainId, policy, updatedAt) {
      const stored = copyPolicy({ policy, updatedAt });
      policies.set(domainId, stored);
      return copyPolicy(stored);
    },
  } satisfies RuleStore;
}
