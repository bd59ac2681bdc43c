import { z } from "zod";
import { pageKey } from "../../edge/page-key.js";
import { CrawlgateError, invalidRequest } from "../../errors.js";
import { normalizeHostname } from "../../text/hostname.js";
import type { Domain } from "../../types.js";
import {
  MAX_WARM_PATHS,
  type WarmOptions,
  type WarmSite,
  type WarmSummary,
  warmDomain,
} from "../../warming/index.js";
import type { ApiDeps, Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { count, named } from "../responses/shapes.js";
import { checkedPagePath, namedDomainAccess } from "./purge-cache.js";

export const input = z.strictObject({
  domain: z
    .string({ error: "domain is required and must be a string" })
    .describe("Hostname of a domain the key owner owns or manages"),
  sitemapUrl: z
    .string({ error: "sitemapUrl must be a string" })
    .optional()
    .describe(
      "Read this sitemap or sitemap index (an http(s) URL on the domain's host) instead of the domain's own",
    ),
  paths: z
    .array(z.string({ error: "each path must be a string" }), {
      error: "paths must be an array of strings",
    })
    .max(MAX_WARM_PATHS, { error: `paths takes at most ${MAX_WARM_PATHS} paths` })
    .optional()
    .describe(
      "Pages to render whatever their cache holds (unless a render is pending); without sitemapUrl no sitemap is read",
    ),
  dryRun: z
    .boolean({ error: "dryRun must be a boolean" })
    .optional()
    .describe("Compute the answer without queueing anything or spending budget"),
});

const sitemapReport = named(
  "WarmedSitemap",
  z.strictObject({
    url: z.string(),
    urls: count.describe("Entries read from the file (pages, or an index's sitemaps)"),
    error: z.string().nullable().describe("What was wrong with the file (with its line), or null"),
  }),
);

export const output = z.strictObject({
  queued: count.describe("Pages queued for a render"),
  alreadyFresh: count.describe("Listed pages whose cached render is current"),
  skipped: count.describe(
    "Entries not warmed: not a page URL of the domain (another host, outside the sitemap's directory) or a render already pending",
  ),
  budgetDeferred: count.describe(
    "Pages that need a render but are over the domain's renders-per-hour budget (a later warm queues them)",
  ),
  sitemaps: z.array(sitemapReport).describe("Every sitemap file met, in the order read"),
});

export const contract: EndpointContract = {
  summary: "Warm the page cache from the domain's sitemaps",
  description:
    "Owner or manager (a viewer gets `403 forbidden`). Reads the domain's sitemaps (its own list, the `Sitemap:` lines of its origin's robots.txt, else `/sitemap.xml`; or `sitemapUrl`), following indexes and gzip, from the domain's origin, and queues renders of the pages never cached, of those whose `lastmod` is newer than their cached render, and (for a sitemap whose `lastmod`s are all the same) of those cached longer than the cache lifetime; `paths` are queued whatever their cache holds. Renders go to a lane below purges and above stale refreshes, within the domain's renders-per-hour budget. A malformed or unreachable sitemap is reported in `sitemaps` and skipped. The domain needs an origin (`invalid_request`).",
  status: 200,
  errors: ["invalid_request", "domain_not_authorized", "forbidden"],
};

/** POST /warm-cache: warms the cache of a domain the key owner owns or manages. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const body = input();
  const hostname = normalizeHostname(body.domain);
  if (!hostname) throw invalidRequest("domain must be a hostname such as example.com");
  const paths = (body.paths ?? []).map((p, i) => {
    const key = pageKey(checkedPagePath(p, `paths[${i}]`));
    if (key === null) throw invalidRequest(`paths[${i}] is not a page path`);
    return key.key;
  });
  const access = await namedDomainAccess(deps, user, hostname);
  if (access.role === "viewer") throw new CrawlgateError("forbidden");
  const summary = await warmWith(
    deps,
    access.domain,
    { sitemapUrl: body.sitemapUrl ?? null, paths, dryRun: body.dryRun ?? false },
    now,
  );
  return { status: 200, body: summary };
};

/**
 * Warms a domain over the API's dependencies (the endpoint, `crawlgate.warm`, the
 * `sitemap_warm` job). `invalid_request` when the domain has no origin or `sitemapUrl` is not
 * an http(s) URL on the domain's host.
 */
export async function warmWith(
  deps: ApiDeps,
  domain: Domain,
  options: WarmOptions,
  now: Date,
): Promise<WarmSummary> {
  const { originUrl } = domain;
  if (originUrl === null)
    throw invalidRequest(`${domain.hostname} has no origin to read sitemaps and render pages from`);
  if (options.sitemapUrl) checkSitemapUrl(options.sitemapUrl, domain.hostname);
  const warmDeps = {
    ...deps,
    fetch: deps.domainChecks.fetch,
    robotsFile: (site: WarmSite) => deps.robotsTxt.originFile(site),
    defaults: deps.warmDefaults,
  };
  return warmDomain(warmDeps, { ...domain, originUrl }, options, now);
}

function checkSitemapUrl(text: string, hostname: string): void {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {}
  const ok =
    url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.hostname === hostname &&
    url.port === "" &&
    url.username === "" &&
    url.password === "";
  if (!ok) throw invalidRequest(`sitemapUrl must be an http(s) URL on ${hostname}`);
}
