import type { PageRanking } from "@crawlgate/core/adapter-kit";
import type { KyselyHandle } from "../handle.js";
import { createBlockCache } from "./block-cache.js";
import { createPathDirectories } from "./path-directory.js";
import { countsOfPaths, type ReadContext, rankPaths } from "./read.js";
import { refreshReadModel } from "./refresh.js";
import { createSumsCache } from "./sums-cache.js";

export { planRead, type ReadPlan, toPathDayCount } from "./read.js";

/**
 * The page-ranking read model in SQL. Per domain and path (an integer id in `crawl_paths`), the
 * counts per tier over dyadic blocks of days (core's `dyadic-cover.ts`), one row of
 * `crawl_rollup_blocks` per block and bot holding the counts of its path ids packed
 * (`block-codec.ts`), built from `crawl_path_day` by `refreshReadModel` (`refresh.ts`) and
 * read under core's freshness rule (`read.ts`): a window is a few blocks plus the days changed
 * since they were built. The tables keep their first names (`crawl_rollup_*`, `crawl_paths`):
 * see `schema.ts`.
 */
export function createKyselyPageRanking(handle: KyselyHandle): PageRanking {
  const ctx: ReadContext = {
    ...handle,
    blocks: createBlockCache(handle.db),
    directories: createPathDirectories(handle.db),
    sums: createSumsCache(),
  };
  return {
    rankPaths: (query) => rankPaths(ctx, query),
    countsOfPaths: (domainId, startDay, endDay, filter, paths) =>
      countsOfPaths(handle, domainId, startDay, endDay, filter, paths),
    refreshReadModel: (throughDay, domainId) => refreshReadModel(handle, throughDay, domainId),
  };
}
