import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRuleIndex } from "../routing/matcher/rule-index.js";
import type { RoutingRule } from "../types.js";
import { compilePolicy, type PolicyDecision } from "./compile.js";
import { compilePathPattern, policyPath } from "./path-pattern.js";
import {
  type CrawlerPolicy,
  crawlerPolicy,
  type PolicyAction,
  type PolicyMatch,
} from "./schema.js";
import type { PolicySubject } from "./subject.js";

// Small alphabets so that random patterns, paths and subjects collide often.
const word = fc.constantFrom("a", "b", "A", "shop", "Blog", "x-1", "é", "%C3%A9", "k");
const patternSegment = fc.oneof(
  { weight: 5, arbitrary: word },
  { weight: 2, arbitrary: fc.constantFrom(":p", ":q") },
  { weight: 1, arbitrary: fc.constant("*") },
  { weight: 1, arbitrary: fc.constantFrom("a-*", "*-b", "x*1") },
);
const tail = fc.constantFrom("", "", "/*", "/:rest*", "/:rest+", "/:rest*/", "/*/", "/");
const pattern = fc
  .tuple(fc.uniqueArray(patternSegment, { maxLength: 3 }), tail)
  .map(([segments, end]) => {
    const path = `/${segments.join("/")}`;
    if (end === "") return path;
    return path === "/" ? (end === "/" ? "/" : end) : path + end;
  })
  .filter((p) => compilePathPattern(p) !== null);
const requestPath = fc
  .tuple(
    fc.array(fc.constantFrom("a", "b", "A", "shop", "blog", "x-1", "a-b", "x91", "", "é", "k"), {
      maxLength: 4,
    }),
    fc.boolean(),
  )
  .map(([segments, slash]) => {
    const p = `/${segments.join("/")}`;
    return slash && p !== "/" ? `${p}/` : p;
  });

