export {
  ARCHIVE_PART_ROWS,
  ARCHIVE_RETENTION_DAYS,
  archiveKey,
  PROVISIONAL_DAYS,
  sameIdentity,
} from "./archive-files.js";
export type { CloseArchiveOptions, CloseArchiveSummary } from "./close-archive.js";
export { closeArchive, DAY_LEASE_MS, dropExpiredArchive } from "./close-archive.js";
export type { DayCloseDeps, DayCloseOutcome } from "./day-close.js";
export { closeDomainDay } from "./day-close.js";
export { ARCHIVE_COLUMNS, ARCHIVE_ROW_GROUP_ROWS, encodeArchivePart } from "./parquet-part.js";
