import type { ApiDeps } from "../api/context.js";
import { isUuid } from "../api/params.js";
import { CrawlgateError, invalidRequest } from "../errors.js";
import type { ApiRequest } from "../http/types.js";
import type { RenderLane } from "../ports/index.js";
import type { DomainAccess, User } from "../types.js";

export interface WarmStatus {
  domainId: string;
  /** The domain's hostname (what `warm-cache` takes). */
  hostname: string;
  /** The user's role on the domain (owners and managers may start a warm). */
  role: DomainAccess["role"];
  /** Renders of the domain's pages waiting or under way, by lane (purge, warm, refresh). */
  pendingRenders: Record<RenderLane, number>;
  /** The renders-per-hour budget in force (the domain's own, else the instance's default). */
  rendersPerHour: number;
  /** Renders warming took from it in the current UTC clock hour. */
  usedThisHour: number;
  /** Whether the hourly `sitemap_warm` job warms the domain. */
  scheduled: boolean;
  /** The sitemaps the owner listed (read besides robots.txt's `Sitemap:` lines). */
  sitemapUrls: string[];
}

/**
 * `GET /dashboard/api/warm-status?domainId=ID`: how far the domain's warming has got, for the
 * cache view's progress: the renders still waiting per lane (a warm's renders leave the `warm`
 * lane as the page worker renders them) and this hour's budget. Any role; a domain the user
 * cannot see is `404 domain_not_found`.
 */
export async function warmStatus(
  deps: ApiDeps,
  user: User,
  request: ApiRequest,
): Promise<WarmStatus> {
  const { domainId } = request.query;
  if (domainId === undefined || !isUuid(domainId)) {
    throw invalidRequest("domainId is required and must be a domain ID");
  }
  const access = await deps.accounts.getDomainAccess(user.userId, domainId.toLowerCase());
  if (!access) throw new CrawlgateError("domain_not_found");
  const id = access.domain.domainId;
  const now = deps.clock.now();
  const [pendingRenders, settings, usedThisHour] = await Promise.all([
    deps.purgeQueue.pendingByLane(id),
    deps.warming.getWarmSettings(id),
    deps.warming.warmBudgetUsed(id, now),
  ]);
  return {
    domainId: id,
    hostname: access.domain.hostname,
    role: access.role,
    pendingRenders,
    rendersPerHour: settings.rendersPerHour ?? deps.warmDefaults.rendersPerHour,
    usedThisHour,
    scheduled: settings.scheduled,
    sitemapUrls: settings.sitemapUrls,
  };
}
