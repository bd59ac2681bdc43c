import { z } from "zod";
import { checkDomainSettings, MAX_PAGE_CACHE_TTL_SECONDS } from "../../accounts/admin.js";
import { CrawlgateError, invalidRequest } from "../../errors.js";
import { MAX_WARM_RENDERS_PER_HOUR } from "../../warming/limits.js";
import { checkWarmSettings, MAX_LISTED_SITEMAPS } from "../../warming/settings.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { cacheInvalidated } from "../responses/shapes.js";
import { invalidateSettings, writableDomain } from "../rules/rule-access.js";
import { domainSettingsJson, domainSettingsShape } from "./domain-settings.js";

const WARM_BUDGET = `warmRendersPerHour must be an integer from 1 to ${MAX_WARM_RENDERS_PER_HOUR}, or null`;

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
  sitemaps: z
    .array(z.string({ error: "sitemaps must be an array of URLs" }), {
      error: "sitemaps must be an array of URLs",
    })
    .optional()
    .describe(
      `Sitemap URLs on the domain's host (http or https, no port or credentials), at most ${MAX_LISTED_SITEMAPS}; [] clears the list`,
    ),
  warmRendersPerHour: z
    .int({ error: WARM_BUDGET })
    .min(1, WARM_BUDGET)
    .max(MAX_WARM_RENDERS_PER_HOUR, WARM_BUDGET)
    .nullable()
    .optional()
    .describe("Renders per UTC hour warming may queue; null: the instance's default"),
  warmScheduled: z
    .boolean({ error: "warmScheduled must be true or false" })
    .optional()
    .describe("true: the hourly `sitemap_warm` job warms this domain"),
});

export const output = domainSettingsShape.extend({ cacheInvalidated });

export const contract: EndpointContract = {
  summary: "Change a domain's settings",
  description:
    'Owner or manager. Each field sent replaces the stored one; fields left out stay. `renderVariants` is `["desktop"]` or `["desktop", "mobile"]` (desktop is always kept; with mobile, smartphone crawlers get a render of their own). `sitemaps` lists sitemaps warming reads besides the robots.txt of the origin (on the host of the domain; [] clears), `warmRendersPerHour` caps the renders warming queues per UTC hour (null: the default of the instance), `warmScheduled` turns the hourly `sitemap_warm` job on for the domain. The origin URL is operator configuration (`crawlgate domains set --origin`): the API does not change it. The edge sees the change at once unless `cacheInvalidated` is false (then within minutes).',
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
  const { sitemaps, warmRendersPerHour, warmScheduled, ...edge } = ctx.input();
  // Both checked before anything is stored: a refused body changes nothing.
  const checked = checkDomainSettings(edge);
  if (!checked.ok) throw invalidRequest(checked.message);
  const warmChanges = {
    ...(sitemaps !== undefined ? { sitemapUrls: sitemaps } : {}),
    ...(warmRendersPerHour !== undefined ? { rendersPerHour: warmRendersPerHour } : {}),
    ...(warmScheduled !== undefined ? { scheduled: warmScheduled } : {}),
  };
  const warmChecked = checkWarmSettings(access.domain.hostname, warmChanges);
  if (!warmChecked.ok) throw invalidRequest(warmChecked.message);
  const domain = await ctx.deps.accounts.setDomainSettings(domainId, checked.value);
  if (!domain) throw new CrawlgateError("domain_not_found");
  const warm = await ctx.deps.warming.setWarmSettings(domainId, warmChecked.value);
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return { status: 200, body: { ...domainSettingsJson(access, domain, warm), cacheInvalidated } };
};
