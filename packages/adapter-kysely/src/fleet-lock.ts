import type { FleetLock } from "@crawlgate/core/adapter-kit";
import type { KyselyHandle } from "./handle.js";

/**
 * Fleet locks in `fleet_locks`, one row per name. `acquire` is one upsert whose update applies
 * only when the stored expiry has passed, so concurrent callers (any number of processes) get at
 * most one token: PostgreSQL re-checks the condition on the row it waited for, and SQLite has a
 * single writer.
 */
export function createKyselyFleetLock({ db }: KyselyHandle) {
  return {
    async acquire(name, holder, ttlMs, now) {
      const token = crypto.randomUUID();
      const t = now.getTime();
      const row = await db
        .insertInto("fleet_locks")
        .values({ name, token, holder, expires_at: t + ttlMs })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet((eb) => ({
              token: eb.ref("excluded.token"),
              holder: eb.ref("excluded.holder"),
              expires_at: eb.ref("excluded.expires_at"),
            }))
            .where("fleet_locks.expires_at", "<=", t),
        )
        .returning("token")
        .executeTakeFirst();
      return row?.token === token ? token : null;
    },
    async renew(name, token, ttlMs, now) {
      const t = now.getTime();
      const result = await db
        .updateTable("fleet_locks")
        .set({ expires_at: t + ttlMs })
        .where("name", "=", name)
        .where("token", "=", token)
        .where("expires_at", ">", t)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async release(name, token) {
      const result = await db
        .deleteFrom("fleet_locks")
        .where("name", "=", name)
        .where("token", "=", token)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  } satisfies FleetLock;
}
