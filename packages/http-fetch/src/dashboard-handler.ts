import type { Crawlgate, DashboardAssets } from "@crawlgate/core";
import { errorApiResponse } from "@crawlgate/core/adapter-kit";
import { type FetchHandler, toApiRequest, toResponse } from "./fetch-handler.js";

export interface DashboardHandlerOptions {
  /** The UI's files (`dashboardAssets()` of `@crawlgate/dashboard`); default a "not built" page. */
  assets?: DashboardAssets;
  /**
   * Behind a proxy the host trusts: the scheme (the cookie's `Secure`) and host (the `Origin`
   * check) come from `X-Forwarded-Proto`/`X-Forwarded-Host`. Default `false`.
   */
  trustProxy?: boolean;
}

/**
 * The dashboard as a fetch handler, for requests whose path starts with `/dashboard` (route
 * them here by path; it answers every path below it, and 404 to any other).
 */
export function createDashboardHandler(
  crawlgate: Pick<Crawlgate, "dashboard">,
  options: DashboardHandlerOptions = {},
): FetchHandler {
  const dashboard = crawlgate.dashboard.create(options.assets ? { assets: options.assets } : {});
  const trustProxy = options.trustProxy ?? false;
  return async (request) => {
    try {
      return toResponse(await dashboard.handle(await toApiRequest(request, trustProxy)));
    } catch (error) {
      return toResponse(errorApiResponse(error));
    }
  };
}
