/**
 * Ports of the Web Bot Auth verifier: the key directories a fleet shares and the nonces it has
 * seen. Instants are milliseconds since the epoch in stored records; `now` is always passed in,
 * never read, so every adapter judges expiry by the caller's clock.
 */

/** One Ed25519 public key of a key directory. */
export interface DirectoryKey {
  /** RFC 7638 JWK SHA-256 thumbprint (base64url), computed by core, never taken from `kid`. */
  keyid: string;
  /** The raw 32-byte public key, base64url (the JWK's `x`). */
  x: string;
  /** The JWK's `nbf` in ms, or `null`: the key is not valid before it. */
  notBefore: number | null;
  /** The JWK's `exp` in ms, or `null`: the key is not valid from it on. */
  expiresAt: number | null;
}

/** What is known of one key directory: its keys, and when to fetch it again. */
export interface KeyDirectoryEntry {
  /** The directory URL fetched (`https://agent.example/.well-known/http-message-signatures-directory`). */
  directoryUrl: string;
  /** Keys of the last successful fetch; `[]` when no fetch succeeded (a negative entry). */
  keys: DirectoryKey[];
  /** When the last successful fetch happened (ms), or `null` when none did. */
  fetchedAt: number | null;
  /** Why the last fetch failed, or `null` when it succeeded. */
  failure: string | null;
  /** From this instant (ms) the directory should be fetched again. */
  refreshAt: number;
  /** From this instant (ms) the entry is gone: its keys are no longer used. */
  expiresAt: number;
}

/** Key directories shared by a fleet, so that it fetches each one once per cache period. */
export interface KeyDirectoryCache {
  /**
   * The entry last `put` for `directoryUrl`, or `null` when none was, or its `expiresAt` is at or
   * before `now`. The entry comes back equal to what was put (every field, key order kept).
   */
  get(directoryUrl: string, now: Date): Promise<KeyDirectoryEntry | null>;
  /**
   * Stores `entry` for `entry.directoryUrl`, replacing the earlier one, until `entry.expiresAt`.
   * An entry whose `expiresAt` is at or before `now` is not stored and removes the earlier one.
   */
  put(entry: KeyDirectoryEntry, now: Date): Promise<void>;
  /**
   * Claims the next fetch of `directoryUrl` until `now + ttlMs`: `true` when no claim of it is
   * held (never made, or its end is at or before `now`), and the claim is then taken; `false`
   * otherwise. Under any number of concurrent calls at most one receives `true`. Directories are
   * apart: a claim on one never blocks another.
   */
  claimFetch(directoryUrl: string, ttlMs: number, now: Date): Promise<boolean>;
}

/** Nonces of verified signatures, so that a signature is accepted once (fleet-wide on Redis). */
export interface NonceStore {
  /**
   * Records `key` until `expiresAt` and returns `true` when it was not recorded (never, or its
   * record ended at or before `now`); returns `false`, changing nothing, when it is. Atomic:
   * of any number of concurrent calls with one key, at most one receives `true`. Keys are apart.
   * A key whose `expiresAt` is at or before `now` is answered `true` and not recorded.
   */
  remember(key: string, expiresAt: Date, now: Date): Promise<boolean>;
}
