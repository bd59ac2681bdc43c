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
  /**
   * Takes the drop of a frozen write's raw rows instead of doing it (its drop list is stored):
   * `closeArchive` drops every domain's rows of a day at once (`dropFrozenWrites`). The
   * outcome's `dropped` then leaves them out.
   */
  dropLater?: (write: FrozenWrite) => void;
}

/** The files of a frozen write and the event ids of the raw rows it archived. */
export interface FrozenWrite {
  files: readonly ArchiveFile[];
  eventIds: readonly string[];
}

/** How one domain-day was closed. */
export type DayCloseOutcome =
  /** Written (or rewritten) as provisional or frozen files. */
  | { action: "written"; frozen: boolean; files: number; rows: number; dropped: number }
  /** Late rows of a frozen day, appended to it as further frozen parts. */
  | { action: "appended"; files: number; rows: number; dropped: number }
  /** Closed already since the last UTC midnight (a provisional day), or frozen before. */
  | { action: "unchanged"; frozen: boolean; dropped: number }
  /** No raw row and no file: nothing to archive. */
  | { action: "empty" };

/** Raw rows read per query. */
const READ_BATCH = 2_000;

interface DayTarget {
  domainId: string;
  /** The hostname written in every row's `domain` column. */
  domain: string;
  day: string;
}

/**
 * Closes one domain-day as of `today`: its raw rows, in archive order, become Parquet parts in the
 * BlobStore and the day's files in the index. A day `PROVISIONAL_DAYS` or less before `today` is
 * provisional: rewritten by the first close after each UTC midnight (late verifications upgrade
 * its tiers). An older one is frozen: written one last time, never again, then its raw rows are
 * dropped; raw rows stored for it later become further frozen parts (`closeLateRows`). Every
 * step can be repeated: blobs are content-addressed and written before the index switches; the
 * index switch is atomic and refuses to touch a frozen day; raw rows are dropped only once the
 * frozen files are indexed, by the event ids their drop list names, which the next close uses
 * when a close died before dropping. So a close killed anywhere and run again leaves the same
 * archive, each crawl in it once.
 */
export async function closeDomainDay(
  deps: DayCloseDeps,
  target: { domainId: string; day: string; today: string; now: Date },
  options: DayCloseOptions = {},
): Promise<DayCloseOutcome> {
  const { domainId, day, today, now } = target;
  const frozen = day < addDays(today, -PROVISIONAL_DAYS);
  const existing = await deps.archive.listArchiveFiles(domainId, day, day);
  const midnight = new Date(`${today}T00:00:00.000Z`);
  if (!frozen && existing.length > 0 && existing.every((f) => f.closedAt >= midnight)) {
    return { action: "unchanged", frozen: false, dropped: 0 };
  }
  const domain = (await deps.accounts.getDomain(domainId))?.hostname ?? "";
  const dayTarget = { domainId, domain, day };
  if (existing.some((f) => f.frozen)) return closeLateRows(deps, dayTarget, existing, now, options);
  const written = await writeParts(deps, dayTarget, { firstPart: 0, frozen, now }, options);
  const { files } = written;
  if (files.length === 0) {
    if (existing.length === 0) return { action: "empty" };
    // The raw rows are gone but the files are not frozen (they were dropped by hand): keep them.
    files.push(...existing.map((f) => ({ ...f, frozen, closedAt: now })));
  }
  const drops = frozen && written.eventIds.length > 0;
  if (drops) await putDropList(deps.blobs, files, written.eventIds);
  const result = await deps.archive.replaceDay(domainId, day, files);
  if (!result.ok) {
    // Another close froze the day meanwhile: its files stand; ours are unreferenced, and the raw
    // rows are archived (or appended) by the next close.
    await deleteUnreferenced(
      deps.blobs,
      files,
      await deps.archive.listArchiveFiles(domainId, day, day),
      drops,
    );
    return { action: "unchanged", frozen: true, dropped: 0 };
  }
  await deleteUnreferenced(deps.blobs, result.replaced, files);
  const dropped = drops
    ? await dropOrDefer(deps, { files, eventIds: written.eventIds }, options)
    : 0;
  return { action: "written", frozen, files: files.length, rows: written.rows, dropped };
}

/**
 * Raw rows of a frozen day: crawls stored after it froze (an access log imported late). The
 * frozen files never change: the rows become further frozen parts numbered after the stored
 * ones, with their tiers as they are now (final), and exactly those rows are dropped (rows
 * stored meanwhile wait for the next close). First, a drop a close left unfinished (it died
 * after indexing its files) is finished. Cursors into the stored parts stay valid; a listing or
 * a paging reader finds the new parts at the end of the day.
 */
async function closeLateRows(
  deps: DayCloseDeps,
  target: DayTarget,
  existing: readonly ArchiveFile[],
  now: Date,
  options: DayCloseOptions,
): Promise<DayCloseOutcome> {
  const { domainId, day } = target;
  let dropped = await finishDrop(deps, existing);
  const at = { firstPart: existing.length, frozen: true, now };
  const { files, rows, eventIds } = await writeParts(deps, target, at, options);
  if (files.length === 0) return { action: "unchanged", frozen: true, dropped };
  await putDropList(deps.blobs, files, eventIds);
  const result = await deps.archive.appendFrozenParts(domainId, day, files);
  if (!result.ok) {
    // Another close appended first (a lost lease): ours are unreferenced; the next close
    // finds the rows it did not archive.
    const current = await deps.archive.listArchiveFiles(domainId, day, day);
    await deleteUnreferenced(deps.blobs, files, current, true);
    return { action: "unchanged", frozen: true, dropped };
  }
  dropped += await dropOrDefer(deps, { files, eventIds }, options);
  return { action: "appended", files: files.length, rows, dropped };
}

