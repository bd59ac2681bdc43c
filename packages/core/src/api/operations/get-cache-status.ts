import { z } from "zod";
import { pageKey, variantKey } from "../../edge/page-key.js";
import { invalidRequest } from "../../errors.js";
import type { Domain } from "../../types.js";
import type { ApiDeps, Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { instant } from "../responses/shapes.js";
import { domainAccess } from "../rules/rule-access.js";
import { pagePathOf } from "./purge-cache.js";

export const input = z.strictObject({
  path: z
    .string({ error: "path is required and must be a string" })
    .describe("URL path starting with /; a query string is kept (tracking parameters dropped)"),
});

const variantStatus = z.strictObject({
  variant: z.enum(["desktop", "mobile"]),
  cached: z.boolean().describe("The edge's cache holds a render of the page for this device"),
  renderedAt: instant.nullable().describe("When the cached render was made; null when none"),
  expiresAt: instant
    .nullable()
    .describe("Fresh until then, served stale while re-rendered after; null when none"),
  fresh: z.boolean().describe("Cached and not expired yet"),
  contentHash: z
    .string()
    .nullable()
    .describe("SHA-256 (lowercase hex) of the cached HTML; null when none"),
  pendingRender: z
    .boolean()
    .describe("A render of the page for this device is queued or under way (purge, refresh)"),
});

export const output = z.strictObject({
  path: z.string().describe("The path as sent, trimmed"),
  variants: z
    .array(variantStatus)
    .describe("One entry per render variant of the domain: desktop, then mobile"),
});

export const contract: EndpointContract = {
  summary: "Cache status of one page",
  description:
    "Any role. Whether the edge holds a render of the page `path` (query parameter: starts with `/`, not `//`, at most 2,048 characters, no white space, control characters or `#`), per render variant of the domain: when it was rendered, until when it is fresh, its content hash, and whether a re-render is queued or running. The page is looked up by its cache key (tracking parameters dropped, the others sorted), as the edge does.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/** GET /domains/{domainId}/cache-status?path=…: the page's cached renders, per variant. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const { domain } = await domainAccess(ctx);
  const path = pagePathOf(ctx.input().path);
  return { status: 200, body: await pageCacheStatus(ctx.deps, domain, path, ctx.now) };
};

/**
 * The cache status of a page (`path` checked as `pagePathOf` checks it), one entry per render
 * variant of the domain: its cached render looked up by cache key, and whether a job for it is
 * pending. Shared by the endpoint and the dashboard's page freshness.
 */
export async function pageCacheStatus(
  deps: Pick<ApiDeps, "pages" | "purgeQueue">,
  domain: Domain,
  path: string,
  now: Date,
): Promise<z.output<typeof output>> {
  const key = pageKey(path);
  if (key === null) throw invalidRequest("path is too long to be cached");
  const variants = await Promise.all(
    domain.renderVariants.map(async (variant) => {
      // Purges and the edge's refreshes queue the cache key; purges queued by older versions,
      // the path as sent: either is pending.
      const jobPaths = new Set([variantKey(path, variant), variantKey(key.key, variant)]);
      const [entry, ...jobs] = await Promise.all([
        deps.pages.getPage(domain.domainId, variantKey(key.key, variant)),
        ...[...jobPaths].map((jobPath) => deps.purgeQueue.pendingJob(domain.domainId, jobPath)),
      ]);
      return {
        variant,
        cached: entry !== null,
        renderedAt: entry ? entry.renderedAt.toISOString() : null,
        expiresAt: entry ? entry.expiresAt.toISOString() : null,
        fresh: entry !== null && entry.expiresAt.getTime() > now.getTime(),
        contentHash: entry ? entry.contentHash : null,
        pendingRender: jobs.some((job) => job !== null),
      };
    }),
  );
  return { path, variants };
}
