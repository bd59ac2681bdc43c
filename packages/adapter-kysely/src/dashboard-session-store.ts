import type { DashboardSession, DashboardSessionStore } from "@crawlgate/core/adapter-kit";
import type { KyselyHandle } from "./handle.js";
import type { Database } from "./schema.js";
import { isUniqueViolation } from "./unique-violation.js";

type Row = Database["dashboard_sessions"];

/**
 * Dashboard sessions in `dashboard_sessions` and used sign-in tokens in
 * `dashboard_sign_in_tokens`. A token is used by inserting its ID: the primary key lets exactly
 * one insert win, in any number of processes.
 */
export function createKyselyDashboardSessionStore({ db }: KyselyHandle) {
  return {
    async createSession(session) {
      try {
        await db.insertInto("dashboard_sessions").values(toRow(session)).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async getSession(idHash) {
      const row = await db
        .selectFrom("dashboard_sessions")
        .selectAll()
        .where("id_hash", "=", idHash)
        .executeTakeFirst();
      return row ? fromRow(row) : null;
    },
    async touchSession(idHash, at) {
      const found = await db
        .selectFrom("dashboard_sessions")
        .select("id_hash")
        .where("id_hash", "=", idHash)
        .executeTakeFirst();
      if (!found) return false;
      await db
        .updateTable("dashboard_sessions")
        .set({ last_seen_at: at.getTime() })
        .where("id_hash", "=", idHash)
        .where("last_seen_at", "<", at.getTime())
        .execute();
      return true;
    },
    async deleteSession(idHash) {
      const result = await db
        .deleteFrom("dashboard_sessions")
        .where("id_hash", "=", idHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async useSignInToken(tokenId, expiresAt) {
      const row = await db
        .insertInto("dashboard_sign_in_tokens")
        .values({ token_id: tokenId, expires_at: expiresAt.getTime() })
        .onConflict((oc) => oc.column("token_id").doNothing())
        .returning("token_id")
        .executeTakeFirst();
      return row !== undefined;
    },
    async deleteExpired(now, idleBefore) {
      const sessions = await db
        .deleteFrom("dashboard_sessions")
        .where((eb) =>
          eb.or([
            eb("expires_at", "<=", now.getTime()),
            eb("last_seen_at", "<=", idleBefore.getTime()),
          ]),
        )
        .executeTakeFirst();
      const tokens = await db
        .deleteFrom("dashboard_sign_in_tokens")
        .where("expires_at", "<=", now.getTime())
        .executeTakeFirst();
      return {
        sessions: Number(sessions.numDeletedRows),
        tokens: Number(tokens.numDeletedRows),
      };
    },
  } satisfies DashboardSessionStore;
}

function toRow(session: DashboardSession): Row {
  return {
    id_hash: session.idHash,
    user_id: session.userId,
    csrf_token: session.csrfToken,
    created_at: session.createdAt.getTime(),
    last_seen_at: session.lastSeenAt.getTime(),
    expires_at: session.expiresAt.getTime(),
  };
}

function fromRow(row: Row): DashboardSession {
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    createdAt: new Date(Number(row.created_at)),
    lastSeenAt: new Date(Number(row.last_seen_at)),
    expiresAt: new Date(Number(row.expires_at)),
  };
}
