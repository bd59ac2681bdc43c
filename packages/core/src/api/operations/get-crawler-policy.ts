import { z } from "zod";
import { DEFAULT_POLICY } from "../../policy/schema.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { crawlerPolicyShape } from "../responses/policy-shapes.js";
import { instant } from "../responses/shapes.js";
import { domainAccess } from "../rules/rule-access.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

export const output = z.strictObject({
  policy: crawlerPolicyShape,
  updatedAt: instant.nullable().describe("When the policy was saved; null: never (the default)"),
});

export const contract: EndpointContract = {
  summary: "Get the domain's crawler policy",
  description:
    "Any role. A domain that never saved a policy answers the default: no rules, `defaultAction` allow, `impostorProtection` true, `inBandPricing` false, `x402` null, `contentSignals` all null, `contentSignalPaths` [], `licenseUrl` null, `updatedAt` null.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/** GET /domains/{domainId}/crawler-policy: the saved policy or the default, for any role. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await domainAccess(ctx);
  const stored = await ctx.deps.rules.getPolicy(access.domain.domainId);
  return {
    status: 200,
    body: {
      policy: stored?.policy ?? DEFAULT_POLICY,
      updatedAt: stored ? stored.updatedAt.toISOString() : null,
    },
  };
};
