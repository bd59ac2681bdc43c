import { AGGREGATE_TIERS, type CrawlerPolicy } from "@crawlgate/client";
import { crawlerPolicy } from "@crawlgate/core/adapter-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addRule,
  changeMatchType,
  describeAction,
  describeMatch,
  describeX402,
  fromPolicy,
  moveRule,
  POLICY_INTENTS,
  type PolicyFormState,
  removeRule,
  toPolicy,
  updateRule,
  x402State,
} from "./policy-form.js";
import {
  addSignalPath,
  choiceOf,
  choiceValue,
  describeSignals,
  moveSignalPath,
  removeSignalPath,
  type SignalsFormState,
  updateSignalPath,
} from "./signals-form.js";

const nullableMessage = fc.option(fc.string({ maxLength: 40 }), { nil: null });
const action = fc.oneof(
  fc.constant({ type: "allow" }),
  fc.record({
    type: fc.constant("block"),
    status: fc.constantFrom(403, 402),
    message: nullableMessage,
  }),
  fc.record({
    type: fc.constant("charge"),
    price: fc.record({
      amount: fc.oneof(
        fc.constantFrom("0.01", "1", "12.5", "0.000001"),
        fc.stringMatching(/^[1-9][0-9]{0,3}(\.[0-9]{1,6})?$/),
      ),
      currency: fc.stringMatching(/^[A-Z]{3}$/),
    }),
    message: nullableMessage,
  }),
);
const match = fc.oneof(
  fc.record({
    type: fc.constantFrom("botId", "operator"),
    value: fc.string({ minLength: 1, maxLength: 20 }),
  }),
  fc.record({ type: fc.constant("intent"), value: fc.constantFrom(...POLICY_INTENTS) }),
  fc.record({ type: fc.constant("tier"), value: fc.constantFrom(...AGGREGATE_TIERS) }),
  fc.record({
    type: fc.constant("signatureAgent"),
    value: fc.constantFrom("https://chatgpt.com", "https://agent.bot.goog", "chatgpt.com"),
  }),
);
const path = fc.option(
  fc.oneof(
    fc.constantFrom("/", "/blog/*", "/api/:id", "/docs/**", "/a b"),
    fc.string({ maxLength: 20 }).map((s) => `/${s}`),
  ),
  { nil: null },
);
const signal = fc.constantFrom<"yes" | "no" | null>("yes", "no", null);
const NO_PREFERENCES = {
  contentSignals: { search: null, aiInput: null, aiTrain: null },
  contentSignalPaths: [],
  licenseUrl: null,
};
const rawPolicy = fc.record({
  rules: fc.array(fc.record({ match, path, action }), { maxLength: 8 }),
  defaultAction: action,
  impostorProtection: fc.boolean(),
  inBandPricing: fc.boolean(),
  x402: fc.option(
    fc.record({
      network: fc.constantFrom("eip155:84532", "eip155:8453"),
      asset: fc.constant("0x036CbD53842c5426634e7929541eC2318f3dCF7e"),
      payTo: fc.stringMatching(/^0x[0-9a-f]{40}$/),
      decimals: fc.integer({ min: 0, max: 18 }),
    }),
    { nil: null },
  ),
  contentSignals: fc.record({ search: signal, aiInput: signal, aiTrain: signal }),
  contentSignalPaths: fc.array(
    fc.record({
      path: fc.oneof(
        fc.constantFrom("/blog/*", "/docs/:p*", "/:page", " /padded "),
        fc.string({ maxLength: 12 }).map((s) => `/${s}`),
      ),
      search: signal,
      aiInput: signal,
      aiTrain: signal,
    }),
    { maxLength: 4 },
  ),
  licenseUrl: fc.oneof(
    fc.constantFrom(null, "https://shop.example/license.xml", "https://Shop.Example/a b"),
    fc.webUrl({ validSchemes: ["https"] }),
  ),
});

