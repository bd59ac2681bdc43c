export type { MatchRequest, RuleIndex, RuleMatch } from "./matcher/rule-index.js";
export { compileRuleIndex } from "./matcher/rule-index.js";
export type { ParsedSource, Segment } from "./rules/pattern.js";
export { asciiLower, parseSource, prepareRequestPath } from "./rules/pattern.js";
export {
  MAX_NOTES_LENGTH,
  MAX_PATH_LENGTH,
  PRIORITY_MAX,
  PRIORITY_MIN,
} from "./rules/rule-fields.js";
export type { Parsed, RuleDraft, RulePatch } from "./rules/rule-input.js";
export { applyRulePatch, parseCreateRule, parsePatchRule } from "./rules/rule-input.js";
export { compareRuleOrder } from "./rules/rule-order.js";
export { checkSourceGrammar, endsWithWildcardSlash, sourceKey } from "./rules/source-grammar.js";
export { isIpLiteral, isPublicUnicastAddress } from "./targets/address.js";
export type { TargetCheck } from "./targets/proxy-target.js";
export { checkProxyTarget, parseAbsoluteHttpUrl } from "./targets/proxy-target.js";
export type { TargetTemplate } from "./targets/target.js";
export { compileTarget, renderTarget } from "./targets/target.js";
