export { isIpLiteral, isPublicUnicastAddress } from "./address.js";
export type { ParsedSource, Segment } from "./pattern.js";
export { asciiLower, parseSource, prepareRequestPath } from "./pattern.js";
export type { TargetCheck } from "./proxy-target.js";
export { checkProxyTarget, parseAbsoluteHttpUrl } from "./proxy-target.js";
export {
  MAX_NOTES_LENGTH,
  MAX_PATH_LENGTH,
  PRIORITY_MAX,
  PRIORITY_MIN,
} from "./rule-fields.js";
export type { MatchRequest, RuleIndex, RuleMatch } from "./rule-index.js";
export { compileRuleIndex } from "./rule-index.js";
export type { Parsed, RuleDraft, RulePatch } from "./rule-input.js";
export { applyRulePatch, parseCreateRule, parsePatchRule } from "./rule-input.js";
export { compareRuleOrder } from "./rule-order.js";
export { checkSourceGrammar, endsWithWildcardSlash, sourceKey } from "./source-grammar.js";
export type { TargetTemplate } from "./target.js";
export { compileTarget, renderTarget } from "./target.js";
