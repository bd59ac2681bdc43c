import { z } from "zod";
import { checkDomainSettings, MAX_PAGE_CACHE_TTL_SECONDS } from "../../accounts/admin.js";
import { CrawlgateError, invalidRequest } from "../../errors.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { cacheInvalidated } from "../responses/shapes.js";
import { invalidateSettings, writableDomain } from "../rules/rule-access.js";
import { domainSettingsJson, domainSettingsShape } from "./domain-settings.js";

export const input = z.strictObject({
  pageCacheTtlSeconds: z
    .int({
      error: `pageCacheTtlSeconds must be an integer from 1 to ${MAX_PAGE_CACHE_TTL_SECONDS}, or null`,
    })
    .min(
      1,
      `pageCacheTtlSeconds must be an integer from 1 to ${MAX_PAGE_CACHE_TTL_SECONDS}, or null`,
    )
    .max(
      MAX_PAGE_CACHE_TTL_SECONDS,
      `pageCacheTtlSeconds must be an integer from 1 to ${MAX_PAGE_CACHE_TTL_SECONDS}, or null`,
    )
    .nullable()
    .optional()
    .describe("Seconds a cached page stays fresh (at most 30 days); null: the instance's default"),
  originHost: z
    .enum(["origin", "public"], { error: "originHost must be origin or public" })
    .optional()
    .describe("`public` sends the domain as the origin's Host (virtual hosts)"),
  renderVariants: z
    .array(z.enum(["desktop", "mobile"], { error: "renderVariants names desktop or mobile" }), {
      error: "renderVariants must be an array of variant names",
    })
    .optional()
    .describe('["desktop"] or ["desktop", "mobile"] (any order; desktop is always kept)'),
});

export const output = domainSettingsShape.extend({ cacheInvalidated });

export const contract: EndpointContract = {
  summary: "Change a domain's settings",
  description:
    'Owner or manager. Each field sent replaces the stored one; fields left out stay. `renderVariants` is `["desktop"]` or `["desktop", "mobile"]` (desktop is always kept; with mobile, smartphone crawlers get a render of their own). The origin URL is operator configuration (`crawlgate domains set --origin`): the API does not change it. The edge sees the change at once unless `cacheInvalidated` is false (then within minutes).',
  status: 200,
  errors: ["invalid_request", "forbidden", "domain_not_found"],
};

/**
 * PATCH /domains/{domainId}/settings. Order: domain access (404) → role (403) → body (400);
 * then stored, and the domain's edge settings refreshed.
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId } = access.domain;
  const checked = checkDomainSettings(ctx.input());
  if (!checked.ok) throw invalidRequest(checked.message);
  const domain = await ctx.deps.accounts.setDomainSettings(domainId, checked.value);
  if (!domain) throw new CrawlgateError("domain_not_found");
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return { status: 200, body: { ...domainSettingsJson(access, domain), cacheInvalidated } };
};
