import { isValidBlobKey } from "../blobs/blob-key.js";
import { isBlobStoreUnavailable } from "../blobs/unavailable.js";
import { CrawlgateError, type ErrorCode, isCrawlgateError } from "../errors.js";
import { errorResponse } from "../http/error-response.js";
import { API_PREFIX } from "../http/prefix.js";
import type { ApiRequest, ApiResponse } from "../http/types.js";
import { verifyPresigned } from "../signing/presign.js";
import {
  HTML_URL_LIFETIME_SECONDS,
  LINK_CLOCK_SLACK_SECONDS,
  SNAPSHOT_FILE_PREFIX,
} from "../snapshots/links.js";
import { readSnapshotGzip } from "../snapshots/record.js";
import type { ApiDeps } from "./context.js";
import { isUuid } from "./params.js";

/** Every presigned download lives below this path; the API's key checks do not apply there. */
export const FILES_PREFIX = `${API_PREFIX}/files/`;
/** Crawl-log archive parts: the path below `/files/` is the part's blob key. */
const ARCHIVE_FILE_PREFIX = `${FILES_PREFIX}archive/`;
/** Life of an archive part's link (spec: about 1 hour), plus the clock slack of a fleet. */
const ARCHIVE_LINK_MAX_SECONDS = 60 * 60 + LINK_CLOCK_SLACK_SECONDS;

const NO_STORE = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
/**
 * A file goes out as stored: a snapshot's gzip bytes typed as text (the client decompresses)
 * and a Parquet part. `no-transform` keeps the bridges and any proxy from compressing it again.
 */
const AS_STORED = { ...NO_STORE, "cache-control": "no-store, no-transform" };

/**
 * Runs a BlobStore read; `BlobStoreUnavailable` becomes `503 snapshot storage unavailable` (and
 * a warning in the log), any other error goes on.
 */
export async function whileBlobsReachable<T>(
  deps: ApiDeps,
  snapshotId: string,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isBlobStoreUnavailable(error)) throw error;
    deps.logger.warn("snapshot.storage_unavailable", { snapshotId });
    throw new CrawlgateError("snapshot_storage_unavailable");
  }
}

function errorFile(code: ErrorCode): ApiResponse {
  const { status, body } = errorResponse(new CrawlgateError(code));
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE },
    body: JSON.stringify(body),
  };
}

/**
 * A presigned download (`GET /functions/v1/files/snapshots/<snapshotId>?expires&kid&sig`): no
 * `Authorization`, not rate limited, not counted in the quota. A tampered, expired, unknown or
 * dropped link, another method or another path below `/files/` all get the same refusal as an
 * unknown path: `404 {"error":"not_found"}`. The body is the stored gzip bytes as they are, typed
 * `text/plain; charset=utf-8` without `Content-Encoding` (the spec: "served as plain text,
 * stored gzipped", the client decompresses).
 */
export async function serveFile(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  if (request.path.startsWith(ARCHIVE_FILE_PREFIX)) return serveArchiveFile(deps, request);
  const snapshotId = request.path.startsWith(SNAPSHOT_FILE_PREFIX)
    ? request.path.slice(SNAPSHOT_FILE_PREFIX.length)
    : "";
  // Links carry lowercase IDs only: one spelling per link.
  if (!isUuid(snapshotId) || snapshotId !== snapshotId.toLowerCase()) return errorFile("not_found");
  const valid = await verifyPresigned(deps.signing, {
    method: request.method,
    path: request.path,
    query: request.query,
    now: deps.clock.now(),
    maxLifetimeSeconds: HTML_URL_LIFETIME_SECONDS + LINK_CLOCK_SLACK_SECONDS,
  });
  if (!valid) return errorFile("not_found");
  const snapshot = await deps.snapshots.getSnapshot(snapshotId);
  if (!snapshot) return errorFile("not_found");
  let bytes: Uint8Array | null;
  try {
    bytes = await whileBlobsReachable(deps, snapshotId, () =>
      readSnapshotGzip(deps.blobs, snapshot),
    );
  } catch (error) {
    if (isCrawlgateError(error)) return errorFile(error.code);
    throw error;
  }
  if (bytes === null) return errorFile("not_found");
  return {
    status: 200,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "referrer-policy": "no-referrer",
      ...AS_STORED,
    },
    body: bytes,
  };
}

/**
 * A presigned archive part (`GET /functions/v1/files/archive/<domainId>/<day>/<file>.parquet`),
 * for stores that cannot presign themselves: the signature covers the path, which is the blob
 * key, so a link names one immutable file (keys carry the content hash). Refusals as above.
 */
async function serveArchiveFile(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const key = request.path.slice(FILES_PREFIX.length);
  if (!isValidBlobKey(key) || !key.endsWith(".parquet")) return errorFile("not_found");
  const valid = await verifyPresigned(deps.signing, {
    method: request.method,
    path: request.path,
    query: request.query,
    now: deps.clock.now(),
    maxLifetimeSeconds: ARCHIVE_LINK_MAX_SECONDS,
  });
  if (!valid) return errorFile("not_found");
  let bytes: Uint8Array | null;
  try {
    bytes = await deps.blobs.getBlob(key);
  } catch (error) {
    if (!isBlobStoreUnavailable(error)) throw error;
    deps.logger.warn("archive.storage_unavailable", { key });
    return errorFile("snapshot_storage_unavailable");
  }
  if (bytes === null) return errorFile("not_found");
  return {
    status: 200,
    headers: {
      "content-type": "application/vnd.apache.parquet",
      "content-disposition": `attachment; filename="${key.split("/").slice(1).join("-")}"`,
      "referrer-policy": "no-referrer",
      ...AS_STORED,
    },
    body: bytes,
  };
}
