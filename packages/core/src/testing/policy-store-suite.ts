import { describe, expect, it } from "vitest";
import { type CrawlerPolicy, crawlerPolicy, POLICY_LIMITS } from "../policy/schema.js";
import type { AccountStore, RuleStore } from "../ports/index.js";
import { seedDomain } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";

type PolicyHarness = Harness<{ accounts: AccountStore; rules: RuleStore }>;

const at = (s: string) => new Date(`2026-11-21T08:00:${s}Z`);

/** A policy using every kind of match and action, with the longest message and Unicode. */
const fullPolicy: CrawlerPolicy = crawlerPolicy.parse({
  rules: [
    {
      match: { type: "botId", value: "gptbot" },
      path: "/blog/:slug*",
      action: { type: "block", status: 402, message: `Lizenz ✓ 日本 ${"m".repeat(488)}` },
    },
    { match: { type: "operator", value: "Google" }, action: { type: "allow" } },
    {
      match: { type: "intent", value: "training" },
      action: { type: "charge", price: { amount: "0.000001", currency: "EUR" }, message: null },
    },
    { match: { type: "tier", value: "unknown" }, action: { type: "block" } },
  ],
  defaultAction: { type: "charge", price: { amount: "123456789.5", currency: "USD" } },
  impostorProtection: false,
});

/** The crawler-policy half of the RuleStore contract (see `ports/`), for every adapter. */
export function policyStoreSuite(name: string, setup: () => Promise<PolicyHarness>): void {
  describe(`RuleStore crawler policies: ${name}`, () => {
    const h = useHarness(setup);

    it("is null for a domain that never saved one", async () => {
      const { accounts, rules } = h();
      expect(await rules.getPolicy((await seedDomain(accounts)).domainId)).toBeNull();
      expect(await rules.getPolicy("00000000-0000-4000-8000-00000000dead")).toBeNull();
    });

    it("round-trips a policy as given (order, messages, prices as strings) with its instant", async () => {
      const { accounts, rules } = h();
      const domainId = (await seedDomain(accounts)).domainId;
      expect(fullPolicy.rules[0]?.action).toMatchObject({
        message: expect.stringMatching(new RegExp(`^.{${POLICY_LIMITS.maxMessageLength}}$`, "u")),
      });
      const stored = { policy: fullPolicy, updatedAt: at("01.001") };
      expect(await rules.replacePolicy(domainId, fullPolicy, at("01.001"))).toEqual(stored);
      expect(await rules.getPolicy(domainId)).toEqual(stored);
    });

    it("replaces the whole policy; domains keep their own", async () => {
      const { accounts, rules } = h();
      const a = (await seedDomain(accounts)).domainId;
      const b = (await seedDomain(accounts)).domainId;
      await rules.replacePolicy(a, fullPolicy, at("01.000"));
      await rules.replacePolicy(b, fullPolicy, at("02.000"));
      const empty = crawlerPolicy.parse({ impostorProtection: false });
      expect(await rules.replacePolicy(a, empty, at("03.000"))).toEqual({
        policy: empty,
        updatedAt: at("03.000"),
      });
      expect(await rules.getPolicy(a)).toEqual({ policy: empty, updatedAt: at("03.000") });
      expect(await rules.getPolicy(b)).toEqual({ policy: fullPolicy, updatedAt: at("02.000") });
    });

    it("hands out copies: changing a returned policy changes nothing stored", async () => {
      const { accounts, rules } = h();
      const domainId = (await seedDomain(accounts)).domainId;
      const mine = structuredClone(fullPolicy);
      const returned = await rules.replacePolicy(domainId, mine, at("01.000"));
      mine.rules.pop();
      returned.policy.rules.pop();
      ((await rules.getPolicy(domainId))?.policy.rules ?? []).pop();
      expect((await rules.getPolicy(domainId))?.policy).toEqual(fullPolicy);
    });

    it("concurrent replacements leave one of them whole", async () => {
      const { accounts, rules } = h();
      const domainId = (await seedDomain(accounts)).domainId;
      const variants = Array.from({ length: 8 }, (_, i) =>
        crawlerPolicy.parse({
          ...fullPolicy,
          rules: fullPolicy.rules.slice(0, i % 4),
          impostorProtection: i < 4,
        }),
      );
      await Promise.all(variants.map((p, i) => rules.replacePolicy(domainId, p, at(`0${i}.000`))));
      const final = await rules.getPolicy(domainId);
      const i = variants.findIndex((p) => JSON.stringify(p) === JSON.stringify(final?.policy));
      expect(i).toBeGreaterThanOrEqual(0);
      expect(final?.updatedAt).toEqual(at(`0${i}.000`));
    });
  });
}
