import { compareUtf8 } from "../../text/compare-utf8.js";
import type { AggregateTier, ServedDayCount, ServedFrom } from "../../types.js";

/** The spec's `T`. */
export interface Tiers {
  verified: number;
  declared: number;
  unknown: number;
}

/** One `served[]` entry of a page-snapshots row. */
export interface ServedEntry {
  servedFrom: ServedFrom;
  snapshotId: string | null;
  tiers: Tiers;
  total: number;
  lastSeenAt: string;
}

export interface BotServed {
  total: number;
  tiers: Tiers;
  served: ServedEntry[];
}

/** One row of export-page-snapshots: one date. */
export interface ServedRow {
  day: string;
  total: number;
  tiers: Tiers;
  bots: Record<string, BotServed>;
}

const emptyTiers = (): Tiers => ({ verified: 0, declared: 0, unknown: 0 });

/**
 * Folds served counts (any order, possibly several stored spellings of one page) into one row
 * per date, ascending. Within a row, bots are ordered by total descending then botId; each bot's
 * `served[]` has one entry per (servedFrom, snapshotId) — crawls with no snapshot under
 * `snapshotId: null` — ordered by servedFrom then snapshotId (`null` first), with tiers summed
 * and `lastSeenAt` the latest; bot and row totals are the sums of their parts.
 */
export function servedRows(counts: readonly ServedDayCount[]): ServedRow[] {
  const days = new Map<string, Map<string, Map<string, ServedDayCount[]>>>();
  for (const c of counts) {
    const bots = days.get(c.day) ?? new Map<string, Map<string, ServedDayCount[]>>();
    days.set(c.day, bots);
    const entries = bots.get(c.botId) ?? new Map<string, ServedDayCount[]>();
    bots.set(c.botId, entries);
    const key = `${c.servedFrom}\0${c.snapshotId ?? ""}`;
    entries.set(key, [...(entries.get(key) ?? []), c]);
  }
  return [...days.keys()].sort(compareUtf8).map((day) => {
    const row: ServedRow = { day, total: 0, tiers: emptyTiers(), bots: {} };
    const bots = [...(days.get(day) as Map<string, Map<string, ServedDayCount[]>>)].map(
      ([botId, entries]) => [botId, botServed([...entries.values()])] as const,
    );
    bots.sort(([a, x], [b, y]) => y.total - x.total || compareUtf8(a, b));
    for (const [botId, bot] of bots) {
      row.bots[botId] = bot;
      row.total += bot.total;
      addTiers(row.tiers, bot.tiers);
    }
    return row;
  });
}

function botServed(groups: ServedDayCount[][]): BotServed {
  const served = groups.map((group): ServedEntry => {
    const first = group[0] as ServedDayCount;
    const tiers = emptyTiers();
    let last = 0;
    for (const c of group) {
      tiers[c.tier as AggregateTier] += c.count;
      last = Math.max(last, c.lastSeenAt.getTime());
    }
    return {
      servedFrom: first.servedFrom,
      snapshotId: first.snapshotId,
      tiers,
      total: tiers.verified + tiers.declared + tiers.unknown,
      lastSeenAt: new Date(last).toISOString(),
    };
  });
  served.sort(
    (a, b) =>
      compareUtf8(a.servedFrom, b.servedFrom) ||
      compareUtf8(a.snapshotId ?? "", b.snapshotId ?? ""),
  );
  const bot: BotServed = { total: 0, tiers: emptyTiers(), served };
  for (const entry of served) {
    bot.total += entry.total;
    addTiers(bot.tiers, entry.tiers);
  }
  return bot;
}

function addTiers(into: Tiers, add: Tiers): void {
  into.verified += add.verified;
  into.declared += add.declared;
  into.unknown += add.unknown;
}
