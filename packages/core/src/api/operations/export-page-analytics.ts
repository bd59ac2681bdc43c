import { OVERFLOW_PATH } from "../../ingest/aggregates.js";
import { compareUtf8 } from "../../referrals/landing-paths.js";
import type { AggregateTier, PathDayCount, RankedPath } from "../../types.js";
import { type Bucket, buckets } from "../../window/buckets.js";
import { dayNumber } from "../../window/dates.js";
import { LEGACY_CUTOVER } from "../../window/window.js";
import type { Operation } from "../context.js";
import { readableDomain } from "../export-scope.js";
import { nextPageCursor, type PinnedPlan, pagePlan } from "../page-analytics-plan.js";
import { addToTier, emptyTotals, type TierTotals } from "../tier-counts.js";

/**
 * POST /export-page-analytics: the paths of one domain ranked by crawls (total or verified,
 * then path), from the per-day path aggregates of the window clamped to the cutover; one page of
 * rows per request with a signed keyset cursor pinning everything but `series`.
 */
export const exportPageAnalytics: Operation = async ({ deps, user, body, now }) => {
  const plan = await pagePlan(deps, user, body, now);
  const p = plan.pinned;
  const access = await readableDomain(deps, user, p.d);
  const query = {
    domainId: p.d,
    startDay: p.s,
    endDay: p.e,
    botIds: p.b,
    tiers: p.t,
    pathPrefix: p.x,
  };
  const { paths: ranked, pathCount: pageCount } = await deps.crawls.rankPaths({
    ...query,
    sortBy: p.o,
    after: p.a ? { value: p.a[0], path: p.a[1] } : null,
    limit: p.n + 1,
  });
  const page = ranked.slice(0, p.n);
  const counts = await deps.crawls.countsOfPaths(p.d, p.s, p.e, query, [
    ...page.map((r) => r.path),
    OVERFLOW_PATH,
  ]);
  const last = page[page.length - 1];
  const nextCursor =
    ranked.length > p.n && last
      ? await nextPageCursor(deps, user, p, [last[p.o], last.path], now)
      : null;
  const byPath = groupByPath(counts);
  const windowBuckets = plan.series ? buckets(p.s, p.e, p.g) : null;
  const overflow = sumTiers(byPath.get(OVERFLOW_PATH) ?? []);
  return {
    status: 200,
    body: {
      generatedAt: now.toISOString(),
      period: plan.period,
      startDate: p.s,
      endDate: p.e,
      ...(p.r === null ? {} : { requestedStartDate: p.r }),
      granularity: p.g,
      userId: user.userId,
      legacyCutover: LEGACY_CUTOVER,
      domain: access.domain.hostname,
      domainId: access.domain.domainId,
      role: access.role,
      pageCount,
      pages: page.map((row) => pageRow(row, byPath.get(row.path) ?? [], p, windowBuckets)),
      ...(overflow.total > 0 ? { overflow } : {}),
      nextCursor,
    },
  };
};

function groupByPath(rows: readonly PathDayCount[]): Map<string, PathDayCount[]> {
  const out = new Map<string, PathDayCount[]>();
  for (const row of rows) {
    const list = out.get(row.path);
    if (list) list.push(row);
    else out.set(row.path, [row]);
  }
  return out;
}

function sumTiers(rows: readonly PathDayCount[]): TierTotals {
  const totals = emptyTotals();
  for (const row of rows) addToTier(totals, row.tier, row.count);
  return totals;
}

const tiersOf = (t: TierTotals) => ({
  verified: t.verified,
  declared: t.declared,
  unknown: t.unknown,
});

/**
 * One page row: `path`, `total`, `tiers`, `bots` (bots with crawls, by total descending then
 * botId), and, when asked, `series` over every bucket of the window (zeros included): T and
 * `total` per bucket, or, under a `botId` filter, a T per filtered bot.
 */
function pageRow(
  ranked: RankedPath,
  rows: readonly PathDayCount[],
  plan: PinnedPlan,
  windowBuckets: readonly Bucket[] | null,
) {
  const totals = sumTiers(rows);
  const bots = new Map<string, TierTotals>();
  for (const row of rows) {
    let bot = bots.get(row.botId);
    if (!bot) {
      bot = emptyTotals();
      bots.set(row.botId, bot);
    }
    addToTier(bot, row.tier, row.count);
  }
  const order = [...bots.entries()].sort(
    ([a, x], [b, y]) => y.total - x.total || compareUtf8(a, b),
  );
  const out: Record<string, unknown> = {
    path: ranked.path,
    total: totals.total,
    tiers: tiersOf(totals),
    bots: Object.fromEntries(order.map(([botId, t]) => [botId, { ...tiersOf(t), total: t.total }])),
  };
  if (windowBuckets) out.series = series(rows, plan, windowBuckets);
  return out;
}

function series(rows: readonly PathDayCount[], plan: PinnedPlan, windowBuckets: readonly Bucket[]) {
  const start = dayNumber(plan.s);
  const step = plan.g === "day" ? 1 : 7;
  const cells = windowBuckets.map(() => new Map<string, TierTotals>());
  for (const row of rows) {
    const index = Math.floor((dayNumber(row.day) - start) / step);
    const key = plan.b ? row.botId : "";
    const cell = cells[index] as Map<string, TierTotals>;
    let totals = cell.get(key);
    if (!totals) {
      totals = emptyTotals();
      cell.set(key, totals);
    }
    addToTier(totals, row.tier as AggregateTier, row.count);
  }
  return windowBuckets.map((bucket, i) => {
    const cell = cells[i] as Map<string, TierTotals>;
    if (!plan.b) {
      const t = cell.get("") ?? emptyTotals();
      return { ...bucket, ...tiersOf(t), total: t.total };
    }
    const entry: Record<string, unknown> = { ...bucket };
    for (const botId of plan.b) entry[botId] = tiersOf(cell.get(botId) ?? emptyTotals());
    return entry;
  });
}
