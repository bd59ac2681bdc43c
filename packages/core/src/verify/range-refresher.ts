import type { Clock, FetchLike, Logger } from "../ports/index.js";
import type { Taxonomy } from "../taxonomy/index.js";
import { parseRangeFile } from "./ip-ranges.js";
import {
  applyRangeFiles,
  type RangeFeed,
  type RangeSnapshot,
  rangeFeeds,
  shippedRangeSnapshots,
} from "./range-feeds.js";
import { type RangeStore, readStoredRange, writeStoredRange } from "./range-store.js";
import type { Verifier } from "./verifier.js";

/** Operators publish new ranges every few days; the spec says they are refreshed weekly. */
export const RANGE_REFRESH_INTERVAL_MS = 7 * 24 * 3_600_000;
/** A range file is a few kilobytes; anything much larger is not one. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface RangeRefreshOptions {
  verifier: Pick<Verifier, "setRanges">;
  taxonomy: Taxonomy;
  /** Injected so tests, proxies and runtimes without global fetch can supply their own. */
  fetch: FetchLike;
  clock: Clock;
  logger: Logger;
  /**
   * Where refreshed files are kept (the instance's blob store), so that a restart and every
   * instance sharing the store start from the last good copy. Without one, only this process
   * remembers its refreshes.
   */
  store?: RangeStore;
  /** Per-file budget; default 10 s. */
  timeoutMs?: number;
}

export interface FeedOutcome {
  url: string;
  operator: string;
  ok: boolean;
  /** Prefixes now loaded from this file (the previous ones when the fetch failed). */
  prefixes: number;
  error?: string;
}

/** What `status()` reports for one range file. */
export interface FeedStatus {
  url: string;
  operator: string;
  /** `shipped`: the copy in the package; `refreshed`: a copy fetched from the operator. */
  source: "shipped" | "refreshed";
  /** When the loaded copy was fetched (for a shipped copy: the date recorded with it). */
  fetchedAt: string;
  prefixes: number;
  lastAttemptAt: string | null;
  lastError: string | null;
}

async function downloadRangeFile(
  feed: RangeFeed,
  fetch: FetchLike,
  timeoutMs: number,
  now: Date,
): Promise<RangeSnapshot> {
  const response = await fetch(feed.url, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "follow",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_FILE_BYTES) throw new Error("file too large");
  const text = await response.text();
  if (text.length > MAX_FILE_BYTES) throw new Error("file too large");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("not JSON");
  }
  const parsed = parseRangeFile(json);
  if (!parsed.ok) throw new Error(parsed.message);
  if (parsed.cidrs.length === 0) throw new Error("the file lists no prefix");
  return { cidrs: parsed.cidrs, creationTime: parsed.creationTime, fetchedAt: now };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a refresher knows about each file, by URL. */
interface RefreshState {
  files: Map<string, RangeSnapshot>;
  /** Files whose loaded copy was fetched from the operator (here or by another instance). */
  refreshed: Set<string>;
  /** When each file was last tried, here or by another instance (a failing file: hourly). */
  attemptedAt: Map<string, number>;
  lastError: Map<string, string | null>;
}

/** Takes what the store holds: a newer good copy, and the last attempt's outcome. */
async function loadStoredFiles(
  { files, refreshed, attemptedAt, lastError }: RefreshState,
  feeds: readonly RangeFeed[],
  options: RangeRefreshOptions,
): Promise<void> {
  const { store, logger } = options;
  if (!store) return;
  for (const feed of feeds) {
    const record = await readStoredRange(store, feed.url).catch((error) => {
      logger.warn("range_store_read_failed", { url: feed.url, error: message(error) });
      return null;
    });
    if (!record) continue;
    const tried = record.lastAttemptAt.getTime();
    if (tried >= (attemptedAt.get(feed.url) ?? Number.NEGATIVE_INFINITY)) {
      attemptedAt.set(feed.url, tried);
      lastError.set(feed.url, record.lastError);
    }
    const current = files.get(feed.url)?.fetchedAt.getTime() ?? Number.NEGATIVE_INFINITY;
    if (record.snapshot && record.snapshot.fetchedAt.getTime() >= current) {
      files.set(feed.url, record.snapshot);
      refreshed.add(feed.url);
    }
  }
  applyRangeFiles(options.verifier, feeds, files);
}

