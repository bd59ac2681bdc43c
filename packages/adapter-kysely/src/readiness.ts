import type { ReadinessCheck } from "@crawlgate/core";
import { sql } from "kysely";
import type { KyselyHandle } from "./handle.js";

/**
 * The durable store as an essential `/readyz` dependency: a `select 1` on one of the handle's
 * connections (PostgreSQL: a pooled connection, so a database that went away or a pool that
 * cannot connect is `down`; the health endpoint bounds how long it waits).
 */
export function createKyselyReadinessCheck({ db }: KyselyHandle, name = "store"): ReadinessCheck {
  return {
    name,
    essential: true,
    check: async () => {
      await sql`select 1`.execute(db);
    },
  };
}
