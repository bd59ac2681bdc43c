import type { AccountStore, Logger, WarmingStore } from "../ports/index.js";
import type { Domain } from "../types.js";
import type { WarmSummary } from "../warming/index.js";
import type { Job } from "./job.js";

/** How often the `sitemap_warm` job warms each scheduled domain. */
export const SITEMAP_WARM_EVERY_MS = 3_600_000;

/**
 * The `sitemap_warm` job: warms every domain whose warm settings say `scheduled`, one after the
 * other (each within its own renders-per-hour budget, so hourly runs pick up what the budget
 * deferred). A singleton: one instance of a fleet runs it. A domain that is gone or has no
 * origin is passed over; one whose warm fails is logged and the others still run.
 */
export function sitemapWarmJob(
  deps: { accounts: AccountStore; warming: WarmingStore; logger: Logger },
  warm: (domain: Domain & { originUrl: string }, now: Date) => Promise<WarmSummary>,
  everyMs = SITEMAP_WARM_EVERY_MS,
): Job {
  return {
    name: "sitemap_warm",
    everyMs,
    singleton: true,
    async run(now) {
      const ids = await deps.warming.scheduledWarmDomains();
      if (ids.length === 0) return null;
      const totals = { domains: 0, queued: 0, alreadyFresh: 0, budgetDeferred: 0, failed: 0 };
      for (const domainId of ids) {
        const domain = await deps.accounts.getDomain(domainId);
        if (!domain?.originUrl) continue;
        try {
          const summary = await warm({ ...domain, originUrl: domain.originUrl }, now);
          totals.domains++;
          totals.queued += summary.queued;
          totals.alreadyFresh += summary.alreadyFresh;
          totals.budgetDeferred += summary.budgetDeferred;
          const broken = summary.sitemaps.filter((s) => s.error !== null);
          if (broken.length > 0)
            deps.logger.warn("sitemap_warm.sitemap_errors", {
              host: domain.hostname,
              sitemaps: broken,
            });
        } catch (error) {
          totals.failed++;
          deps.logger.warn("sitemap_warm.failed", {
            host: domain.hostname,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return totals;
    },
  };
}
