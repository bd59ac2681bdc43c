import { describe, expect, it } from "vitest";
import type { AccountStore, RuleStore } from "../ports/index.js";
import { makeRule, seedDomain } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";
import { policyStoreSuite } from "./policy-store-suite.js";

type RuleHarness = Harness<{ accounts: AccountStore; rules: RuleStore }>;

const at = (s: string) => new Date(`2026-11-20T10:00:${s}Z`);

/** The RuleStore contract (see `ports/`), for every adapter; crawler policies included. */
export function ruleStoreSuite(name: string, setup: () => Promise<RuleHarness>): void {
  describe(`RuleStore conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("round-trips every field", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      const proxy = makeRule(d.domainId, {
        sourcePath: `/${"p".repeat(2047)}`,
        targetUrl: `https://up.example.net/${"t".repeat(2000)}`,
        ruleType: "proxy",
        redirectCode: null,
        priority: -2_147_483_648,
        isActive: false,
        notes: "Ünïcødé ✓ notes 日本",
        createdAt: at("01.001"),
        updatedAt: at("02.002"),
      });
      expect(await rules.createRule(proxy, "k1", null)).toEqual({ ok: true, rule: proxy });
      expect(await rules.getRule(d.domainId, proxy.ruleId)).toEqual(proxy);
      const redirect = makeRule(d.domainId, {
        redirectCode: 302,
        priority: 2_147_483_647,
        notes: null,
      });
      await rules.createRule(redirect, "k2", null);
      expect(await rules.getRule(d.domainId, redirect.ruleId)).toEqual(redirect);
    });

    it("lists by priority desc, createdAt asc, ruleId asc, paused included", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      const ids = ["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000001"];
      const r = [
        makeRule(d.domainId, { priority: 0, createdAt: at("05.000") }),
        makeRule(d.domainId, { priority: 9, createdAt: at("09.000"), isActive: false }),
        makeRule(d.domainId, { ruleId: ids[0], priority: 0, createdAt: at("01.000") }),
        makeRule(d.domainId, { ruleId: ids[1], priority: 0, createdAt: at("01.000") }),
        makeRule(d.domainId, { priority: -1, createdAt: at("00.000") }),
      ];
      for (const [i, rule] of r.entries()) await rules.createRule(rule, `k${i}`, null);
      const listed = await rules.listRules(d.domainId);
      expect(listed.map((x) => x.ruleId)).toEqual(
        [r[1], r[3], r[2], r[0], r[4]].map((x) => x?.ruleId),
      );
      expect(await rules.countRules(d.domainId)).toBe(5);
      expect(await rules.listRules(crypto.randomUUID())).toEqual([]);
      expect(await rules.countRules(crypto.randomUUID())).toBe(0);
    });

    it("keeps rules to their domain", async () => {
      const { accounts, rules } = h();
      const d1 = await seedDomain(accounts);
      const d2 = await seedDomain(accounts);
      const rule = makeRule(d1.domainId);
      await rules.createRule(rule, "same", null);
      expect(await rules.getRule(d2.domainId, rule.ruleId)).toBeNull();
      expect((await rules.createRule(makeRule(d2.domainId), "same", null)).ok).toBe(true);
      expect(await rules.deleteRule(d2.domainId, rule.ruleId)).toBeNull();
      expect((await rules.updateRule({ ...rule, domainId: d2.domainId }, "x")).ok).toBe(false);
    });

    it("enforces the limit before the duplicate check and writes nothing on failure", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      expect((await rules.createRule(makeRule(d.domainId), "a", 2)).ok).toBe(true);
      expect(await rules.createRule(makeRule(d.domainId), "a", 2)).toEqual({
        ok: false,
        reason: "duplicate_source_path",
      });
      expect((await rules.createRule(makeRule(d.domainId), "b", 2)).ok).toBe(true);
      expect(await rules.createRule(makeRule(d.domainId), "a", 2)).toEqual({
        ok: false,
        reason: "rule_limit_reached",
      });
      expect(await rules.createRule(makeRule(d.domainId), "c", 2)).toEqual({
        ok: false,
        reason: "rule_limit_reached",
      });
      expect(await rules.countRules(d.domainId)).toBe(2);
      expect((await rules.createRule(makeRule(d.domainId), "c", null)).ok).toBe(true);
      expect(await rules.createRule(makeRule(d.domainId), "d", 0)).toEqual({
        ok: false,
        reason: "rule_limit_reached",
      });
    });

    it("lets exactly `limit` of 50 concurrent creates through", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          rules.createRule(makeRule(d.domainId), `key-${i}`, 20),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(20);
      expect(results.filter((r) => !r.ok && r.reason === "rule_limit_reached")).toHaveLength(30);
      expect(await rules.countRules(d.domainId)).toBe(20);
    });

    it("lets exactly one of 50 concurrent creates of one key through", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => rules.createRule(makeRule(d.domainId), "same", null)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === "duplicate_source_path")).toHaveLength(49);
    });

    it("updates every field but createdAt, and refuses another rule's key", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      const a = makeRule(d.domainId, { createdAt: at("01.000") });
      const b = makeRule(d.domainId);
      await rules.createRule(a, "a", null);
      await rules.createRule(b, "b", null);
      const changed = {
        ...a,
        sourcePath: "/changed",
        targetUrl: "https://up.example.net/",
        ruleType: "proxy" as const,
        redirectCode: null,
        priority: 4,
        isActive: false,
        notes: "n",
        createdAt: at("59.000"),
        updatedAt: at("30.500"),
      };
      const result = await rules.updateRule(changed, "a2");
      expect(result).toEqual({ ok: true, rule: { ...changed, createdAt: a.createdAt } });
      expect(await rules.getRule(d.domainId, a.ruleId)).toEqual({
        ...changed,
        createdAt: a.createdAt,
      });
      expect(await rules.updateRule(changed, "b")).toEqual({
        ok: false,
        reason: "duplicate_source_path",
      });
      expect((await rules.updateRule(changed, "a2")).ok).toBe(true);
      expect(await rules.updateRule(makeRule(d.domainId), "z")).toEqual({
        ok: false,
        reason: "rule_not_found",
      });
      // The freed key can be taken again.
      expect((await rules.createRule(makeRule(d.domainId), "a", null)).ok).toBe(true);
    });

    it("deletes and returns the rule as it was; a second delete is null", async () => {
      const { accounts, rules } = h();
      const d = await seedDomain(accounts);
      const rule = makeRule(d.domainId, { notes: "bye" });
      await rules.createRule(rule, "k", null);
      expect(await rules.deleteRule(d.domainId, rule.ruleId)).toEqual(rule);
      expect(await rules.deleteRule(d.domainId, rule.ruleId)).toBeNull();
      expect(await rules.getRule(d.domainId, rule.ruleId)).toBeNull();
      expect((await rules.createRule(makeRule(d.domainId), "k", 1)).ok).toBe(true);
    });
  });
  policyStoreSuite(name, setup);
}
