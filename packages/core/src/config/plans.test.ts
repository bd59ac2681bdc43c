import { describe, expect, it } from "vitest";
import { DEFAULT_PLANS, resolvePlans } from "./plans.js";

describe("plan table", () => {
  it("has the documented defaults", () => {
    expect(DEFAULT_PLANS).toEqual({
      starter: { monthlyQuota: 1_000, ruleLimit: 10, apiAccess: false },
      pro: { monthlyQuota: 10_000, ruleLimit: 100, apiAccess: true },
      business: { monthlyQuota: 100_000, ruleLimit: 1_000, apiAccess: true },
      enterprise: { monthlyQuota: 1_000_000, ruleLimit: null, apiAccess: true },
    });
  });

  it("applies overrides field by field", () => {
    const plans = resolvePlans({ pro: { ruleLimit: 5 }, enterprise: { monthlyQuota: null } });
    expect(plans.pro).toEqual({ monthlyQuota: 10_000, ruleLimit: 5, apiAccess: true });
    expect(plans.enterprise.monthlyQuota).toBeNull();
    expect(plans.business).toEqual(DEFAULT_PLANS.business);
  });

  it("refuses invalid overrides", () => {
    expect(() => resolvePlans({ gold: {} })).toThrow();
    expect(() => resolvePlans({ pro: { ruleLimit: -1 } })).toThrow();
    expect(() => resolvePlans({ pro: { ruleLimit: 1.5 } })).toThrow();
    expect(() => resolvePlans({ pro: { extra: 1 } })).toThrow();
  });
});
