import type { DashboardSession } from "../types.js";

// Dashboard-sessions port: browser sessions and used sign-in tokens.

/**
 * The dashboard's browser sessions and the sign-in tokens already used. Session IDs are never
 * stored, only their SHA-256 hashes. Shared by a fleet, so a sign-in link works once in all of it.
 */
export interface DashboardSessionStore {
  /** Stores a new session. `idHash` is unique: a taken one returns `false` and changes nothing. */
  createSession(session: DashboardSession): Promise<boolean>;
  /**
   * The session whose `idHash` equals the argument, or `null`. Expired sessions are returned
   * until `deleteExpired` removes them: callers check the expiry themselves.
   */
  getSession(idHash: string): Promise<DashboardSession | null>;
  /**
   * Moves `lastSeenAt` to `at` when `at` is later than the stored one (an earlier `at` changes
   * nothing). Returns `false` when there is no such session.
   */
  touchSession(idHash: string, at: Date): Promise<boolean>;
  /** Deletes one session. Returns `false` when there was none. */
  deleteSession(idHash: string): Promise<boolean>;
  /**
   * Records that the sign-in token `tokenId` was used, keeping the record until `expiresAt`.
   * Returns `true` for the first use only: any later call with the same ID returns `false`, and
   * under any number of concurrent calls exactly one returns `true`.
   */
  useSignInToken(tokenId: string, expiresAt: Date): Promise<boolean>;
  /**
   * Deletes the sessions whose `expiresAt` is at or before `now` or whose `lastSeenAt` is at or
   * before `idleBefore`, and the used-token records whose `expiresAt` is at or before `now`.
   * Returns how many of each it deleted.
   */
  deleteExpired(now: Date, idleBefore: Date): Promise<{ sessions: number; tokens: number }>;
}