/** Policies as the API answers them: what its own schema accepts, in its normalised form. */
const apiPolicy = rawPolicy
  .map((raw) => crawlerPolicy.safeParse(raw))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as CrawlerPolicy);

describe("the crawler-policy form's state", () => {
  it("round-trips every policy the API can answer: toPolicy(fromPolicy(p)) is p", () => {
    fc.assert(
      fc.property(apiPolicy, (policy) => {
        expect(toPolicy(fromPolicy(policy))).toEqual(policy);
      }),
    );
  });

  it("sends a body the API accepts unchanged after any reorder/remove of a valid policy", () => {
    fc.assert(
      fc.property(apiPolicy, fc.nat(), fc.integer({ min: -3, max: 3 }), (policy, at, by) => {
        const state = fromPolicy(policy);
        const index = state.rules.length ? at % state.rules.length : 0;
        for (const next of [moveRule(state, index, by), removeRule(state, index)]) {
          const body = toPolicy(next);
          const parsed = crawlerPolicy.safeParse(body);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toEqual(body);
        }
      }),
    );
  });

  it("moves keep every rule once, and a move up then down is no move", () => {
    fc.assert(
      fc.property(apiPolicy, fc.nat(), (policy, at) => {
        const state = fromPolicy(policy);
        if (state.rules.length < 2) return;
        const index = 1 + (at % (state.rules.length - 1));
        const moved = moveRule(state, index, -1);
        expect(moved.rules.map((r) => r.key).sort()).toEqual(state.rules.map((r) => r.key).sort());
        expect(moved.rules[index - 1]).toBe(state.rules[index]);
        expect(moveRule(moved, index - 1, 1).rules).toEqual(state.rules);
      }),
    );
    const one = addRule(
      fromPolicy({
        rules: [],
        defaultAction: { type: "allow" },
        impostorProtection: true,
        inBandPricing: false,
        x402: null,
        ...NO_PREFERENCES,
      }),
    );
    expect(moveRule(one, 0, -1)).toBe(one);
    expect(moveRule(one, 0, 1)).toBe(one);
  });

  it("an added rule is a 403 block of the unknown tier on every path, with a fresh key", () => {
    const start: PolicyFormState = fromPolicy({
      rules: [{ match: { type: "botId", value: "GPTBot" }, path: null, action: { type: "allow" } }],
      defaultAction: { type: "allow" },
      impostorProtection: false,
      inBandPricing: false,
      x402: null,
      ...NO_PREFERENCES,
    });
    const added = addRule(addRule(start));
    expect(new Set(added.rules.map((r) => r.key)).size).toBe(3);
    expect(toPolicy(added).rules[1]).toEqual({
      match: { type: "tier", value: "unknown" },
      path: null,
      action: { type: "block", status: 403, message: null },
    });
  });

  it("switching an action's kind and back keeps what was typed for it", () => {
    let state = addRule(
      fromPolicy({
        rules: [],
        defaultAction: { type: "allow" },
        impostorProtection: true,
        inBandPricing: false,
        x402: null,
        ...NO_PREFERENCES,
      }),
    );
    const rule = () => state.rules[0] as PolicyFormState["rules"][number];
    state = updateRule(state, 0, { action: { ...rule().action, status: 402, message: "pay" } });
    state = updateRule(state, 0, { action: { ...rule().action, type: "allow" } });
    expect(toPolicy(state).rules[0]?.action).toEqual({ type: "allow" });
    state = updateRule(state, 0, { action: { ...rule().action, type: "block" } });
    expect(toPolicy(state).rules[0]?.action).toEqual({
      type: "block",
      status: 402,
      message: "pay",
    });
  });

  it("a match kind change gives intents and tiers a valid value and keeps a typed bot name", () => {
    const state = addRule(
      fromPolicy({
        rules: [],
        defaultAction: { type: "allow" },
        impostorProtection: true,
        inBandPricing: false,
        x402: null,
        ...NO_PREFERENCES,
      }),
    );
    const tier = state.rules[0] as PolicyFormState["rules"][number];
    expect(changeMatchType(tier, "intent")).toEqual({
      matchType: "intent",
      matchValue: "training",
    });
    expect(changeMatchType(tier, "botId")).toEqual({ matchType: "botId", matchValue: "" });
    const bot = { ...tier, matchType: "botId" as const, matchValue: "GPTBot" };
    expect(changeMatchType(bot, "operator")).toEqual({
      matchType: "operator",
      matchValue: "GPTBot",
    });
    expect(changeMatchType(bot, "tier")).toEqual({ matchType: "tier", matchValue: "verified" });
    expect(changeMatchType(bot, "signatureAgent")).toEqual({
      matchType: "signatureAgent",
      matchValue: "",
    });
    expect(describeMatch({ type: "signatureAgent", value: "https://chatgpt.com" })).toBe(
      "Signed agent https://chatgpt.com",
    );
  });

  it("describes actions as the list shows them", () => {
    expect(describeAction({ type: "allow" })).toBe("Allow");
    expect(describeAction({ type: "block", status: 402, message: "license us" })).toBe(
      'Block (402): "license us"',
    );
    expect(
      describeAction({ type: "charge", price: { amount: "0.01", currency: "USD" }, message: null }),
    ).toBe("Charge USD 0.01 (402)");
  });

  it("the x402 receiver: unticked sends null and keeps what was typed; decimals as typed", () => {
    const receiver = {
      network: "eip155:84532",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
      decimals: 6,
    };
    const policy: CrawlerPolicy = {
      rules: [],
      defaultAction: { type: "allow" },
      impostorProtection: true,
      inBandPricing: true,
      x402: receiver,
      ...NO_PREFERENCES,
    };
    const state = fromPolicy(policy);
    expect(state.x402).toEqual({ enabled: true, ...receiver, decimals: "6" });
    const off = { ...state, x402: { ...state.x402, enabled: false } };
    expect(toPolicy(off).x402).toBeNull();
    expect(toPolicy({ ...off, x402: { ...off.x402, enabled: true } })).toEqual(policy);
    expect(x402State(null)).toEqual({
      enabled: false,
      network: "",
      asset: "",
      payTo: "",
      decimals: "6",
    });
    // What is not a number goes as typed: the API's message names the field.
    for (const [typed, sent] of [
      [" 18 ", 18],
      ["19", 19],
      ["1.5", 1.5],
      ["six", "six"],
      ["", ""],
    ] as const) {
      const body = toPolicy({ ...state, x402: { ...state.x402, decimals: typed } });
      expect(body.x402?.decimals).toBe(sent);
      if (sent !== 18) {
        const parsed = crawlerPolicy.safeParse(body);
        expect(parsed.error?.issues[0]?.message).toBe(
          "x402.decimals must be a whole number from 0 to 18",
        );
      }
    }
    expect(describeX402(null)).toBe("None: no x402 challenge is offered");
    expect(describeX402(receiver)).toBe(
      "0x209693Bc6afc0C5328bA36FaF03C514EF312287C on eip155:84532, asset 0x036CbD53842c5426634e7929541eC2318f3dCF7e (6 decimals)",
    );
  });
});

