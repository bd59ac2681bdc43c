import { presignPath } from "../../../signing/presign.js";
import { addDays, utcDay } from "../../../window/dates.js";
import type { ApiDeps } from "../../context.js";
import { FILES_PREFIX } from "../../files.js";
import type { CrawlLogQuery } from "./log-query.js";

/** Life of a parquet `url` (spec: about 1 hour). */
export const ARCHIVE_URL_LIFETIME_SECONDS = 60 * 60;

/**
 * The parquet envelope: one entry per file of the window, oldest first, each with a link that
 * needs no `Authorization`: the BlobStore's own presigned URL (S3), else crawlgate's signed
 * `/functions/v1/files/archive/...` route. Every link of a response shares one expiry.
 */
export async function parquetEnvelope(
  deps: ApiDeps,
  query: CrawlLogQuery,
  now: Date,
  linkBase: string,
) {
  const expiresAt = new Date(
    (Math.floor(now.getTime() / 1000) + ARCHIVE_URL_LIFETIME_SECONDS) * 1000,
  );
  const files = await deps.archive.listArchiveFiles(query.domainId, query.startDate, query.endDate);
  const closed = await deps.archive.closedThrough(query.domainId);
  const today = utcDay(now);
  const withFiles = new Set(files.map((f) => f.day));
  const missingDays: string[] = [];
  for (let day = query.startDate; day <= query.endDate; day = addDays(day, 1)) {
    if (!withFiles.has(day) && (day >= today || closed === null || day > closed))
      missingDays.push(day);
  }
  const entries = [];
  for (const file of files) {
    let url = await deps.blobs.presignGet(file.key, expiresAt);
    if (url === null) {
      const path = `${FILES_PREFIX}${file.key}`;
      url = `${linkBase}${path}?${await presignPath(deps.signing, { method: "GET", path, expiresAt })}`;
    }
    entries.push({
      day: file.day,
      part: file.part,
      url,
      sizeBytes: file.sizeBytes,
      expiresAt: expiresAt.toISOString(),
      provisional: !file.frozen,
    });
  }
  return {
    files: entries,
    fileCount: entries.length,
    missingDays,
    provisionalDays: [...new Set(files.filter((f) => !f.frozen).map((f) => f.day))],
    urlExpiresAt: expiresAt.toISOString(),
  };
}
