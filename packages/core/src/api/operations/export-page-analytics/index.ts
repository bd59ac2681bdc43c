import { z } from "zod";
import { OVERFLOW_PATH } from "../../../ingest/path-cap.js";
import type { PathDayCount, RankedPath } from "../../../types.js";
import { LEGACY_CUTOVER } from "../../../window/window.js";
import type { Operation } from "../../context.js";
import type { EndpointContract } from "../../contract.js";
import { readableDomain } from "../../exports/export-scope.js";
import {
  count,
  day,
  instant,
  legacyCutover,
  nextCursor as nextCursorShape,
  periodOrNull,
  role,
  tiers,
  tierTotals,
  uuid,
} from "../../responses/shapes.js";
import type { PageAnalyticsInput } from "./input.js";
import { nextPageCursor, pagePlan } from "./page-query.js";
import { groupByPath, pageRow, seriesLayout, sumTiers } from "./page-rows.js";

export { input } from "./input.js";

const bucket = { bucketStart: day, bucketEnd: day };

const pageRowShape = z.strictObject({
  path: z.string(),
  total: count,
  tiers,
  bots: z.record(z.string(), tierTotals).describe("Bots with crawls, by total descending then ID"),
  series: z
    .array(
      z.union([
        z.strictObject({
          ...bucket,
          verified: count,
          declared: count,
          unknown: count,
          total: count,
        }),
        z.strictObject(bucket).catchall(tiers).describe("With a botId filter: a T per bot"),
      ]),
    )
    .optional()
    .describe("Every bucket of the window; omitted with series: false"),
});

export const output = z.strictObject({
  generatedAt: instant,
  period: periodOrNull,
  startDate: day,
  endDate: day,
  requestedStartDate: day.optional().describe("The start sent, when it was clamped to the cutover"),
  granularity: z.enum(["day", "week"]),
  userId: uuid,
  legacyCutover,
  domain: z.string(),
  domainId: uuid,
  role,
  pageCount: count.describe("Distinct matching paths across all result pages"),
  pages: z.array(pageRowShape),
  overflow: tierTotals.optional().describe("Crawls past the per-day path cap; omitted when none"),
  nextCursor: nextCursorShape,
});

export const contract: EndpointContract = {
  summary: "Export pages ranked by crawl volume",
  description:
    "The pages of one domain ranked by crawls (`sortBy` total or verified, ties by path in byte order), cursor-paginated. Page-level data starts at `legacyCutover`: an earlier start is clamped to it (the response then carries `requestedStartDate`), a window ending before it is 400. `granularity` `auto` is `day` for windows up to 90 days, else `week`; `day` over 90 days is 400. Week buckets advance 7 days from `startDate`, so the first and last may be partial; totals are exact window sums whatever the granularity. With `cursor`, every parameter but `series` comes from the cursor (window, granularity, sort, filters, page size), so paging across midnight stays consistent. `pathPrefix` is a literal prefix (`%` and `_` are ordinary characters). `path` asks for exactly one path, read directly whatever its rank: `pages` holds its row, or nothing when it has no crawls under the filters (`pageCount` 1 or 0, `nextCursor` null).",
  status: 200,
  errors: ["invalid_request", "invalid_cursor", "domain_not_found"],
};

/**
 * The one page a `path` query asks for, from that path's own counts (exact whatever its rank):
 * a row when it has crawls under the filters and starts with `pathPrefix` when one is sent.
 */
function exactPage(
  path: string,
  pathPrefix: string | null,
  rows: readonly PathDayCount[] | undefined,
): RankedPath[] {
  if (rows === undefined || (pathPrefix !== null && !path.startsWith(pathPrefix))) return [];
  const totals = sumTiers(rows);
  return totals.total > 0 ? [{ path, total: totals.total, verified: totals.verified }] : [];
}

/**
 * POST /export-page-analytics: the paths of one domain ranked by crawls (total or verified,
 * then path), from the per-day path aggregates of the window clamped to the cutover; one page of
 * rows per request with a signed keyset cursor pinning everything but `series`.
 */
export const run: Operation<PageAnalyticsInput, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const plan = await pagePlan(deps, user, input(), now);
  const { query, path: exact } = plan;
  const access = await readableDomain(deps, user, query.domainId);
  const { domainId, startDay, endDay, botIds, tiers, pathPrefix, sortBy, pageSize } = query;
  const filter = { botIds, tiers };
  // An exact `path` is read by its own counts, never looked for in a ranking.
  const ranking =
    exact === null
      ? await deps.crawls.rankPaths({
          domainId,
          startDay,
          endDay,
          ...filter,
          pathPrefix,
          sortBy,
          after: query.after,
          limit: pageSize + 1,
        })
      : null;
  const ranked = ranking?.paths ?? [];
  const listed = ranked.slice(0, pageSize);
  const counts = await deps.crawls.countsOfPaths(domainId, startDay, endDay, filter, [
    ...(exact === null ? listed.map((r) => r.path) : [exact]),
    OVERFLOW_PATH,
  ]);
  const byPath = groupByPath(counts);
  const page = exact === null ? listed : exactPage(exact, pathPrefix, byPath.get(exact));
  const pageCount = ranking === null ? page.length : ranking.pathCount;
  const last = page[page.length - 1];
  const nextCursor =
    ranked.length > pageSize && last
      ? await nextPageCursor(deps, user, query, { value: last[sortBy], path: last.path }, now)
      : null;
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
      // A page row's series entries are keyed by bot under a filter: built untyped, checked by
      // the contract tests against `pageRowShape`.
      pages: page.map((row) => pageRow(row, byPath.get(row.path) ?? [], layout)) as z.output<
        typeof pageRowShape
      >[],
      ...(overflow.total > 0 ? { overflow } : {}),
      nextCursor,
    },
  };
};
