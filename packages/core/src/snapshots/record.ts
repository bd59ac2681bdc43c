import type { BlobStore, Clock, SnapshotStore } from "../ports/index.js";
import type { RenderVariant, Snapshot } from "../types.js";
import { gunzipText, gzip, sha256Hex, utf8 } from "./content.js";
import { auditSeo } from "./seo-audit.js";

export interface SnapshotDeps {
  snapshots: SnapshotStore;
  blobs: BlobStore;
  clock: Clock;
}

export interface SnapshotInput {
  domainId: string;
  /** Path of the page (as the edge served it), starting with `/`. */
  path: string;
  /** The HTML served to the bot. */
  html: string;
  /** HTTP status of the render, when known. */
  renderStatus: number | null;
  /** The device render the HTML came from (`desktop` when absent: one render per page). */
  variant?: RenderVariant;
}

/** BlobStore key of the gzip HTML of a content hash: one blob per hash, shared by every page. */
export const htmlKey = (contentHash: string) =>
  `snapshots/${contentHash.slice(0, 2)}/${contentHash}.html.gz`;

/**
 * Records the HTML served for a page: SHA-256 of its UTF-8 bytes, gzip stored once per hash
 * (written again only when missing, e.g. after retention dropped it), then the metadata, unique
 * per (domain, path, variant, contentHash). The blob goes first, so a retained snapshot always had its
 * HTML written. Recording identical HTML again returns the existing snapshot.
 */
export async function recordSnapshot(
  deps: SnapshotDeps,
  input: SnapshotInput,
): Promise<{ snapshot: Snapshot; created: boolean }> {
  if (!input.path.startsWith("/")) throw new RangeError("snapshot path must start with /");
  const bytes = utf8(input.html);
  const contentHash = await sha256Hex(bytes);
  const key = htmlKey(contentHash);
  if (!(await deps.blobs.hasBlob(key))) await deps.blobs.putBlob(key, await gzip(bytes));
  const now = deps.clock.now();
  return deps.snapshots.recordSnapshot({
    snapshotId: crypto.randomUUID(),
    domainId: input.domainId,
    path: input.path,
    variant: input.variant ?? "desktop",
    contentHash,
    renderStatus: input.renderStatus,
    contentSizeBytes: bytes.length,
    createdAt: now,
    lastRecordedAt: now,
    htmlRetained: true,
    seo: auditSeo(input.html, input.renderStatus),
  });
}

/** The stored gzip bytes of a snapshot, or `null` when its HTML is no longer kept. */
export async function readSnapshotGzip(
  blobs: BlobStore,
  snapshot: Snapshot,
): Promise<Uint8Array | null> {
  if (!snapshot.htmlRetained) return null;
  return blobs.getBlob(htmlKey(snapshot.contentHash));
}

/**
 * The HTML of a snapshot, decompressed, or `null` when it is no longer kept. Throws
 * `BlobStoreUnavailable` when storage cannot be reached.
 */
export async function readSnapshotHtml(
  blobs: BlobStore,
  snapshot: Snapshot,
): Promise<string | null> {
  const stored = await readSnapshotGzip(blobs, snapshot);
  return stored === null ? null : gunzipText(stored);
}
