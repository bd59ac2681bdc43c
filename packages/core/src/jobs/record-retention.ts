import { SESSION_IDLE_MS } from "../dashboard/lifetimes.js";
import type { DashboardSessionStore, RobotsStore } from "../ports/index.js";
import type { Job } from "./job.js";

const DAY_MS = 86_400_000;

/**
 * Days the id of a counted compliance event is kept: within them a replayed crawl (a retried
 * batch, the same log imported again) is not counted twice. Older replays count again, as crawls
 * do once their raw rows are archived (the fourth day).
 */
export const COMPLIANCE_EVENT_ID_DAYS = 7;

/**
 * The `record_retention` job: deletes ended dashboard sessions and the records of used sign-in
 * links once they cannot be used anyway (see `DashboardSessionStore.deleteExpired`), and forgets
 * the ids of compliance events older than `COMPLIANCE_EVENT_ID_DAYS` (the counts stay). Ledger
 * rows are never deleted. A fleet singleton: it works on shared stores.
 */
export function recordRetentionJob(deps: {
  robots: RobotsStore;
  dashboardSessions: DashboardSessionStore;
}): Job {
  return {
    name: "record_retention",
    everyMs: 3_600_000,
    singleton: true,
    async run(now) {
      const ended = await deps.dashboardSessions.deleteExpired(
        now,
        new Date(now.getTime() - SESSION_IDLE_MS),
      );
      const before = new Date(now.getTime() - COMPLIANCE_EVENT_ID_DAYS * DAY_MS);
      const complianceEventIds = await deps.robots.forgetComplianceEvents(before);
      return {
        sessions: ended.sessions,
        usedSignInLinks: ended.tokens,
        complianceEventIds,
        complianceEventsBefore: before.toISOString(),
      };
    },
  };
}