/** Fetches one file; keeps the last good copy on failure; records the outcome in the store. */
async function attemptFile(
  { files, refreshed, attemptedAt, lastError }: RefreshState,
  feed: RangeFeed,
  options: RangeRefreshOptions,
): Promise<FeedOutcome> {
  const { store, logger } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const at = options.clock.now();
  attemptedAt.set(feed.url, at.getTime());
  let outcome: FeedOutcome;
  try {
    const snapshot = await downloadRangeFile(feed, options.fetch, timeoutMs, at);
    files.set(feed.url, snapshot);
    refreshed.add(feed.url);
    lastError.set(feed.url, null);
    outcome = { ...feed, ok: true, prefixes: snapshot.cidrs.length };
  } catch (error) {
    const kept = files.get(feed.url)?.cidrs.length ?? 0;
    lastError.set(feed.url, message(error));
    outcome = { ...feed, ok: false, prefixes: kept, error: message(error) };
  }
  if (store) {
    const snapshot = refreshed.has(feed.url) ? (files.get(feed.url) ?? null) : null;
    const record = {
      url: feed.url,
      snapshot,
      lastAttemptAt: at,
      lastError: outcome.error ?? null,
    };
    await writeStoredRange(store, record).catch((error) =>
      logger.warn("range_store_write_failed", { url: feed.url, error: message(error) }),
    );
  }
  return outcome;
}

/**
 * One line per refresh, whatever the number of files: `range_refresh` when every file came,
 * else `range_refresh_failed` with each failed file (URL, error, prefixes kept), so an offline
 * start logs one warning, not one per file.
 */
function logRefresh(logger: Logger, outcomes: readonly FeedOutcome[]): void {
  const failures = outcomes
    .filter((o) => !o.ok)
    .map((o) => ({ url: o.url, error: o.error ?? "", kept: o.prefixes }));
  const counts = { files: outcomes.length, ok: outcomes.length - failures.length };
  if (failures.length === 0) logger.info("range_refresh", counts);
  else logger.warn("range_refresh_failed", { ...counts, failed: failures.length, failures });
}

/**
 * Keeps each operator's published range set current: starts from the files shipped with the
 * package, then from the last good copies in the store (`ready()`), and `refresh()` fetches every
 * file again. A file that cannot be fetched or parsed, or that suddenly lists no prefix at all,
 * keeps its last good copy (fail safe: a broken download never empties a range set). An
 * operator's set is the union of its files.
 */
export function createRangeRefresher(options: RangeRefreshOptions) {
  const { logger, clock } = options;
  const feeds = rangeFeeds(options.taxonomy);
  const state: RefreshState = {
    files: shippedRangeSnapshots(),
    refreshed: new Set(),
    attemptedAt: new Map(),
    lastError: new Map(),
  };
  const { files, refreshed, attemptedAt, lastError } = state;
  const loadStored = () => loadStoredFiles(state, feeds, options);

  const ready = loadStored();

  /** Fetches every file once (one at a time), updates the verifier, reports each file. */
  async function refresh(onFile?: (outcome: FeedOutcome) => void): Promise<FeedOutcome[]> {
    await ready;
    const outcomes: FeedOutcome[] = [];
    for (const feed of feeds) {
      const outcome = await attemptFile(state, feed, options);
      outcomes.push(outcome);
      onFile?.(outcome);
    }
    applyRangeFiles(options.verifier, feeds, files);
    logRefresh(logger, outcomes);
    return outcomes;
  }

  applyRangeFiles(options.verifier, feeds, files);

  return {
    feeds: (): readonly RangeFeed[] => feeds,
    /** Resolves once the store's copies are loaded (at once without a store). */
    ready: (): Promise<void> => ready,

    /** When the oldest loaded file was fetched, or `null` when none is loaded. */
    oldestFetchedAt(): Date | null {
      const times = feeds.flatMap((f) => files.get(f.url)?.fetchedAt.getTime() ?? []);
      return times.length === 0 ? null : new Date(Math.min(...times));
    },

    /** Each file's loaded copy and last attempt (after reading the store again). */
    async status(): Promise<FeedStatus[]> {
      await ready;
      await loadStored();
      return feeds.map((feed) => {
        const file = files.get(feed.url);
        const tried = attemptedAt.get(feed.url);
        return {
          ...feed,
          source: refreshed.has(feed.url) ? "refreshed" : "shipped",
          fetchedAt: file ? file.fetchedAt.toISOString() : "",
          prefixes: file?.cidrs.length ?? 0,
          lastAttemptAt: tried === undefined ? null : new Date(tried).toISOString(),
          lastError: lastError.get(feed.url) ?? null,
        };
      });
    },

    refresh,

    /**
     * Refreshes when some file is missing or older than `intervalMs` (default a week) and was not
     * tried in the last `retryMs` (default an hour), here or by an instance sharing the store;
     * the scheduler (CLI, host app, cron) may call this as often as it likes. `null` when nothing
     * was due.
     */
    async refreshIfDue(
      intervalMs = RANGE_REFRESH_INTERVAL_MS,
      retryMs = 3_600_000,
    ): Promise<FeedOutcome[] | null> {
      await ready;
      await loadStored();
      const now = clock.now().getTime();
      const due = feeds.some((f) => {
        const fetched = files.get(f.url)?.fetchedAt.getTime() ?? Number.NEGATIVE_INFINITY;
        const tried = attemptedAt.get(f.url) ?? Number.NEGATIVE_INFINITY;
        return now - fetched >= intervalMs && now - tried >= retryMs;
      });
      return due ? refresh() : null;
    },
  };
}

export type RangeRefresher = ReturnType<typeof createRangeRefresher>;
