import type { Snapshot } from "../types.js";

// Snapshot ports: bytes by key (snapshot HTML, archive files) and snapshot metadata.

/**
 * Bytes by key: snapshot HTML (gzip) and archive files. Keys are `/`-separated segments of
 * `[a-z0-9_-][a-z0-9._-]*` (see `isValidBlobKey`); any other key is refused with a thrown
 * `RangeError` before storage is touched. A store that cannot be reached throws
 * `BlobStoreUnavailable` (never for a key that is simply absent).
 */
export interface BlobStore {
  /**
   * Stores `bytes` under `key`, replacing what was there. Atomic: a reader sees the old bytes or
   * the new ones, never a part.
   */
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `key` (a copy the caller may keep), or `null` when absent. */
  getBlob(key: string): Promise<Uint8Array | null>;
  /**
   * Bytes `start <= i < end` of the blob under `key` (a copy), clipped to its size: fewer bytes
   * (or none) when the range runs past the end; `null` when the key is absent. `0 <= start <=
   * end` are integers, else a `RangeError`. Archive reads fetch only the pages they need.
   */
  getBlobRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /** Whether something is stored under `key`. */
  hasBlob(key: string): Promise<boolean>;
  /** Removes `key`. Returns `false` when nothing was stored there. */
  deleteBlob(key: string): Promise<boolean>;
  /**
   * A URL that serves the bytes under `key` to a plain GET, without credentials, until about
   * `expiresAt`, signed by the store itself (as an S3 presigned URL is); or `null` when the store
   * cannot presign, and crawlgate links to its own signed `/functions/v1/files/...` route
   * instead. The key is checked (a `RangeError` for an invalid one) but not looked up: the URL of
   * an absent key answers an error when fetched.
   */
  presignGet(key: string, expiresAt: Date): Promise<string | null>;
}

/** Result of `SnapshotStore.recordSnapshot`. */
export interface RecordedSnapshot {
  snapshot: Snapshot;
  /** `false` when the (domain, path, variant, contentHash) was known already. */
  created: boolean;
}

/** Snapshot metadata, the crawl events linked to them, and HTML retention marks. */
export interface SnapshotStore {
  /**
   * Stores `snapshot` unless one with the same (domainId, path, variant, contentHash) exists (the
   * two device renders of a page are two snapshots even with identical HTML). When it
   * exists, that one is returned with `created: false`: its `lastRecordedAt` becomes the later of
   * the two, `htmlRetained` becomes `true`, every other stored field is kept. Under concurrent
   * calls for one triple exactly one snapshot is created.
   */
  recordSnapshot(snapshot: Snapshot): Promise<RecordedSnapshot>;
  /** The snapshot with that ID, or `null`. */
  getSnapshot(snapshotId: string): Promise<Snapshot | null>;
  /** The known snapshots among `snapshotIds`, each once, sorted by snapshotId (byte order). */
  getSnapshots(snapshotIds: readonly string[]): Promise<Snapshot[]>;
  /**
   * The latest snapshot of each path of the domain (greatest `lastRecordedAt`, ties by the
   * smaller snapshotId), sorted by path in byte order. Empty when the domain has none.
   */
  latestSnapshots(domainId: string): Promise<Snapshot[]>;
  /**
   * Content hashes whose HTML some snapshot still retains while every snapshot with that hash
   * was last recorded strictly before `cutoff`. Ascending, at most `limit`.
   */
  expiredContentHashes(cutoff: Date, limit: number): Promise<string[]>;
  /**
   * Marks every snapshot with `contentHash` as no longer retaining HTML, atomically, unless one of
   * them was recorded at or after `cutoff` (then nothing changes). Returns whether a snapshot
   * changed.
   */
  markHtmlDropped(contentHash: string, cutoff: Date): Promise<boolean>;
  /**
   * Links crawl event `eventId` to `snapshotId`, for events whose raw crawl row has no snapshot
   * (feeds recorded apart from the crawl log). The first link of an event wins.
   */
  linkEvent(eventId: string, snapshotId: string): Promise<void>;
  /** The snapshot `linkEvent` linked to the crawl event, or `null`. */
  linkedSnapshotOf(eventId: string): Promise<string | null>;
}
