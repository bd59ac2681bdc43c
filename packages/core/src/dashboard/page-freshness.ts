import type { ApiDeps } from "../api/context.js";
import { pageCacheStatus } from "../api/operations/get-cache-status.js";
import { pagePathOf } from "../api/operations/purge-cache.js";
import { isUuid } from "../api/params.js";
import { CrawlgateError, invalidRequest } from "../errors.js";
import type { ApiRequest } from "../http/types.js";
import type { User } from "../types.js";

/** Most pages one freshness request may name: a page of top pages (50) and then some. */
export const MAX_FRESHNESS_PATHS = 100;

export interface PageFreshness {
  /** One entry per path asked for, in the order asked: as `cache-status` answers it. */
  pages: Awaited<ReturnType<typeof pageCacheStatus>>[];
}

/**
 * `GET /dashboard/api/page-freshness?domainId=ID&paths=/a%0A/b`: the cache status of several
 * pages of one domain at once (the top pages view's freshness column), as `cache-status` gives
 * each: `paths` holds up to 100 paths, one a line (a path never holds a line break), each checked
 * as purge-cache checks it. Any role; a domain the user cannot see is `404 domain_not_found`.
 * One request, so a view of 50 pages costs the user one call, not 50 of its rate limit.
 */
export async function pageFreshness(
  deps: ApiDeps,
  user: User,
  request: ApiRequest,
): Promise<PageFreshness> {
  const { domainId, paths } = request.query;
  if (domainId === undefined || !isUuid(domainId)) {
    throw invalidRequest("domainId is required and must be a domain ID");
  }
  if (paths === undefined) throw invalidRequest("paths is required");
  const list = paths.split("\n");
  if (list.length > MAX_FRESHNESS_PATHS) {
    throw invalidRequest(`paths must name at most ${MAX_FRESHNESS_PATHS} pages`);
  }
  const checked = list.map(pagePathOf);
  const access = await deps.accounts.getDomainAccess(user.userId, domainId.toLowerCase());
  if (!access) throw new CrawlgateError("domain_not_found");
  const now = deps.clock.now();
  return {
    pages: await Promise.all(
      checked.map((path) => pageCacheStatus(deps, access.domain, path, now)),
    ),
  };
}
