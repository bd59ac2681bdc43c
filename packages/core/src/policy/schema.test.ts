import { describe, expect, it } from "vitest";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { issueMessage } from "../validation/issue-message.js";
import { crawlerPolicy, DEFAULT_POLICY, POLICY_LIMITS, priceHeader } from "./schema.js";
import { checkPolicyNames } from "./validate.js";

const taxonomy = getTaxonomy() as Taxonomy;

function refusal(body: unknown): string {
  const parsed = crawlerPolicy.safeParse(body);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  return issueMessage(parsed.error, { schema: crawlerPolicy, body });
}

const rule = (extra: Record<string, unknown>) => ({
  rules: [{ match: { type: "botId", value: "gptbot" }, action: { type: "allow" }, ...extra }],
});

describe("crawler policy schema", () => {
  it("an empty body is the default policy (no rules, allow, impostor protection on)", () => {
    expect(crawlerPolicy.parse({})).toEqual(DEFAULT_POLICY);
    expect(DEFAULT_POLICY).toEqual({
      rules: [],
      defaultAction: { type: "allow" },
      impostorProtection: true,
      inBandPricing: false,
      x402: null,
      contentSignals: { search: null, aiInput: null, aiTrain: null },
      contentSignalPaths: [],
      licenseUrl: null,
    });
  });

  it("fills a block's status (403) and message (null), a rule's path (null)", () => {
    const policy = crawlerPolicy.parse({
      rules: [{ match: { type: "intent", value: "training" }, action: { type: "block" } }],
    });
    expect(policy.rules[0]).toEqual({
      match: { type: "intent", value: "training" },
      path: null,
      action: { type: "block", status: 403, message: null },
    });
  });

  it("trims a path and keeps it in the routing grammar", () => {
    expect(crawlerPolicy.parse(rule({ path: "  /blog/*  " })).rules[0]?.path).toBe("/blog/*");
    expect(refusal(rule({ path: "blog" }))).toBe('rules.0.path: path must start with "/"');
    expect(refusal(rule({ path: "/a?b=1" }))).toBe(
      "rules.0.path: path must not contain a query (?)",
    );
    expect(refusal(rule({ path: "/:x*/y" }))).toMatch(/^rules\.0\.path: path parameter/);
  });

  it("signatureAgent: an http(s) agent origin, kept serialized; anything more is refused", () => {
    const agent = (value: unknown) => ({
      rules: [{ match: { type: "signatureAgent", value }, action: { type: "block" } }],
    });
    expect(crawlerPolicy.parse(agent("https://ChatGPT.com/")).rules[0]?.match).toEqual({
      type: "signatureAgent",
      value: "https://chatgpt.com",
    });
    expect(crawlerPolicy.parse(agent("http://127.0.0.1:40001")).rules[0]?.match.value).toBe(
      "http://127.0.0.1:40001",
    );
    for (const bad of [
      "chatgpt.com",
      "https://chatgpt.com/path",
      "https://a@chatgpt.com",
      "ftp://chatgpt.com",
      "https://chatgpt.com?x",
      "",
    ])
      expect(refusal(agent(bad)), bad).toBe(
        "rules.0.match.value: match.value must be an agent origin such as https://chatgpt.com",
      );
    expect(refusal(agent(7))).toBe("rules.0.match.value: match.value must be a string");
  });

  it("refuses what it does not know, naming the field", () => {
    expect(
      refusal({ rules: [{ match: { type: "ua", value: "x" }, action: { type: "allow" } }] }),
    ).toBe(
      'rules.0.match.type: match.type must be "botId", "operator", "intent", "tier" or "signatureAgent"',
    );
    expect(refusal({ defaultAction: { type: "deny" } })).toBe(
      'defaultAction.type: action.type must be "allow", "block" or "charge"',
    );
    expect(refusal({ defaultAction: { type: "block", status: 404 } })).toBe(
      "defaultAction.status: status must be 403 or 402",
    );
    expect(refusal({ impostorProtection: "yes" })).toBe("impostorProtection must be true or false");
    expect(refusal({ rulez: [] })).toBe("unknown field: rulez (did you mean rules?)");
    expect(refusal({ policy: {} })).toBe("unknown field: policy");
    const misspelt = { match: { type: "botId", value: "gptbot" }, pth: "/a", action: {} };
    expect(refusal({ rules: [misspelt] })).toBe("rules.0: unknown field: pth (did you mean path?)");
  });

  it("bounds rules and messages", () => {
    const many = Array.from({ length: POLICY_LIMITS.maxRules + 1 }, () => rule({}).rules[0]);
    expect(refusal({ rules: many })).toBe(`rules may hold at most ${POLICY_LIMITS.maxRules} rules`);
    const long = "x".repeat(POLICY_LIMITS.maxMessageLength + 1);
    expect(refusal({ defaultAction: { type: "block", message: long } })).toBe(
      `defaultAction.message: message must be at most ${POLICY_LIMITS.maxMessageLength} characters`,
    );
    expect(crawlerPolicy.parse({ rules: many.slice(1) }).rules).toHaveLength(
      POLICY_LIMITS.maxRules,
    );
  });

  it("takes prices as positive decimal strings with an ISO 4217 code", () => {
    const charge = (price: unknown) => ({ defaultAction: { type: "charge", price } });
    const ok = crawlerPolicy.parse(charge({ amount: "0.005", currency: "USD" }));
    expect(ok.defaultAction).toEqual({
      type: "charge",
      price: { amount: "0.005", currency: "USD" },
      message: null,
    });
    expect(priceHeader({ amount: "0.005", currency: "USD" })).toBe("USD 0.005");
    for (const amount of ["0", "0.0", "-1", "1e3", "01", "1.1234567", 1])
      expect(() => crawlerPolicy.parse(charge({ amount, currency: "USD" }))).toThrow();
    expect(refusal(charge({ amount: "1", currency: "usd" }))).toBe(
      "defaultAction.price.currency: price.currency must be an ISO 4217 code such as USD",
    );
  });
});

describe("checkPolicyNames", () => {
  const policy = (match: unknown) =>
    crawlerPolicy.parse({ rules: [{ match, action: { type: "block" } }] });

  it("accepts taxonomy bots (unknown included) and operators", () => {
    expect(checkPolicyNames(policy({ type: "botId", value: "gptbot" }), taxonomy)).toBeNull();
    expect(checkPolicyNames(policy({ type: "botId", value: "unknown" }), taxonomy)).toBeNull();
    expect(checkPolicyNames(policy({ type: "operator", value: "OpenAI" }), taxonomy)).toBeNull();
  });

  it("names the first unknown botId or operator", () => {
    expect(checkPolicyNames(policy({ type: "botId", value: "nobot" }), taxonomy)).toBe(
      'rules.0.match.value: unknown botId "nobot" (see get-bot-definitions)',
    );
    expect(checkPolicyNames(policy({ type: "operator", value: "openai" }), taxonomy)).toBe(
      'rules.0.match.value: unknown operator "openai" (see get-bot-definitions)',
    );
  });
});
