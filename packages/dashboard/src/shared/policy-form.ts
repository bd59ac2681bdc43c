import { AGGREGATE_TIERS, type CrawlerPolicy, type CrawlerPolicyAction } from "@crawlgate/client";
import { moved } from "./reorder.js";
import { type SignalsFormState, signalsState, toSignals } from "./signals-form.js";

/**
 * The crawler-policy editor's state, and its mapping to and from the API's policy. The form keeps
 * what a person types (no client-side validation: the API's messages speak); `toPolicy` is the
 * `PUT .../crawler-policy` body, and `fromPolicy(p)` read back by `toPolicy` is `p` again.
 */

export type PolicyRule = CrawlerPolicy["rules"][number];
export type MatchType = PolicyRule["match"]["type"];
export type ActionType = CrawlerPolicyAction["type"];

export const MATCH_TYPES: readonly MatchType[] = [
  "botId",
  "operator",
  "intent",
  "tier",
  "signatureAgent",
];
export const ACTION_TYPES: readonly ActionType[] = ["allow", "block", "charge"];
export const POLICY_INTENTS = [
  "training",
  "answer-fetch",
  "search-index",
  "search-classic",
  "social",
  "seo-tool",
  "ads",
  "other",
] as const;

/**
 * One action as edited: every action kind's fields are kept, so that switching block → allow →
 * block gives back the status and message typed before. `message` null: the standard sentence.
 */
export interface ActionState {
  type: ActionType;
  status: 403 | 402;
  message: string | null;
  amount: string;
  currency: string;
}

export interface RuleState {
  /** A stable key for the list (reordering keeps each rule's inputs). */
  key: number;
  matchType: MatchType;
  matchValue: string;
  /** The path pattern as typed; empty: every path (`path: null`). */
  path: string;
  action: ActionState;
}

/**
 * The x402 receiver as edited: `enabled` false sends `x402: null`, and the fields typed stay for
 * when it is ticked again. `decimals` is the text typed (a number is sent when it reads as one).
 */
export interface X402State {
  enabled: boolean;
  network: string;
  asset: string;
  payTo: string;
  decimals: string;
}

export interface PolicyFormState {
  rules: RuleState[];
  defaultAction: ActionState;
  impostorProtection: boolean;
  inBandPricing: boolean;
  x402: X402State;
  /** Content signals, per-path overrides and the licence URL (`signals-form.ts`). */
  signals: SignalsFormState;
  nextKey: number;
}

const BLANK_X402: X402State = {
  enabled: false,
  network: "",
  asset: "",
  payTo: "",
  decimals: "6",
};

/** The form's receiver of a policy's `x402` (blank fields, unticked, for `null`). */
export function x402State(x402: CrawlerPolicy["x402"]): X402State {
  if (!x402) return { ...BLANK_X402 };
  return { enabled: true, ...x402, decimals: String(x402.decimals) };
}

/**
 * The `x402` of the body: `null` unless ticked; fields as typed, `decimals` a number when the
 * text is one (anything else is sent as typed, so that the API's message names the field).
 */
export function toX402(state: X402State): CrawlerPolicy["x402"] {
  if (!state.enabled) return null;
  const text = state.decimals.trim();
  const decimals = text !== "" && Number.isFinite(Number(text)) ? Number(text) : state.decimals;
  return {
    network: state.network,
    asset: state.asset,
    payTo: state.payTo,
    decimals: decimals as number,
  };
}

const BLANK_ACTION: ActionState = {
  type: "allow",
  status: 403,
  message: null,
  amount: "0.01",
  currency: "USD",
};

export function actionState(action: CrawlerPolicyAction): ActionState {
  switch (action.type) {
    case "allow":
      return { ...BLANK_ACTION };
    case "block":
      return { ...BLANK_ACTION, type: "block", status: action.status, message: action.message };
    case "charge":
      return {
        ...BLANK_ACTION,
        type: "charge",
        message: action.message,
        amount: action.price.amount,
        currency: action.price.currency,
      };
  }
}

export function toAction(state: ActionState): CrawlerPolicyAction {
  switch (state.type) {
    case "allow":
      return { type: "allow" };
    case "block":
      return { type: "block", status: state.status, message: state.message };
    case "charge":
      return {
        type: "charge",
        price: { amount: state.amount, currency: state.currency },
        message: state.message,
      };
  }
}

