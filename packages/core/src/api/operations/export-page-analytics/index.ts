import { OVERFLOW_PATH } from "../../../ingest/aggregates.js";
import { LEGACY_CUTOVER } from "../../../window/window.js";
import type { Operation } from "../../context.js";
import { readableDomain } from "../../exports/export-scope.js";
import type { PageAnalyticsInput } from "./input.js";
import { nextPageCursor, pagePlan } from "./page-query.js";
import { groupByPath, pageRow, seriesLayout, sumTiers } from "./page-rows.js";

export { input } from "./input.js";

/**
 * POST /export-page-analytics: the paths of one domain ranked by crawls (total or verified,
 * then path), from the per-day path aggregates of the window clamped to the cutover; one page of
 * rows per request with a signed keyset cursor pinning everything but `series`.
 */
export const run: Operation<PageAnalyticsInput> = async ({ deps, user, input, now }) => {
  const plan = await pagePlan(deps, user, input(), now);
  const { query } = plan;
  const access = await readableDomain(deps, user, query.domainId);
  const { domainId, startDay, endDay, botIds, tiers, pathPrefix, sortBy, pageSize } = query;
  const filter = { botIds, tiers };
  const { paths: ranked, pathCount: pageCount } = await deps.crawls.rankPaths({
    domainId,
    startDay,
    endDay,
    ...filter,
    pathPrefix,
    sortBy,
    after: query.after,
    limit: pageSize + 1,
  });
  const page = ranked.slice(0, pageSize);
  const counts = await deps.crawls.countsOfPaths(domainId, startDay, endDay, filter, [
    ...page.map((r) => r.path),
    OVERFLOW_PATH,
  ]);
  const last = page[page.length - 1];
  const nextCursor =
    ranked.length > pageSize && last
      ? await nextPageCursor(deps, user, query, { value: last[sortBy], path: last.path }, now)
      : null;
  const byPath = groupByPath(counts);
  const layout = plan.series ? seriesLayout(query) : null;
  const overflow = sumTiers(byPath.get(OVERFLOW_PATH) ?? []);
  return {
    status: 200,
    body: {
      generatedAt: now.toISOString(),
      period: plan.period,
      startDate: startDay,
      endDate: endDay,
      ...(query.requestedStart === null ? {} : { requestedStartDate: query.requestedStart }),
      granularity: query.granularity,
      userId: user.userId,
      legacyCutover: LEGACY_CUTOVER,
      domain: access.domain.hostname,
      domainId: access.domain.domainId,
      role: access.role,
      pageCount,
      pages: page.map((row) => pageRow(row, byPath.get(row.path) ?? [], layout)),
      ...(overflow.total > 0 ? { overflow } : {}),
      nextCursor,
    },
  };
};