/**
 * Where a frozen write lists the event ids of the raw rows it archived, from before its index
 * write until those rows are dropped: next to its first part (`….drop`, JSON). A close that dies
 * in between leaves it, and the next close of the day drops exactly those rows
 * (`finishDrop`); content cannot tell them apart from a crawl imported again since.
 */
const dropListKey = (files: readonly ArchiveFile[]) =>
  (files[0] as ArchiveFile).key.replace(/\.parquet$/, ".drop");

async function putDropList(
  blobs: BlobStore,
  files: readonly ArchiveFile[],
  eventIds: readonly string[],
): Promise<void> {
  await blobs.putBlob(dropListKey(files), new TextEncoder().encode(JSON.stringify(eventIds)));
}

/** Drops the raw rows a frozen write archived, then its drop list. */
async function dropArchived(
  deps: DayCloseDeps,
  files: readonly ArchiveFile[],
  eventIds: readonly string[],
): Promise<number> {
  const { domainId, day } = files[0] as ArchiveFile;
  const dropped = await deps.crawls.dropDayCrawls(domainId, day, eventIds);
  await deps.blobs.deleteBlob(dropListKey(files));
  return dropped;
}

/** Drops a frozen write's rows now, or hands them to `options.dropLater` (0 dropped now). */
async function dropOrDefer(
  deps: DayCloseDeps,
  write: FrozenWrite,
  options: DayCloseOptions,
): Promise<number> {
  if (!options.dropLater) return dropArchived(deps, write.files, write.eventIds);
  options.dropLater(write);
  return 0;
}

/**
 * Drops the raw rows of a day's frozen writes (of several domains) in one
 * `CrawlDays.dropFrozenDay`, then their drop lists; returns the rows dropped. A failure leaves
 * the drop lists: the next close of each domain-day finishes its drop (`finishDrop`).
 */
export async function dropFrozenWrites(
  deps: DayCloseDeps,
  day: string,
  writes: readonly FrozenWrite[],
): Promise<number> {
  if (writes.length === 0) return 0;
  const drops = writes.map((w) => ({
    domainId: (w.files[0] as ArchiveFile).domainId,
    eventIds: w.eventIds,
  }));
  const dropped = await deps.crawls.dropFrozenDay(day, drops);
  for (const w of writes) await deps.blobs.deleteBlob(dropListKey(w.files));
  return dropped.reduce((a, b) => a + b, 0);
}

/**
 * Finishes the drop of the day's last frozen write (its files share one `closedAt`) when a close
 * died before it: only that write can have one left, since every close of a frozen day starts
 * here. Returns the rows dropped.
 */
async function finishDrop(deps: DayCloseDeps, existing: readonly ArchiveFile[]): Promise<number> {
  const last = existing[existing.length - 1]?.closedAt.getTime();
  const batch = existing.filter((f) => f.closedAt.getTime() === last);
  if (batch.length === 0) return 0;
  const list = await deps.blobs.getBlob(dropListKey(batch));
  if (!list) return 0;
  return dropArchived(deps, batch, JSON.parse(new TextDecoder().decode(list)) as string[]);
}

/**
 * Encodes the day's raw rows as parts numbered from `firstPart` and stores their blobs: the
 * index entries to switch to, the rows written and, for frozen parts, their event ids (the rows
 * the close then drops: a crawl stored for the day while it was being written stays for the
 * next close).
 */
async function writeParts(
  deps: DayCloseDeps,
  target: DayTarget,
  at: { firstPart: number; frozen: boolean; now: Date },
  options: DayCloseOptions,
): Promise<{ files: ArchiveFile[]; rows: number; eventIds: string[] }> {
  const { domainId, day } = target;
  const files: ArchiveFile[] = [];
  // Only frozen files drop their rows, and only the rows they hold.
  const eventIds: string[] = [];
  let rows = 0;
  const ids = at.frozen ? eventIds : undefined;
  const parts = dayParts(deps.crawls, target, options.partRows, at.firstPart, ids);
  for await (const encoded of parts) {
    const part = at.firstPart + files.length;
    if (files.length > 0) await options.beforePart?.();
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
      frozen: at.frozen,
      closedAt: at.now,
    });
    rows += encoded.rowCount;
  }
  return { files, rows, eventIds };
}

/** Deletes the blobs of `old` that no file of `kept` uses (and `old`'s drop list, if asked). */
async function deleteUnreferenced(
  blobs: BlobStore,
  old: readonly ArchiveFile[],
  kept: readonly ArchiveFile[],
  dropList = false,
): Promise<void> {
  const keep = new Set(kept.map((f) => f.key));
  for (const file of old) if (!keep.has(file.key)) await blobs.deleteBlob(file.key);
  if (dropList && old[0] && !keep.has(old[0].key)) await blobs.deleteBlob(dropListKey(old));
}

/**
 * The day's raw rows in archive order as encoded parts of `partRows` rows (the last may be
 * smaller) numbered from `firstPart`, read in keyset batches and encoded as they arrive; the
 * event id of every row read is pushed to `eventIds`.
 */
async function* dayParts(
  crawls: CrawlDays,
  target: DayTarget,
  partRows = ARCHIVE_PART_ROWS,
  firstPart = 0,
  eventIds?: string[],
): AsyncGenerator<EncodedPart> {
  const { domainId, domain, day } = target;
  let part = firstPart;
  let writer = createPartWriter({ domain, day, part });
  let after: { ts: number; eventId: string } | null = null;
  for (;;) {
    const batch = await crawls.listDayRows(domainId, day, after, READ_BATCH);
    if (eventIds) for (const row of batch) eventIds.push(row[0]);
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
