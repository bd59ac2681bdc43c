export { compileMatcher } from "./anchor-scan.js";
export type { Automaton } from "./automaton.js";
export { compileAutomaton } from "./automaton.js";
export type { Classification, Classifier } from "./classifier.js";
export { AUTOMATION_PATTERNS, compileClassifier, withCache } from "./classifier.js";
export type { PatternSpec } from "./pattern-rank.js";
export { uaHash } from "./ua-hash.js";
