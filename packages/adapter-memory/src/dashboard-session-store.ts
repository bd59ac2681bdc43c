import type { DashboardSession, DashboardSessionStore } from "@crawlgate/core/adapter-kit";

/** Dashboard sessions of one process (a server of one, or the reference for the others). */
export function createMemoryDashboardSessionStore() {
  const sessions = new Map<string, DashboardSession>();
  const usedTokens = new Map<string, number>();
  return {
    async createSession(session) {
      if (sessions.has(session.idHash)) return false;
      sessions.set(session.idHash, { ...session });
      return true;
    },
    async getSession(idHash) {
      const session = sessions.get(idHash);
      return session ? { ...session } : null;
    },
    async touchSession(idHash, at) {
      const session = sessions.get(idHash);
      if (!session) return false;
      if (at.getTime() > session.lastSeenAt.getTime()) session.lastSeenAt = at;
      return true;
    },
    async deleteSession(idHash) {
      return sessions.delete(idHash);
    },
    async useSignInToken(tokenId, expiresAt) {
      if (usedTokens.has(tokenId)) return false;
      usedTokens.set(tokenId, expiresAt.getTime());
      return true;
    },
    async deleteExpired(now, idleBefore) {
      let deletedSessions = 0;
      let deletedTokens = 0;
      for (const [idHash, session] of sessions) {
        const ended = session.expiresAt.getTime() <= now.getTime();
        if (ended || session.lastSeenAt.getTime() <= idleBefore.getTime()) {
          sessions.delete(idHash);
          deletedSessions++;
        }
      }
      for (const [tokenId, expiresAt] of usedTokens) {
        if (expiresAt <= now.getTime()) {
          usedTokens.delete(tokenId);
          deletedTokens++;
        }
      }
      return { sessions: deletedSessions, tokens: deletedTokens };
    },
  } satisfies DashboardSessionStore;
}
