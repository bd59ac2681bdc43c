import { OVERFLOW_PATH } from "../../ingest/aggregates.js";
import { compareUtf8 } from "../../text/compare-utf8.js";
import type { AggregateTier, PathDayCount, RankedPath } from "../../types.js";
import { type Bucket, buckets } from "../../window/buckets.js";
import { dayNumber, fromDayNumber } from "../../window/dates.js";
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
  const layout = plan.series ? seriesLayout(p) : null;
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
      pages: page.map((row) => pageRow(row, byPath.get(row.path) ?? [], layout)),
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

/** Tier index in the dense per-bucket arrays: verified, declared, unknown. */
const TIER_SLOT: Record<AggregateTier, number> = { verified: 0, declared: 1, unknown: 2 };

/**
 * The series layout of a window: its buckets and the bucket index of each day (days are looked
 * up by text, not parsed per row).
 */
interface SeriesLayout {
  buckets: readonly Bucket[];
  bucketOf: Map<string, number>;
  /** Filtered bots (in the plan's order) → their slot; `null` without a bot filter. */
  botSlot: Map<string, number> | null;
  botIds: readonly string[] | null;
}

function seriesLayout(plan: PinnedPlan): SeriesLayout {
  const windowBuckets = buckets(plan.s, plan.e, plan.g);
  const start = dayNumber(plan.s);
  const step = plan.g === "day" ? 1 : 7;
  const bucketOf = new Map<string, number>();
  for (let d = start; d <= dayNumber(plan.e); d++)
    bucketOf.set(fromDayNumber(d), Math.floor((d - start) / step));
  const botIds = plan.b && plan.b.length > 0 ? plan.b : null;
  return {
    buckets: windowBuckets,
    bucketOf,
    botSlot: botIds ? new Map([...new Set(botIds)].map((botId, i) => [botId, i])) : null,
    botIds,
  };
}

/**
 * One page row: `path`, `total`, `tiers`, `bots` (bots with crawls, by total descending then
 * botId), and, when asked, `series` over every bucket of the window (zeros included): T and
 * `total` per bucket, or, under a `botId` filter, a T per filtered bot.
 */
function pageRow(ranked: RankedPath, rows: readonly PathDayCount[], layout: SeriesLayout | null) {
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
  const botsOut: Record<string, TierTotals> = {};
  if (bots.size > 0) {
    const order =
      bots.size === 1
        ? [...bots.entries()]
        : [...bots.entries()].sort(([a, x], [b, y]) => y.total - x.total || compareUtf8(a, b));
    for (const [botId, t] of order)
      botsOut[botId] = {
        verified: t.verified,
        declared: t.declared,
        unknown: t.unknown,
        total: t.total,
      };
  }
  const out: Record<string, unknown> = {
    path: ranked.path,
    total: totals.total,
    tiers: tiersOf(totals),
    bots: botsOut,
  };
  if (layout)
    out.series = layout.botSlot ? botSeries(rows, layout, layout.botSlot) : series(rows, layout);
  return out;
}

/** Per bucket: T and `total`, from dense per-bucket tier counts. */
function series(rows: readonly PathDayCount[], layout: SeriesLayout) {
  const n = layout.buckets.length;
  const cells = new Float64Array(n * 3);
  for (const row of rows) {
    const index = layout.bucketOf.get(row.day);
    if (index === undefined) continue;
    const at = index * 3 + TIER_SLOT[row.tier];
    cells[at] = (cells[at] as number) + row.count;
  }
  const out = new Array<Record<string, unknown>>(n);
  for (let i = 0; i < n; i++) {
    const bucket = layout.buckets[i] as Bucket;
    const verified = cells[i * 3] as number;
    const declared = cells[i * 3 + 1] as number;
    const unknown = cells[i * 3 + 2] as number;
    out[i] = {
      bucketStart: bucket.bucketStart,
      bucketEnd: bucket.bucketEnd,
      verified,
      declared,
      unknown,
      total: verified + declared + unknown,
    };
  }
  return out;
}

/** Per bucket: a T per filtered bot (in the filter's order), from dense per-bucket counts. */
function botSeries(
  rows: readonly PathDayCount[],
  layout: SeriesLayout,
  botSlot: Map<string, number>,
) {
  const n = layout.buckets.length;
  const width = botSlot.size * 3;
  const cells = new Float64Array(n * width);
  for (const row of rows) {
    const index = layout.bucketOf.get(row.day);
    const bot = botSlot.get(row.botId);
    if (index === undefined || bot === undefined) continue;
    const at = index * width + bot * 3 + TIER_SLOT[row.tier];
    cells[at] = (cells[at] as number) + row.count;
  }
  const botIds = layout.botIds ?? [];
  const out = new Array<Record<string, unknown>>(n);
  for (let i = 0; i < n; i++) {
    const bucket = layout.buckets[i] as Bucket;
    const entry: Record<string, unknown> = {
      bucketStart: bucket.bucketStart,
      bucketEnd: bucket.bucketEnd,
    };
    for (const botId of botIds) {
      const at = i * width + (botSlot.get(botId) as number) * 3;
      entry[botId] = { verified: cells[at], declared: cells[at + 1], unknown: cells[at + 2] };
    }
    out[i] = entry;
  }
  return out;
}
