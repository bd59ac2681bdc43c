import type {
  BotDayCount,
  CrawlRecord,
  DaySummaryCount,
  LegacyCountInput,
  LegacyDayCount,
  PathBotCount,
  PathCountFilter,
  PathDayCount,
  PathRanking,
  PathRankQuery,
  ServedDayCount,
  SignedAgentDayCount,
} from "../types.js";
import type { CrawlDays } from "./crawl-days.js";

// Crawl ports: the raw crawl log, its aggregates, whole days for the archive, and the page ranking.

/** Options of `CrawlLog.appendCrawls` and `ReferralStore.appendReferrals`. */
export interface AppendOptions {
  /**
   * Distinct paths per domain and UTC day in the path aggregates (core's `admitPath`). A further
   * new path is counted under `__overflow__`; its raw row keeps the real path.
   */
  pathCap: number;
}

/** The raw crawl log: one row per crawl event, written with its aggregate counts. */
export interface CrawlLog {
  /**
   * Stores a batch atomically. Every record with a new `eventId` gets its raw row and its
   * aggregate counts: the day is the UTC date of `ts`, tier `automation` counts as `unknown`.
   * A record whose `eventId` is stored already changes nothing (replays are no-ops). Returns how
   * many records were new. Under concurrent calls each event is counted exactly once.
   */
  appendCrawls(
    batch: readonly CrawlRecord[],
    options: AppendOptions,
  ): Promise<{ inserted: number }>;
  /**
   * Upgrades a stored `declared` event to `verified` (a late confirmation) and moves its count in
   * the aggregates. Returns `false` and changes nothing when the event is unknown or not
   * `declared`.
   */
  upgradeToVerified(
    eventId: string,
    botOperator: string | null,
    matchedRange: string | null,
  ): Promise<boolean>;
  /**
   * The `snapshotId` on the raw row of crawl event `eventId`, in any domain (callers check access
   * to the snapshot's domain). `null` when the event is unknown or was served without a snapshot.
   */
  servedSnapshotOf(eventId: string): Promise<string | null>;
  /** Raw rows of a domain with `from <= ts < to`, oldest first, ties by eventId, at most `limit`. */
  listCrawls(domainId: string, from: Date, to: Date, limit: number): Promise<CrawlRecord[]>;
}

/** Per-day aggregates of the crawl log, as the exports read them. */
export interface CrawlAggregates {
  /** Counts per day, bot and tier in the window, sorted by day, botId, tier. */
  botDayCounts(domainId: string, startDay: string, endDay: string): Promise<BotDayCount[]>;
  /** Counts per day, path, bot and tier in the window, sorted by day, path, botId, tier. */
  pathDayCounts(domainId: string, startDay: string, endDay: string): Promise<PathDayCount[]>;
  /**
   * Crawls per path and bot of the bots in `botIds` in the window, summed over its days and
   * every tier; other bots are left out (`[]` names none). `__overflow__` is a path like any
   * other. Sorted by path, then botId (byte order). Only entries with a count; `[]` when none.
   */
  pathBotCounts(
    domainId: string,
    startDay: string,
    endDay: string,
    botIds: readonly string[],
  ): Promise<PathBotCount[]>;
  /**
   * Counts of one path per day, bot, tier, servedFrom and snapshotId in the window. The path is
   * as aggregated: a path beyond the cap is only under `__overflow__`. Sorted by day, botId,
   * tier, servedFrom, then snapshotId with `null` first. Each entry has `lastSeenAt`, the latest
   * `ts` counted in it; a late verification does not lower it on the `declared` entry it leaves.
   * Only entries with a count; `[]` when the path has none in the window.
   */
  servedDayCounts(
    domainId: string,
    path: string,
    startDay: string,
    endDay: string,
  ): Promise<ServedDayCount[]>;
  /**
   * Crawls per day and servedFrom (every bot and tier) in the window, sorted by day then
   * servedFrom. Days without crawls have no entry; `[]` when none.
   */
  daySummaryCounts(domainId: string, startDay: string, endDay: string): Promise<DaySummaryCount[]>;
  /**
   * Crawls per day and legacy per-bot key (`legacyKeyOf`) with how many are verified, in the
   * window, sorted by day then key. Crawls with no key are not here. Raw crawls and
   * `addLegacyCounts` add up. Only entries with `total > 0`; `[]` when none.
   */
  legacyDayCounts(domainId: string, startDay: string, endDay: string): Promise<LegacyDayCount[]>;
  /**
   * Crawls with a Web Bot Auth signature per day, agent origin and outcome (`signature`) in the
   * window, sorted by day, signature, then agent (byte order, `null` first). Unsigned crawls are
   * not here. Only entries with a count; `[]` when none.
   */
  signedAgentDayCounts(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<SignedAgentDayCount[]>;
  /**
   * Adds imported per-key counts of a day before the cutover (no raw rows exist for them).
   * Called again for the same day, it adds up. Rows are checked by `legacyImportCounts`: a
   * `RangeError` changes nothing. Rows with `total` 0 are ignored.
   */
  addLegacyCounts(domainId: string, day: string, rows: readonly LegacyCountInput[]): Promise<void>;
}

/**
 * The page-ranking reads of a crawl store. The memory store answers them from its rows (the
 * reference, `rankPathRows`/`rowsOfPaths`); an SQL store keeps a read model built by
 * `refreshReadModel`. Both answer the same.
 */
export interface PageRanking {
  /**
   * Paths of a window ranked by `query.sortBy`, under the filters: `botIds`, `tiers`, and a
   * literal `pathPrefix` (`%` and `_` are ordinary characters).
   * Order: the value descending, then the path ascending in UTF-8 byte order (`compareRanked`).
   * Keyset: only paths after `after`, a lower value or the same value and a greater path
   * (`isAfterKeyset`); `null` starts at the first path.
   * Bounds: at most `limit` paths; `startDay` and `endDay` are both included.
   * `__overflow__` is never ranked. A path whose filtered total is 0 is not listed.
   * `pathCount` is how many paths the query lists over all pages: neither `after` nor `limit`
   * applies to it. A page past the end is empty, with the same `pathCount`.
   */
  rankPaths(query: PathRankQuery): Promise<PathRanking>;
  /**
   * Counts per path, day, bot and tier of the given paths, under the bot and tier filters.
   * `__overflow__` may be one of the paths.
   * Bounds: `startDay` and `endDay` are both included.
   * Order: path (UTF-8 byte order), then day, botId, tier.
   * Only entries with a count: `[]` for no paths, or for paths without crawls.
   */
  countsOfPaths(
    domainId: string,
    startDay: string,
    endDay: string,
    filter: PathCountFilter,
    paths: readonly string[],
  ): Promise<PathDayCount[]>;
  /**
   * Brings the read model up to date for the days up to `throughDay`: of one domain, or of
   * every domain with crawls when `domainId` is omitted.
   * It is a job, never on the ingest path, and it only makes long windows faster:
   * `rankPaths` and `countsOfPaths` answer exactly whether or not it ran.
   * A store without a read model does nothing and returns `{ domains: 0 }` (memory).
   * Returns how many domains it looked at.
   * When one domain fails the others are still refreshed; then it throws, naming the failed ones.
   */
  refreshReadModel(throughDay: string, domainId?: string): Promise<{ domains: number }>;
}

/** Raw crawl rows, their aggregates and the page ranking: one store, four roles. */
export interface CrawlStore extends CrawlLog, CrawlDays, CrawlAggregates, PageRanking {}
