import { legacyKeyOf } from "../taxonomy/legacy-key-of.js";
import { legacyKeys } from "../taxonomy/registry.js";
import type { AggregateTier, CrawlRecord, LegacyCountInput, ServedFrom } from "../types.js";
import { isValidDate } from "../window/dates.js";
import { LEGACY_CUTOVER } from "../window/window.js";
import { aggregateTier } from "./aggregates.js";

/**
 * What a batch adds to each aggregate, one row per distinct key, so a store writes one upsert
 * row per key instead of one per event. Every adapter applies these same rows: the counting
 * rules live here, once.
 */
export interface BotDelta {
  domainId: string;
  day: string;
  botId: string;
  tier: AggregateTier;
  count: number;
}
export interface PathDelta extends BotDelta {
  path: string;
}
export interface ServedDelta extends PathDelta {
  servedFrom: ServedFrom;
  snapshotId: string | null;
  /** Epoch ms of the latest counted `ts`; a store keeps the maximum. */
  lastSeenAt: number;
}
export interface SummaryDelta {
  domainId: string;
  day: string;
  servedFrom: ServedFrom;
  count: number;
}
export interface LegacyDelta extends LegacyCountInput {
  domainId: string;
  day: string;
}
export interface CountDeltas {
  bot: BotDelta[];
  path: PathDelta[];
  served: ServedDelta[];
  summary: SummaryDelta[];
  legacy: LegacyDelta[];
}

/** One new crawl to count: its UTC day and its aggregated path (the path or `__overflow__`). */
export interface CountedCrawl {
  record: CrawlRecord;
  day: string;
  path: string;
}

// Keys of the aggregates: only `path` is free text, and it comes last, so keys never collide.
export const botKey = (r: BotDelta) => `${r.domainId}\0${r.day}\0${r.botId}\0${r.tier}`;
export const pathKey = (r: PathDelta) => `${botKey(r)}\0${r.path}`;
export const servedKey = (r: ServedDelta) =>
  `${botKey(r)}\0${r.servedFrom}\0${r.snapshotId ?? ""}\0${r.path}`;
export const summaryKey = (r: SummaryDelta) => `${r.domainId}\0${r.day}\0${r.servedFrom}`;
export const legacyKey = (r: LegacyDelta) => `${r.domainId}\0${r.day}\0${r.key}`;

const sorted = <T>(map: Map<string, T>): T[] => [...map.keys()].sort().map((k) => map.get(k) as T);

/**
 * The deltas of new crawls (automation counts as `unknown`; legacy keys by `legacyKeyOf`), rows
 * sorted by key so concurrent writers take row locks in one order. Objects are made only for
 * keys not seen yet in the batch.
 */
export function countCrawls(crawls: Iterable<CountedCrawl>): CountDeltas {
  const bot = new Map<string, BotDelta>();
  const path = new Map<string, PathDelta>();
  const served = new Map<string, ServedDelta>();
  const summary = new Map<string, SummaryDelta>();
  const legacy = new Map<string, LegacyDelta>();
  for (const { record: r, day, path: p } of crawls) {
    const tier = aggregateTier(r.verdict);
    const ts = r.ts.getTime();
    const dayKey = `${r.domainId}\0${day}`;
    const b = `${dayKey}\0${r.botId}\0${tier}`;
    const botRow = bot.get(b);
    if (botRow) botRow.count++;
    else bot.set(b, { domainId: r.domainId, day, botId: r.botId, tier, count: 1 });
    const pk = `${b}\0${p}`;
    const pathRow = path.get(pk);
    if (pathRow) pathRow.count++;
    else path.set(pk, { domainId: r.domainId, day, botId: r.botId, tier, count: 1, path: p });
    const sk = `${b}\0${r.servedFrom}\0${r.snapshotId ?? ""}\0${p}`;
    const servedRow = served.get(sk);
    if (servedRow) {
      servedRow.count++;
      if (ts > servedRow.lastSeenAt) servedRow.lastSeenAt = ts;
    } else
      served.set(sk, {
        domainId: r.domainId,
        day,
        botId: r.botId,
        tier,
        count: 1,
        path: p,
        servedFrom: r.servedFrom,
        snapshotId: r.snapshotId,
        lastSeenAt: ts,
      });
    const mk = `${dayKey}\0${r.servedFrom}`;
    const summaryRow = summary.get(mk);
    if (summaryRow) summaryRow.count++;
    else summary.set(mk, { domainId: r.domainId, day, servedFrom: r.servedFrom, count: 1 });
    const key = legacyKeyOf(r.botId, r.userAgent);
    if (key === null) continue;
    const lk = `${dayKey}\0${key}`;
    const verified = tier === "verified" ? 1 : 0;
    const legacyRow = legacy.get(lk);
    if (legacyRow) {
      legacyRow.total++;
      legacyRow.verified += verified;
    } else legacy.set(lk, { domainId: r.domainId, day, key, total: 1, verified });
  }
  return {
    bot: sorted(bot),
    path: sorted(path),
    served: sorted(served),
    summary: sorted(summary),
    legacy: sorted(legacy),
  };
}

/**
 * The deltas of a late verification of a stored `declared` crawl: −1 declared / +1 verified in
 * every aggregate with a tier (the declared row's `lastSeenAt` is not lowered), +1 verified for
 * its legacy key; the summary has no tier and does not change.
 */
export function upgradeCounts(crawl: CountedCrawl): CountDeltas {
  const as = (verdict: "declared" | "verified") =>
    countCrawls([{ ...crawl, record: { ...crawl.record, verdict } }]);
  const was = as("declared");
  const now = as("verified");
  const undo = <T extends { count: number }>(rows: T[]) => rows.map((r) => ({ ...r, count: -1 }));
  return {
    bot: [...undo(was.bot), ...now.bot],
    path: [...undo(was.path), ...now.path],
    served: [...undo(was.served), ...now.served],
    summary: [],
    legacy: now.legacy.map((r) => ({ ...r, total: 0 })),
  };
}

const LEGACY_KEY_NAMES = new Set(legacyKeys().map((k) => k.key));

/**
 * The legacy rows of `addLegacyCounts` as deltas, after checking them: a real day before the
 * cutover (later days are counted from raw crawls), known keys, each key once, integer counts
 * with `0 <= verified <= total`. Throws a `RangeError` naming the problem.
 */
export function legacyImportCounts(
  domainId: string,
  day: string,
  rows: readonly LegacyCountInput[],
): LegacyDelta[] {
  if (!isValidDate(day) || day >= LEGACY_CUTOVER)
    throw new RangeError(`legacy counts need a day before ${LEGACY_CUTOVER}: ${day}`);
  const seen = new Set<string>();
  for (const r of rows) {
    if (!LEGACY_KEY_NAMES.has(r.key)) throw new RangeError(`unknown legacy key: ${r.key}`);
    if (seen.has(r.key)) throw new RangeError(`legacy key given twice: ${r.key}`);
    seen.add(r.key);
    if (!Number.isSafeInteger(r.total) || !Number.isSafeInteger(r.verified))
      throw new RangeError(`legacy counts must be integers: ${r.key}`);
    if (r.verified < 0 || r.verified > r.total)
      throw new RangeError(`legacy counts need 0 <= verified <= total: ${r.key}`);
  }
  return rows
    .filter((r) => r.total > 0)
    .map((r) => ({ domainId, day, key: r.key, total: r.total, verified: r.verified }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