/** The form's state of a policy the API answered. */
export function fromPolicy(policy: CrawlerPolicy): PolicyFormState {
  return {
    rules: policy.rules.map((rule, key) => ({
      key,
      matchType: rule.match.type,
      matchValue: rule.match.value,
      path: rule.path ?? "",
      action: actionState(rule.action),
    })),
    defaultAction: actionState(policy.defaultAction),
    impostorProtection: policy.impostorProtection,
    inBandPricing: policy.inBandPricing,
    x402: x402State(policy.x402),
    signals: signalsState(policy),
    nextKey: policy.rules.length,
  };
}

/** The `PUT` body of the form's state: values as typed (the API trims and validates). */
export function toPolicy(state: PolicyFormState): CrawlerPolicy {
  return {
    rules: state.rules.map((rule) => ({
      match: { type: rule.matchType, value: rule.matchValue } as PolicyRule["match"],
      path: rule.path === "" ? null : rule.path,
      action: toAction(rule.action),
    })),
    defaultAction: toAction(state.defaultAction),
    impostorProtection: state.impostorProtection,
    inBandPricing: state.inBandPricing,
    x402: toX402(state.x402),
    ...toSignals(state.signals),
  };
}

/** A new rule at the end: block every unknown-tier crawler with a 403 (the common first rule). */
export function addRule(state: PolicyFormState): PolicyFormState {
  const rule: RuleState = {
    key: state.nextKey,
    matchType: "tier",
    matchValue: "unknown",
    path: "",
    action: { ...BLANK_ACTION, type: "block" },
  };
  return { ...state, rules: [...state.rules, rule], nextKey: state.nextKey + 1 };
}

export function removeRule(state: PolicyFormState, index: number): PolicyFormState {
  return { ...state, rules: state.rules.filter((_, i) => i !== index) };
}

/** Moves rule `index` by `delta` places (clamped to the list: the first cannot move up). */
export function moveRule(state: PolicyFormState, index: number, delta: number): PolicyFormState {
  const rules = moved(state.rules, index, delta);
  return rules ? { ...state, rules } : state;
}

export function updateRule(
  state: PolicyFormState,
  index: number,
  change: Partial<Omit<RuleState, "key">>,
): PolicyFormState {
  return {
    ...state,
    rules: state.rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)),
  };
}

/**
 * A rule's match after its kind changed: intents and tiers take a valid first value; a bot or
 * operator name typed before is kept between those two kinds; a signed agent's origin starts
 * empty.
 */
export function changeMatchType(rule: RuleState, matchType: MatchType): Partial<RuleState> {
  if (matchType === "intent")
    return { matchType, matchValue: inList(rule.matchValue, POLICY_INTENTS) };
  if (matchType === "tier")
    return { matchType, matchValue: inList(rule.matchValue, AGGREGATE_TIERS) };
  const named = (type: MatchType) => type === "botId" || type === "operator";
  return {
    matchType,
    matchValue: named(matchType) && named(rule.matchType) ? rule.matchValue : "",
  };
}

function inList(value: string, list: readonly string[]): string {
  return list.includes(value) ? value : (list[0] as string);
}

const MATCH_LABEL: Record<MatchType, string> = {
  botId: "Bot",
  operator: "Operator",
  intent: "Intent",
  tier: "Tier",
  signatureAgent: "Signed agent",
};

/** How a rule's match reads in the list: `Bot GPTBot`, `Tier unknown`. */
export function describeMatch(match: PolicyRule["match"]): string {
  return `${MATCH_LABEL[match.type]} ${match.value}`;
}

/** How an action reads: `Allow`, `Block (403)`, `Charge USD 0.01 (402)`, with the message. */
export function describeAction(action: CrawlerPolicyAction): string {
  const message = (m: string | null) => (m === null ? "" : `: "${m}"`);
  switch (action.type) {
    case "allow":
      return "Allow";
    case "block":
      return `Block (${action.status})${message(action.message)}`;
    case "charge":
      return `Charge ${action.price.currency} ${action.price.amount} (402)${message(action.message)}`;
  }
}

/** How the x402 receiver reads in the saved policy's facts. */
export function describeX402(x402: CrawlerPolicy["x402"]): string {
  if (!x402) return "None: no x402 challenge is offered";
  return `${x402.payTo} on ${x402.network}, asset ${x402.asset} (${x402.decimals} decimals)`;
}
