import { z } from "zod";
import { PLAN_NAMES, type PlanName } from "../types.js";

/** Limits of one plan. `null` = unlimited. */
export interface PlanLimits {
  /** API requests per UTC calendar month. */
  monthlyQuota: number | null;
  /** Routing rules per domain owned by a user on this plan. */
  ruleLimit: number | null;
  /** Whether the plan may call the API beyond purge-cache. */
  apiAccess: boolean;
}

export type PlanTable = Readonly<Record<PlanName, PlanLimits>>;

/** Defaults; the spec leaves the numbers "not shown" (docs/decisions.md explains them). */
export const DEFAULT_PLANS: PlanTable = {
  starter: { monthlyQuota: 1_000, ruleLimit: 10, apiAccess: false },
  pro: { monthlyQuota: 10_000, ruleLimit: 100, apiAccess: true },
  business: { monthlyQuota: 100_000, ruleLimit: 1_000, apiAccess: true },
  enterprise: { monthlyQuota: 1_000_000, ruleLimit: null, apiAccess: true },
};

const limit = z.number().int().nonnegative().nullable();
const planLimitsSchema = z.strictObject({
  monthlyQuota: limit,
  ruleLimit: limit,
  apiAccess: z.boolean(),
});

/** Schema of a partial override of the plan table, e.g. from a config file. */
export const planOverridesSchema = z.partialRecord(
  z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]),
  planLimitsSchema.partial(),
);

export type PlanOverrides = z.infer<typeof planOverridesSchema>;

/** The default table with `overrides` applied field by field. Throws on an invalid override. */
export function resolvePlans(overrides: unknown = {}): PlanTable {
  const parsed = planOverridesSchema.parse(overrides);
  const out = {} as Record<PlanName, PlanLimits>;
  for (const name of PLAN_NAMES) out[name] = { ...DEFAULT_PLANS[name], ...parsed[name] };
  return out;
}
