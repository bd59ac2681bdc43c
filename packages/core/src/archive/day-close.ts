import type {
  AccountStore,
  ArchiveFile,
  ArchiveIndex,
  ArchiveRow,
  BlobStore,
  CrawlDays,
} from "../ports/index.js";
import { sha256Hex } from "../snapshots/content.js";
import { addDays } from "../window/dates.js";
import { ARCHIVE_PART_ROWS, archiveKey, PROVISIONAL_DAYS } from "./archive-files.js";
import { createPartWriter, type EncodedPart } from "./parquet-part.js";

/** What the close of one domain-day needs. */
export interface DayCloseDeps {
  crawls: CrawlDays;
  archive: ArchiveIndex;
  blobs: BlobStore;
  accounts: Pick<AccountStore, "getDomain">;
}

export interface DayCloseOptions {
  /** Rows per part (default `ARCHIVE_PART_ROWS`; tests use small parts). */
  partRows?: number;
  /** Called before each part after the first, so a long close can renew its lease. */
  beforePart?: () => Promise<void>;
}

/** How one domain-day was closed. */
export type DayCloseOutcome =
  /** Written (or rewritten) as provisional or frozen files. */
  | { action: "written"; frozen: boolean; files: number; rows: number; dropped: number }
  /** Closed already since the last UTC midnight (a provisional day), or frozen before. */
  | { action: "unchanged"; frozen: boolean; dropped: number }
  /** No raw row and no file: nothing to archive. */
  | { action: "empty" };

/** Raw rows read per query. */
const READ_BATCH = 2_000;

/**
 * Closes one domain-day as of `today`: its raw rows, in archive order, become Parquet parts in the
 * BlobStore and the day's files in the index. A day `PROVISIONAL_DAYS` or less before `today` is
 * provisional: rewritten by the first close after each UTC midnight (late verifications upgrade
 * its tiers). An older one is frozen: written one last time, never again, then its raw rows are
 * dropped. Every step can be repeated: blobs are content-addressed and written before the index
 * switches; the index switch is atomic and refuses to touch a frozen day; raw rows are dropped
 * only once the frozen files are indexed, and dropped again by any later close that finds them.
 * So a close killed anywhere and run again leaves the same archive.
 */
export async function closeDomainDay(
  deps: DayCloseDeps,
  target: { domainId: string; day: string; today: string; now: Date },
  options: DayCloseOptions = {},
): Promise<DayCloseOutcome> {
  const { domainId, day, today, now } = target;
  const frozen = day < addDays(today, -PROVISIONAL_DAYS);
  const existing = await deps.archive.listArchiveFiles(domainId, day, day);
  if (existing.some((f) => f.frozen)) {
    return {
      action: "unchanged",
      frozen: true,
      dropped: await deps.crawls.dropDayCrawls(domainId, day),
    };
  }
  const midnight = new Date(`${today}T00:00:00.000Z`);
  if (!frozen && existing.length > 0 && existing.every((f) => f.closedAt >= midnight)) {
    return { action: "unchanged", frozen: false, dropped: 0 };
  }
  const domain = await deps.accounts.getDomain(domainId);
  const files: ArchiveFile[] = [];
  let rows = 0;
  const meta = { domain: domain?.hostname ?? "", day };
  for await (const encoded of dayParts(deps.crawls, { domainId, ...meta }, options.partRows)) {
    const part = files.length;
    if (part > 0) await options.beforePart?.();
    const contentHash = await sha256Hex(encoded.bytes);
    const key = archiveKey(domainId, day, part, contentHash);
    if (!(await deps.blobs.hasBlob(key))) await deps.blobs.putBlob(key, encoded.bytes);
    files.push({
      domainId,
      day,
      part,
      key,
      contentHash,
      sizeBytes: encoded.bytes.length,
      rowCount: encoded.rowCount,
      rowGroupOffsets: encoded.rowGroupOffsets,
      frozen,
      closedAt: now,
    });
    rows += encoded.rowCount;
  }
  if (files.length === 0) {
    if (existing.length === 0) return { action: "empty" };
    // The raw rows are gone but the files are not frozen (they were dropped by hand): keep them.
    files.push(...existing.map((f) => ({ ...f, frozen, closedAt: now })));
  }
  const result = await deps.archive.replaceDay(domainId, day, files);
  if (!result.ok) {
    // Another close froze the day meanwhile: its files stand; ours are unreferenced.
    await deleteUnreferenced(
      deps.blobs,
      files,
      await deps.archive.listArchiveFiles(domainId, day, day),
    );
    return {
      action: "unchanged",
      frozen: true,
      dropped: await deps.crawls.dropDayCrawls(domainId, day),
    };
  }
  await deleteUnreferenced(deps.blobs, result.replaced, files);
  const dropped = frozen ? await deps.crawls.dropDayCrawls(domainId, day) : 0;
  return { action: "written", frozen, files: files.length, rows, dropped };
}

/** Deletes the blobs of `old` that no file of `kept` uses. */
async function deleteUnreferenced(
  blobs: BlobStore,
  old: readonly ArchiveFile[],
  kept: readonly ArchiveFile[],
): Promise<void> {
  const keep = new Set(kept.map((f) => f.key));
  for (const file of old) if (!keep.has(file.key)) await blobs.deleteBlob(file.key);
}

/**
 * The day's raw rows in archive order as encoded parts of `partRows` rows (the last may be
 * smaller), read in keyset batches and encoded as they arrive.
 */
async function* dayParts(
  crawls: CrawlDays,
  target: { domainId: string; domain: string; day: string },
  partRows = ARCHIVE_PART_ROWS,
): AsyncGenerator<EncodedPart> {
  const { domainId, domain, day } = target;
  let part = 0;
  let writer = createPartWriter({ domain, day, part });
  let after: { ts: number; eventId: string } | null = null;
  for (;;) {
    const batch = await crawls.listDayRows(domainId, day, after, READ_BATCH);
    let from = 0;
    while (from < batch.length) {
      const take = Math.min(batch.length - from, partRows - writer.rows());
      writer.add(from === 0 && take === batch.length ? batch : batch.slice(from, from + take));
      from += take;
      if (writer.rows() === partRows) {
        yield writer.finish();
        writer = createPartWriter({ domain, day, part: ++part });
      }
    }
    if (batch.length < READ_BATCH) break;
    const last = batch[batch.length - 1] as ArchiveRow;
    after = { ts: last[1], eventId: last[0] };
  }
  if (writer.rows() > 0) yield writer.finish();
}
