import { compareUtf8 } from "../../../text/compare-utf8.js";
import type { AggregateTier, PathDayCount, RankedPath } from "../../../types.js";
import { type Bucket, buckets } from "../../../window/buckets.js";
import { dayNumber, fromDayNumber } from "../../../window/dates.js";
import { addToTier, emptyTotals, type TierTotals } from "../../exports/tier-counts.js";
import type { PageQuery } from "./page-query.js";

export function groupByPath(rows: readonly PathDayCount[]): Map<string, PathDayCount[]> {
  const out = new Map<string, PathDayCount[]>();
  for (const row of rows) {
    const list = out.get(row.path);
    if (list) list.push(row);
    else out.set(row.path, [row]);
  }
  return out;
}

export function sumTiers(rows: readonly PathDayCount[]): TierTotals {
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
export interface SeriesLayout {
  buckets: readonly Bucket[];
  bucketOf: Map<string, number>;
  /** Filtered bots (in the plan's order) → their slot; `null` without a bot filter. */
  botSlot: Map<string, number> | null;
  botIds: readonly string[] | null;
}

export function seriesLayout(query: PageQuery): SeriesLayout {
  const windowBuckets = buckets(query.startDay, query.endDay, query.granularity);
  const start = dayNumber(query.startDay);
  const step = query.granularity === "day" ? 1 : 7;
  const bucketOf = new Map<string, number>();
  for (let d = start; d <= dayNumber(query.endDay); d++)
    bucketOf.set(fromDayNumber(d), Math.floor((d - start) / step));
  const botIds = query.botIds && query.botIds.length > 0 ? query.botIds : null;
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
export function pageRow(
  ranked: RankedPath,
  rows: readonly PathDayCount[],
  layout: SeriesLayout | null,
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
