import { hashApiKey } from "../accounts/api-key.js";
import type { AccountStore, Clock, DashboardSessionStore, Logger } from "../ports/index.js";
import { encodeBase64url } from "../signing/base64url.js";
import type { KeyRing } from "../signing/key-ring.js";
import type { DashboardSession, User } from "../types.js";
import { newSessionId, readSessionCookie } from "./cookie.js";
import {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SESSION_TOUCH_MS,
  SIGN_IN_CLOCK_SKEW_MS,
} from "./lifetimes.js";
import { checkSignInToken } from "./sign-in-token.js";

export interface SessionDeps {
  accounts: AccountStore;
  dashboardSessions: DashboardSessionStore;
  signing: KeyRing;
  clock: Clock;
  logger: Logger;
}

/** A signed-in browser: its session record and its user as stored now. */
export interface ActiveSession {
  session: DashboardSession;
  user: User;
}

export type SignInResult =
  | { ok: true; sessionId: string; session: DashboardSession }
  | { ok: false; reason: "invalid" | "expired" | "used" }
  /** A genuine link opened at another origin than the one it was issued for: not spent. */
  | { ok: false; reason: "elsewhere"; origin: string };

/** The SHA-256 (hex) a session ID is stored as. */
export const hashSessionId = hashApiKey;

/**
 * Sign-in, lookup and sign-out of dashboard sessions. A session ends 12 hours after its last
 * request or 7 days after sign-in, whichever comes first; its user must still exist.
 */
export function createSessions(deps: SessionDeps) {
  const store = deps.dashboardSessions;

  /** Signs in with a link opened at `origin` (the browser's, see `browserOrigin`). */
  async function signIn(tokenText: string, origin: string | null): Promise<SignInResult> {
    const now = deps.clock.now();
    const check = await checkSignInToken(deps.signing, tokenText, now);
    if (!check.ok) return check;
    const { token } = check;
    // Before the single use is spent: the link still works where it was issued for.
    if (token.origin !== origin) return { ok: false, reason: "elsewhere", origin: token.origin };
    // Before the single use is spent: a link for a user that is gone stays refused.
    if (!(await deps.accounts.getUser(token.userId))) return { ok: false, reason: "invalid" };
    // Remembered past the link's expiry by the clock-skew margin: an instance whose clock is
    // behind still takes the link as valid for that long.
    const forgetAt = new Date(token.expiresAt + SIGN_IN_CLOCK_SKEW_MS);
    if (!(await store.useSignInToken(token.nonce, forgetAt))) return { ok: false, reason: "used" };
    await store.deleteExpired(now, new Date(now.getTime() - SESSION_IDLE_MS));
    const sessionId = newSessionId();
    const session: DashboardSession = {
      idHash: await hashSessionId(sessionId),
      userId: token.userId,
      csrfToken: encodeBase64url(crypto.getRandomValues(new Uint8Array(32))),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    };
    // 256 random bits: a taken hash is not expected; refuse rather than share a session.
    if (!(await store.createSession(session))) return { ok: false, reason: "invalid" };
    deps.logger.info("dashboard.sign_in", { userId: token.userId });
    return { ok: true, sessionId, session };
  }

  /**
   * The live session named by the request's cookie (the https name when `secure`), or `null`;
   * refreshes its idle time.
   */
  async function resolve(
    cookieHeader: string | undefined,
    secure: boolean,
  ): Promise<ActiveSession | null> {
    const sessionId = readSessionCookie(cookieHeader, secure);
    if (!sessionId) return null;
    const session = await store.getSession(await hashSessionId(sessionId));
    if (!session) return null;
    const now = deps.clock.now().getTime();
    const idle = now - session.lastSeenAt.getTime() >= SESSION_IDLE_MS;
    if (idle || session.expiresAt.getTime() <= now) {
      await store.deleteSession(session.idHash);
      return null;
    }
    const user = await deps.accounts.getUser(session.userId);
    if (!user) {
      await store.deleteSession(session.idHash);
      return null;
    }
    if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
      await store.touchSession(session.idHash, new Date(now));
    }
    return { session, user };
  }

  /** Ends the session the cookie names, if any. */
  async function signOut(cookieHeader: string | undefined, secure: boolean): Promise<void> {
    const sessionId = readSessionCookie(cookieHeader, secure);
    if (!sessionId) return;
    if (await store.deleteSession(await hashSessionId(sessionId)))
      deps.logger.info("dashboard.sign_out", {});
  }

  return { signIn, resolve, signOut };
}

export type Sessions = ReturnType<typeof createSessions>;
