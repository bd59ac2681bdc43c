import type { Clock, FetchLike, Logger } from "../ports.js";
import type { Taxonomy } from "../taxonomy/index.js";
import { parseRangeFile } from "../verify/ip-ranges.js";
import {
  applyRangeFiles,
  type RangeFeed,
  type RangeSnapshot,
  rangeFeeds,
  shippedRangeSnapshots,
} from "../verify/range-feeds.js";
import type { Verifier } from "../verify/verifier.js";

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

/**
 * Keeps each operator's published range set current: starts from the files shipped with the
 * package, and `refresh()` fetches every file again. A file that cannot be fetched or parsed, or
 * that suddenly lists no prefix at all, keeps its last good copy (fail safe: a broken download
 * never empties a range set). An operator's set is the union of its files.
 */
export function createRangeRefresher(options: RangeRefreshOptions) {
  const feeds = rangeFeeds(options.taxonomy);
  const files = shippedRangeSnapshots();
  const timeoutMs = options.timeoutMs ?? 10_000;
  /** When each file was last tried, successful or not (a failing file is retried after an hour). */
  const attemptedAt = new Map<string, number>();

  async function download(feed: RangeFeed): Promise<RangeSnapshot> {
    const response = await options.fetch(feed.url, {
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
    return {
      cidrs: parsed.cidrs,
      creationTime: parsed.creationTime,
      fetchedAt: options.clock.now(),
    };
  }

  applyRangeFiles(options.verifier, feeds, files);

  return {
    feeds: (): readonly RangeFeed[] => feeds,

    /** When the oldest loaded file was fetched, or `null` when none is loaded. */
    oldestFetchedAt(): Date | null {
      const times = feeds.flatMap((f) => files.get(f.url)?.fetchedAt.getTime() ?? []);
      return times.length === 0 ? null : new Date(Math.min(...times));
    },

    refresh,

    /**
     * Refreshes when some file is missing or older than `intervalMs` (default a week) and was not
     * tried in the last `retryMs` (default an hour); the scheduler (CLI, host app, cron) may call
     * this as often as it likes. `null` when nothing was due.
     */
    async refreshIfDue(
      intervalMs = RANGE_REFRESH_INTERVAL_MS,
      retryMs = 3_600_000,
    ): Promise<FeedOutcome[] | null> {
      const now = options.clock.now().getTime();
      const due = feeds.some((f) => {
        const fetched = files.get(f.url)?.fetchedAt.getTime() ?? Number.NEGATIVE_INFINITY;
        const tried = attemptedAt.get(f.url) ?? Number.NEGATIVE_INFINITY;
        return now - fetched >= intervalMs && now - tried >= retryMs;
      });
      return due ? refresh() : null;
    },
  };

  /** Fetches every file once (one at a time), updates the verifier, reports each file. */
  async function refresh(): Promise<FeedOutcome[]> {
    const outcomes: FeedOutcome[] = [];
    for (const feed of feeds) {
      attemptedAt.set(feed.url, options.clock.now().getTime());
      try {
        const snapshot = await download(feed);
        files.set(feed.url, snapshot);
        outcomes.push({ ...feed, ok: true, prefixes: snapshot.cidrs.length });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const kept = files.get(feed.url)?.cidrs.length ?? 0;
        outcomes.push({ ...feed, ok: false, prefixes: kept, error: message });
        options.logger.warn("range_refresh_failed", { url: feed.url, error: message, kept });
      }
    }
    applyRangeFiles(options.verifier, feeds, files);
    const ok = outcomes.filter((o) => o.ok).length;
    options.logger.info("range_refresh", { files: outcomes.length, ok });
    return outcomes;
  }
}

export type RangeRefresher = ReturnType<typeof createRangeRefresher>;
