import type { PageRanking } from "../ports/index.js";
import { addDays, utcDay } from "../window/dates.js";
import type { Job } from "./job.js";

/** Brings the page-ranking read model of every domain up to yesterday (UTC). */
export function readModelRefreshJob(crawls: Pick<PageRanking, "refreshReadModel">): Job {
  return {
    name: "read_model_refresh",
    everyMs: 10 * 60_000,
    singleton: true,
    async run(now) {
      const through = addDays(utcDay(now), -1);
      const { domains } = await crawls.refreshReadModel(through);
      return { through, domains };
    },
  };
}