/** The routing rule index holding one proxy rule: the reference for path patterns. */
function routingMatches(source: string, path: string): boolean {
  const rule: RoutingRule = {
    ruleId: "r",
    domainId: "d",
    sourcePath: source,
    targetUrl: "https://up.example.org/",
    ruleType: "proxy",
    redirectCode: null,
    priority: 0,
    isActive: true,
    notes: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
  return compileRuleIndex([rule]).match({ path, query: "" }) !== null;
}

describe("policy path patterns", () => {
  it("match exactly the paths the routing rules' source patterns match", () => {
    fc.assert(
      fc.property(pattern, fc.array(requestPath, { minLength: 1, maxLength: 6 }), (p, paths) => {
        const matcher = compilePathPattern(p);
        for (const path of paths)
          expect(matcher?.(policyPath(path)), `${p} vs ${path}`).toBe(routingMatches(p, path));
      }),
      { numRuns: 2000 },
    );
  });
});

const subjectArb: fc.Arbitrary<PolicySubject> = fc
  .record({
    botId: fc.constantFrom("gptbot", "googlebot", "claudebot", "unknown"),
    operator: fc.constantFrom("OpenAI", "Google", "Anthropic"),
    intent: fc.constantFrom("training", "search-classic", "other"),
    tier: fc.constantFrom("verified", "declared", "unknown"),
  })
  .chain((subject) =>
    fc
      .constantFrom(null, "https://chatgpt.com", "https://agent.example")
      .map((signatureAgent) =>
        signatureAgent === null ? subject : { ...subject, signatureAgent },
      ),
  );
/** An impostor: the `unknown` bot (whose operator and intent may collide) carrying its claim. */
const impostorArb: fc.Arbitrary<PolicySubject> = fc.record({
  botId: fc.constant("unknown"),
  operator: fc.constantFrom("Unknown", "OpenAI"),
  intent: fc.constantFrom("other", "training"),
  tier: fc.constant("unknown" as const),
  claimed: fc.record({
    botId: fc.constantFrom("gptbot", "googlebot", "claudebot"),
    operator: fc.constantFrom("OpenAI", "Google", "Anthropic"),
    intent: fc.constantFrom("training", "search-classic", "other"),
  }),
});
const matchArb: fc.Arbitrary<PolicyMatch> = fc.oneof(
  fc.record({ type: fc.constant("botId" as const), value: fc.constantFrom("gptbot", "unknown") }),
  fc.record({ type: fc.constant("operator" as const), value: fc.constantFrom("OpenAI", "Google") }),
  fc.record({ type: fc.constant("intent" as const), value: fc.constantFrom("training", "other") }),
  fc.record({
    type: fc.constant("tier" as const),
    value: fc.constantFrom("verified", "declared", "unknown"),
  }),
  fc.record({
    type: fc.constant("signatureAgent" as const),
    value: fc.constantFrom("https://chatgpt.com", "https://agent.example"),
  }),
);
const actionArb: fc.Arbitrary<PolicyAction> = fc.oneof(
  fc.constant({ type: "allow" as const }),
  fc.record({
    type: fc.constant("block" as const),
    status: fc.constantFrom(403 as const, 402 as const),
    message: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  }),
  fc.record({
    type: fc.constant("charge" as const),
    price: fc.record({ amount: fc.constantFrom("0.01", "2"), currency: fc.constant("USD") }),
    message: fc.constant(null),
  }),
);
const signalArb = fc.constantFrom<"yes" | "no" | null>("yes", "no", null);
const signalsArb = fc.record({ search: signalArb, aiInput: signalArb, aiTrain: signalArb });
const policyArb: fc.Arbitrary<CrawlerPolicy> = fc.record({
  rules: fc.array(
    fc.record({ match: matchArb, path: fc.option(pattern, { nil: null }), action: actionArb }),
    { maxLength: 12 },
  ),
  defaultAction: actionArb,
  impostorProtection: fc.boolean(),
  inBandPricing: fc.boolean(),
  x402: fc.option(
    fc.record({
      network: fc.constantFrom(
        "eip155:84532",
        "eip155:8453",
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      ),
      asset: fc.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      payTo: fc.stringMatching(/^[A-Za-z0-9]{32,44}$/),
      decimals: fc.integer({ min: 0, max: 18 }),
    }),
    { nil: null },
  ),
  contentSignals: signalsArb,
  contentSignalPaths: fc.array(
    fc
      .record({ path: pattern })
      .chain((o) =>
        signalsArb
          .filter((s) => s.search !== null || s.aiInput !== null || s.aiTrain !== null)
          .map((s) => ({ ...o, ...s })),
      ),
    { maxLength: 3 },
  ),
  licenseUrl: fc.constantFrom(null, "https://shop.example/license.xml"),
});

/** Every rule tried in order, its match and path checked from scratch. */
function naiveEvaluate(policy: CrawlerPolicy, s: PolicySubject, path: string): PolicyDecision {
  for (const [index, rule] of policy.rules.entries()) {
    const { type, value } = rule.match;
    const named =
      (type === "botId" && value === s.botId) ||
      (type === "operator" && value === s.operator) ||
      (type === "intent" && value === s.intent) ||
      (type === "tier" && value === s.tier) ||
      (type === "signatureAgent" && value === s.signatureAgent);
    // An impostor meets every block and charge naming the bot, operator or intent it claimed.
    const claimed =
      s.claimed !== undefined &&
      rule.action.type !== "allow" &&
      ((type === "botId" && value === s.claimed.botId) ||
        (type === "operator" && value === s.claimed.operator) ||
        (type === "intent" && value === s.claimed.intent));
    if (!named && !claimed) continue;
    if (rule.path !== null && !routingMatches(rule.path, path)) continue;
    return { action: rule.action, ruleIndex: index };
  }
  return { action: policy.defaultAction, ruleIndex: null };
}

describe("compiled policy", () => {
  it("decides as the naive first-match evaluation over generated policies and requests", () => {
    fc.assert(
      fc.property(
        policyArb,
        fc.array(fc.tuple(fc.oneof(subjectArb, impostorArb), requestPath), {
          minLength: 1,
          maxLength: 10,
        }),
        (policy, requests) => {
          const compiled = compilePolicy(policy);
          for (const [subject, path] of requests)
            expect(compiled.evaluate(subject, path)).toEqual(naiveEvaluate(policy, subject, path));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("an impostor meets a block of the bot it claims; an allow naming only its claim never admits it", () => {
    fc.assert(
      fc.property(policyArb, impostorArb, requestPath, (policy, impostor, path) => {
        const claimed = impostor.claimed as NonNullable<PolicySubject["claimed"]>;
        const block: PolicyAction = { type: "block", status: 403, message: null };
        const first = compilePolicy({
          ...policy,
          rules: [{ match: { type: "botId", value: claimed.botId }, path: null, action: block }],
        });
        expect(first.evaluate(impostor, path)).toEqual({ action: block, ruleIndex: 0 });
        // Allowing the claimed bot (its operator, its intent) changes nothing for the impostor.
        // (Only those that do not also name the unknown bot it is.)
        const allows = (["botId", "operator", "intent"] as const)
          .filter((type) => claimed[type] !== impostor[type])
          .map((type) => ({
            match: { type, value: claimed[type] } as PolicyMatch,
            path: null,
            action: { type: "allow" as const },
          }));
        const decided = compilePolicy(policy).evaluate(impostor, path);
        const withAllows = compilePolicy({ ...policy, rules: [...allows, ...policy.rules] });
        expect(withAllows.evaluate(impostor, path)).toEqual({
          action: decided.action,
          ruleIndex: decided.ruleIndex === null ? null : decided.ruleIndex + allows.length,
        });
      }),
      { numRuns: 300 },
    );
  });

  it("generated policies survive the schema unchanged (the API accepts what the edge compiles)", () => {
    fc.assert(
      fc.property(policyArb, (policy) => {
        expect(crawlerPolicy.parse(JSON.parse(JSON.stringify(policy)))).toEqual(policy);
      }),
      { numRuns: 300 },
    );
  });
});