describe("the content-signal part of the policy form", () => {
  const withSignals = (
    policy: CrawlerPolicy,
    change: (s: SignalsFormState) => SignalsFormState,
  ) => {
    const state = fromPolicy(policy);
    return toPolicy({ ...state, signals: change(state.signals) });
  };

  it("sends a body the API accepts unchanged after any move or removal of an override", () => {
    fc.assert(
      fc.property(apiPolicy, fc.nat(), fc.integer({ min: -3, max: 3 }), (policy, at, by) => {
        const count = policy.contentSignalPaths.length;
        const index = count ? at % count : 0;
        for (const change of [
          (s: SignalsFormState) => moveSignalPath(s, index, by),
          (s: SignalsFormState) => removeSignalPath(s, index),
        ]) {
          const body = withSignals(policy, change);
          const parsed = crawlerPolicy.safeParse(body);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toEqual(body);
          // Overrides are kept or dropped whole, never altered.
          for (const o of body.contentSignalPaths)
            expect(policy.contentSignalPaths).toContainEqual(o);
        }
      }),
    );
  });

  it("a move up then down is no move, and the ends do not move past the list", () => {
    fc.assert(
      fc.property(apiPolicy, fc.nat(), (policy, at) => {
        const state = fromPolicy(policy).signals;
        if (state.paths.length < 2) return;
        const index = 1 + (at % (state.paths.length - 1));
        const moved = moveSignalPath(state, index, -1);
        expect(moved.paths[index - 1]).toBe(state.paths[index]);
        expect(moveSignalPath(moved, index - 1, 1).paths).toEqual(state.paths);
        expect(moveSignalPath(state, 0, -1)).toBe(state);
        expect(moveSignalPath(state, state.paths.length - 1, 1)).toBe(state);
      }),
    );
  });

  it("an added override refuses training on the path typed next, with a fresh key; edits reach the body", () => {
    const policy = crawlerPolicy.parse({
      contentSignals: { search: "yes" },
      contentSignalPaths: [{ path: "/blog/*", aiTrain: "yes" }],
    }) as CrawlerPolicy;
    let signals = addSignalPath(addSignalPath(fromPolicy(policy).signals));
    expect(new Set(signals.paths.map((p) => p.key)).size).toBe(3);
    signals = updateSignalPath(signals, 1, { path: "/docs/:p*", search: choiceOf("no") });
    signals = removeSignalPath(signals, 2);
    signals = { ...signals, contentSignals: { ...signals.contentSignals, aiInput: "no" } };
    const body = toPolicy({ ...fromPolicy(policy), signals });
    expect(body.contentSignals).toEqual({ search: "yes", aiInput: "no", aiTrain: null });
    expect(body.contentSignalPaths).toEqual([
      { path: "/blog/*", search: null, aiInput: null, aiTrain: "yes" },
      { path: "/docs/:p*", search: "no", aiInput: null, aiTrain: "no" },
    ]);
    expect(crawlerPolicy.parse(body)).toEqual(body);
  });

  it("a blank licence URL is none; anything else is sent as typed for the API to judge", () => {
    const policy = crawlerPolicy.parse({
      licenseUrl: "https://shop.example/l.xml",
    }) as CrawlerPolicy;
    const state = fromPolicy(policy);
    expect(state.signals.licenseUrl).toBe("https://shop.example/l.xml");
    for (const [typed, sent] of [
      ["", null],
      ["   ", null],
      ["http://shop.example/l.xml", "http://shop.example/l.xml"],
    ] as const) {
      const body = toPolicy({ ...state, signals: { ...state.signals, licenseUrl: typed } });
      expect(body.licenseUrl).toBe(sent);
    }
    const refused = crawlerPolicy.safeParse({ licenseUrl: "http://shop.example/l.xml" });
    expect(refused.error?.issues[0]?.message).toBe(
      "licenseUrl must be an absolute https URL or null",
    );
  });

  it("tri-state selects map unset to an empty value and back; summaries name the robots.txt keys", () => {
    for (const choice of ["yes", "no", null] as const)
      expect(choiceOf(choiceValue(choice))).toBe(choice);
    expect(choiceOf("maybe")).toBeNull();
    expect(describeSignals({ search: "yes", aiInput: null, aiTrain: "no" })).toBe(
      "search=yes, ai-train=no",
    );
    expect(describeSignals({ search: null, aiInput: null, aiTrain: null })).toBe("none set");
  });
});
