import { API_PREFIX } from "../http/prefix.js";
import type { KeyRing } from "../signing/key-ring.js";
import { presignPath } from "../signing/presign.js";
import type { Snapshot } from "../types.js";

/** Life of an `htmlUrl` (spec: about 24 hours). */
export const HTML_URL_LIFETIME_SECONDS = 24 * 60 * 60;
/** Accepted beyond the life when verifying, for clocks of instances that disagree a little. */
export const LINK_CLOCK_SLACK_SECONDS = 5 * 60;

/** Path of a snapshot's presigned HTML download. */
export const SNAPSHOT_FILE_PREFIX = `${API_PREFIX}/files/snapshots/`;
export const snapshotFilePath = (snapshotId: string) => `${SNAPSHOT_FILE_PREFIX}${snapshotId}`;

export interface HtmlLinks {
  /** When every link of this set stops working (whole seconds). */
  expiresAt: Date;
  /** The presigned link of a snapshot, or `null` when its HTML is no longer kept. */
  htmlUrl(snapshot: Snapshot): Promise<string | null>;
}

/**
 * Presigned `htmlUrl`s that share one expiry, as an export response needs (`htmlUrlExpiresAt`).
 * With a `baseUrl` (e.g. `https://api.example.com`) links are absolute; without one they are
 * paths starting with `/functions/v1/files/`.
 */
export function htmlLinks(ring: KeyRing, baseUrl: string | null, now: Date): HtmlLinks {
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + HTML_URL_LIFETIME_SECONDS) * 1000);
  const base = baseUrl ? baseUrl.replace(/\/+$/, "") : "";
  return {
    expiresAt,
    async htmlUrl(snapshot) {
      if (!snapshot.htmlRetained) return null;
      const path = snapshotFilePath(snapshot.snapshotId);
      const query = await presignPath(ring, { method: "GET", path, expiresAt });
      return `${base}${path}?${query}`;
    },
  };
}
