import type { Period } from "./period.js";
import type { ApiCall } from "./requests.js";

/** The crawler-policy, robots.txt and charge requests of the dashboard's policy views. */
export const policyRequests = {
  policy: (domainId: string): ApiCall => ({
    method: "GET",
    path: `/domains/${encodeURIComponent(domainId)}/crawler-policy`,
  }),
  robotsTxt: (domainId: string): ApiCall => ({
    method: "GET",
    path: `/domains/${encodeURIComponent(domainId)}/robots-txt`,
  }),
  compliance: (domainId: string, period: Period): ApiCall => ({
    method: "POST",
    path: "/export-robots-compliance",
    body: { domainId, period },
  }),
  charges: (domainId: string, period: Period, groupBy: "payer" | "day"): ApiCall => ({
    method: "POST",
    path: "/export-crawler-charges",
    body: { domainId, period, groupBy },
  }),
};
