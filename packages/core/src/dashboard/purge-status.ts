import type { ApiDeps } from "../api/context.js";
import { purgeTarget } from "../api/operations/purge-cache.js";
import { pageKey } from "../edge/page-key.js";
import { invalidRequest } from "../errors.js";
import type { ApiRequest } from "../http/types.js";
import type { User } from "../types.js";

export interface PurgeStatus {
  /** The path as purge-cache queued it (trimmed). */
  path: string;
  /** A re-render of the page is queued or running. */
  pending: boolean;
  /** Attempts so far of the pending re-render; `null` when none is pending. */
  attempts: number | null;
  /** When the pending re-render was queued (ISO 8601); `null` when none is pending. */
  enqueuedAt: string | null;
  /** When the page in the edge's cache was rendered (ISO 8601); `null` when it is not cached. */
  renderedAt: string | null;
}

/**
 * `GET /dashboard/api/purge-status?domain=HOST&path=/p`: whether a purge of the page is still
 * pending, and when its cached copy was rendered, for the dashboard's live purge status. The
 * domain and path are checked as purge-cache checks them (any role; Starter too).
 */
export async function purgeStatus(
  deps: ApiDeps,
  user: User,
  request: ApiRequest,
): Promise<PurgeStatus> {
  const { domain, path: rawPath } = request.query;
  if (domain === undefined) throw invalidRequest("domain is required");
  if (rawPath === undefined) throw invalidRequest("path is required");
  const { domainId, path } = await purgeTarget(deps, user, { domain, path: rawPath });
  const key = pageKey(path);
  // Purges queue the page's cache key (jobs queued by older versions: the path as sent).
  const job =
    (key ? await deps.purgeQueue.pendingJob(domainId, key.key) : null) ??
    (await deps.purgeQueue.pendingJob(domainId, path));
  const cached = key ? await deps.pages.getPage(domainId, key.key) : null;
  return {
    path,
    pending: job !== null,
    attempts: job ? job.attempts : null,
    enqueuedAt: job ? job.enqueuedAt.toISOString() : null,
    renderedAt: cached ? cached.renderedAt.toISOString() : null,
  };
}
