import type { RangeRefresher } from "../verify/range-refresher.js";
import type { Job } from "./job.js";

/**
 * Refreshes the operators' published IP-range files when they are due (a week old; a failed
 * file is tried again after an hour), keeping the last good copy of any file that fails. The
 * ranges live in the instance's verifier: every instance runs it.
 */
export function rangeRefreshJob(refresher: () => RangeRefresher | null): Job {
  return {
    name: "range_refresh",
    everyMs: 3_600_000,
    singleton: false,
    async run() {
      const current = refresher();
      const outcomes = current ? await current.refreshIfDue() : null;
      if (!outcomes) return { due: false };
      return {
        due: true,
        files: outcomes.length,
        ok: outcomes.filter((o) => o.ok).length,
        failed: outcomes.filter((o) => !o.ok).map((o) => o.url),
      };
    },
  };
}
