export type { CompiledPolicy, PolicyDecision } from "./compile.js";
export { compilePolicy, matchesClaim, matchesSubject } from "./compile.js";
export { contentSignalValue, contentUsageValue } from "./content-usage.js";
export type { DeniedBot } from "./denied-bots.js";
export { botsDeniedEverywhere } from "./denied-bots.js";
export type { PathMatcher, PolicyPath } from "./path-pattern.js";
export { compilePathPattern, policyPath, policyRequestPath } from "./path-pattern.js";
export type {
  CrawlerPolicy,
  DenyAction,
  PolicyAction,
  PolicyMatch,
  PolicyPrice,
  PolicyRule,
  StoredPolicy,
} from "./schema.js";
export {
  crawlerPolicy,
  DEFAULT_POLICY,
  POLICY_LIMITS,
  policyAction,
  policyMatch,
  policyPrice,
  policyRule,
  priceHeader,
} from "./schema.js";
export type { ClaimedBot, PolicySubject } from "./subject.js";
export { policySubject } from "./subject.js";
export { checkPolicyNames } from "./validate.js";
