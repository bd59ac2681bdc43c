import type { DomainDay } from "../ports/index.js";
import { addDays, utcDay } from "../window/dates.js";
import { ARCHIVE_RETENTION_DAYS } from "./archive-files.js";
import {
  closeDomainDay,
  type DayCloseDeps,
  type DayCloseOptions,
  type DayCloseOutcome,
  dropFrozenWrites,
  type FrozenWrite,
} from "./day-close.js";

/** How long a close holds a domain-day before another instance may take it over. */
export const DAY_LEASE_MS = 10 * 60_000;

export interface CloseArchiveOptions extends Pick<DayCloseOptions, "partRows"> {
  /** Last day to close; default (and at most) yesterday. */
  throughDay?: string;
  /** Only this domain (`crawlgate day-close --domain`). */
  domainId?: string;
  /** Verifies again the crawls whose check timed out, before any day is written. */
  retryPending?: () => Promise<number>;
  /** This instance's name on the leases; default a random ID. */
  holder?: string;
  /** After each domain-day: how many are done of how many. */
  onProgress?: (progress: { done: number; total: number; domainId: string; day: string }) => void;
}

/** What one run did: its JSON summary (`crawlgate day-close`) and its `jobs.day_close` log line. */
export interface CloseArchiveSummary {
  through: string;
  domainDays: number;
  written: number;
  frozen: number;
  unchanged: number;
  /** Frozen domain-days that got late rows as further parts. */
  appended: number;
  /** Domain-days another instance was closing (their lease was held). */
  skipped: number;
  files: number;
  rows: number;
  droppedRows: number;
  upgraded: number;
  retention: { days: number; files: number };
}

/**
 * One run of the day close: every domain-day with raw rows up to `throughDay` (default
 * yesterday) is closed under its lease (one instance at a time per domain-day, whatever the
 * fleet), then retention deletes the files of days older than `ARCHIVE_RETENTION_DAYS`. Marks
 * the domain (or every domain) closed through `throughDay`, so exports tell days without traffic
 * from days not closed yet.
 */
export async function closeArchive(
  deps: DayCloseDeps,
  now: Date,
  options: CloseArchiveOptions = {},
): Promise<CloseArchiveSummary> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const through =
    options.throughDay && options.throughDay < yesterday ? options.throughDay : yesterday;
  const holder = options.holder ?? crypto.randomUUID();
  const upgraded = (await options.retryPending?.()) ?? 0;
  const hot = (await deps.crawls.hotCrawlDays(through)).filter(
    (d) => !options.domainId || d.domainId === options.domainId,
  );
  const summary: CloseArchiveSummary = {
    through,
    domainDays: hot.length,
    written: 0,
    frozen: 0,
    unchanged: 0,
    appended: 0,
    skipped: 0,
    files: 0,
    rows: 0,
    droppedRows: 0,
    upgraded,
    retention: { days: 0, files: 0 },
  };
  let done = 0;
  // A frozen day's raw rows are dropped once every domain of the day is closed: all at once.
  let frozen: { day: string; writes: FrozenWrite[] } = { day: "", writes: [] };
  for (const { domainId, day } of hot) {
    if (day !== frozen.day) {
      summary.droppedRows += await dropFrozenWrites(deps, frozen.day, frozen.writes);
      frozen = { day, writes: [] };
    }
    const dropLater = (write: FrozenWrite) => frozen.writes.push(write);
    const lease = { holder, now, today, partRows: options.partRows, dropLater };
    const outcome = await closeUnderLease(deps, { domainId, day }, lease);
    if (outcome === null) summary.skipped++;
    else count(summary, outcome);
    options.onProgress?.({ done: ++done, total: hot.length, domainId, day });
  }
  summary.droppedRows += await dropFrozenWrites(deps, frozen.day, frozen.writes);
  await deps.archive.markClosedThrough(options.domainId ?? "*", through);
  summary.retention = await dropExpiredArchive(deps, today, options.domainId);
  return summary;
}

/** Closes one domain-day under its lease; `null` when another instance holds the lease. */
async function closeUnderLease(
  deps: DayCloseDeps,
  { domainId, day }: DomainDay,
  at: {
    holder: string;
    now: Date;
    today: string;
    partRows: number | undefined;
    dropLater: (write: FrozenWrite) => void;
  },
): Promise<DayCloseOutcome | null> {
  const { holder, now, today } = at;
  const lease = () => deps.archive.acquireDayLease(domainId, day, holder, now, DAY_LEASE_MS);
  if (!(await lease())) return null;
  try {
    return await closeDomainDay(
      deps,
      { domainId, day, today, now },
      {
        ...(at.partRows ? { partRows: at.partRows } : {}),
        dropLater: at.dropLater,
        beforePart: async () => {
          if (!(await lease())) throw new Error(`lost the day-close lease of ${domainId} ${day}`);
        },
      },
    );
  } finally {
    await deps.archive.releaseDayLease(domainId, day, holder);
  }
}

/** Adds one domain-day's outcome to the run's summary. */
function count(summary: CloseArchiveSummary, outcome: DayCloseOutcome): void {
  if (outcome.action === "written") {
    summary.written++;
    summary.files += outcome.files;
    summary.rows += outcome.rows;
  } else if (outcome.action === "appended") {
    summary.appended++;
    summary.files += outcome.files;
    summary.rows += outcome.rows;
  } else if (outcome.action === "unchanged") summary.unchanged++;
  if (outcome.action !== "empty") {
    if (outcome.action !== "appended" && outcome.frozen) summary.frozen++;
    summary.droppedRows += outcome.dropped;
  }
}

/** Deletes the files (blobs, then index entries) of days older than the retention. */
export async function dropExpiredArchive(
  deps: Pick<DayCloseDeps, "archive" | "blobs">,
  today: string,
  domainId?: string,
): Promise<{ days: number; files: number }> {
  const before = addDays(today, -ARCHIVE_RETENTION_DAYS);
  const out = { days: 0, files: 0 };
  for (;;) {
    const days: DomainDay[] = (await deps.archive.daysBefore(before, 100)).filter(
      (d) => !domainId || d.domainId === domainId,
    );
    if (days.length === 0) return out;
    for (const d of days) {
      const files = await deps.archive.listArchiveFiles(d.domainId, d.day, d.day);
      for (const file of files) await deps.blobs.deleteBlob(file.key);
      out.files += await deps.archive.forgetDay(d.domainId, d.day);
      out.days++;
    }
    if (domainId) return out;
  }
}
