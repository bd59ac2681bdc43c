import type { Crawlgate, DashboardAssets } from "@crawlgate/core";
import { errorApiResponse } from "@crawlgate/core/adapter-kit";
import { encodedFor, type FetchHandler, toApiRequest, toResponse } from "./fetch-handler.js";
import { type OtherHostHandler, type OwnHostSource, onOwnHost } from "./own-host.js";

export interface DashboardHandlerOptions {
  /** The UI's files (`dashboardAssets()` of `@crawlgate/dashboard`); default a "not built" page. */
  assets?: DashboardAssets;
  /**
   * Behind a proxy the host trusts: the scheme (the cookie's `Secure`) and host (the `Origin`
   * check) come from `X-Forwarded-Proto`/`X-Forwarded-Host`. Default `false`.
   */
  trustProxy?: boolean;
  /** Where a request on a served domain's host goes (the edge handler); default 404. */
  otherHost?: OtherHostHandler;
}

/**
 * The dashboard as a fetch handler, for requests whose path starts with `/dashboard` (route
 * them here by path; it answers every path below it, and 404 to any other), on crawlgate's own
 * hosts only; on a served domain's host the request goes to `otherHost`.
 */
export function createDashboardHandler(
  crawlgate: Pick<Crawlgate, "dashboard"> & OwnHostSource,
  options: DashboardHandlerOptions = {},
): FetchHandler {
  const dashboard = crawlgate.dashboard.create(options.assets ? { assets: options.assets } : {});
  const trustProxy = options.trustProxy ?? false;
  return onOwnHost(
    crawlgate,
    async (request) => {
      try {
        const response = await dashboard.handle(await toApiRequest(request, trustProxy));
        return toResponse(await encodedFor(request, response));
      } catch (error) {
        return toResponse(errorApiResponse(error));
      }
    },
    options.otherHost,
  );
}
