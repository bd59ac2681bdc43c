import { compareUtf8, type WarmingStore, type WarmSettings } from "@crawlgate/core/adapter-kit";
import { type Kysely, sql } from "kysely";
import type { KyselyHandle } from "./handle.js";
import type { Database } from "./schema.js";

const HOUR_MS = 3_600_000;
const DEFAULTS: WarmSettings = { sitemapUrls: [], rendersPerHour: null, scheduled: false };

/**
 * Warm settings in `warm_settings`, budgets in `warm_budgets` (one row per domain: its current
 * hour). A take is one UPDATE whose SET expressions all read the row as it was, so `last_taken`
 * and `used` agree; PostgreSQL's row lock and SQLite's single writer make concurrent takes queue.
 */
export function createKyselyWarmingStore({ db }: KyselyHandle) {
  const store = {
    getWarmSettings: (domainId: string) => readSettings(db, domainId),
    async setWarmSettings(domainId: string, changes: Partial<WarmSettings>) {
      return db.transaction().execute(async (trx) => {
        const current = await readSettings(trx, domainId);
        const sitemapUrls = [...(changes.sitemapUrls ?? current.sitemapUrls)];
        const next: WarmSettings = { ...current, ...changes, sitemapUrls };
        const row = {
          sitemap_urls: JSON.stringify(next.sitemapUrls),
          renders_per_hour: next.rendersPerHour,
          scheduled: next.scheduled ? 1 : 0,
        };
        await trx
          .insertInto("warm_settings")
          .values({ domain_id: domainId, ...row })
          .onConflict((oc) => oc.column("domain_id").doUpdateSet(row))
          .execute();
        return next;
      });
    },
    async scheduledWarmDomains() {
      const rows = await db
        .selectFrom("warm_settings")
        .select("domain_id")
        .where("scheduled", "=", 1)
        .execute();
      return rows.map((r) => r.domain_id).sort(compareUtf8);
    },
    async warmBudgetUsed(domainId: string, now: Date) {
      const row = await db
        .selectFrom("warm_budgets")
        .selectAll()
        .where("domain_id", "=", domainId)
        .executeTakeFirst();
      const hour = Math.floor(now.getTime() / HOUR_MS);
      return row && Number(row.hour) === hour ? Number(row.used) : 0;
    },
    async takeWarmBudget(domainId: string, now: Date, want: number, perHour: number) {
      const hour = Math.floor(now.getTime() / HOUR_MS);
      if (want <= 0) return 0;
      await db
        .insertInto("warm_budgets")
        .values({ domain_id: domainId, hour, used: 0, last_taken: 0 })
        .onConflict((oc) => oc.column("domain_id").doNothing())
        .execute();
      // A row of another hour starts again from 0.
      await db
        .updateTable("warm_budgets")
        .set({ hour, used: 0, last_taken: 0 })
        .where("domain_id", "=", domainId)
        .where("hour", "<>", hour)
        .execute();
      // Both are integers checked here, written into the statement as literals.
      if (!Number.isSafeInteger(want) || !Number.isSafeInteger(perHour))
        throw new RangeError("want and perHour must be integers");
      const room = sql`${sql.lit(perHour)} - used`;
      const taken = sql<number>`case when ${room} < ${sql.lit(want)} then ${room} else ${sql.lit(want)} end`;
      const row = await db
        .updateTable("warm_budgets")
        .set({ last_taken: taken, used: sql<number>`used + ${taken}` })
        .where("domain_id", "=", domainId)
        .where("hour", "=", hour)
        .where("used", "<", perHour)
        .returning("last_taken")
        .executeTakeFirst();
      return row ? Number(row.last_taken) : 0;
    },
  } satisfies WarmingStore;
  return store;
}

async function readSettings(db: Kysely<Database>, domainId: string): Promise<WarmSettings> {
  const row = await db
    .selectFrom("warm_settings")
    .selectAll()
    .where("domain_id", "=", domainId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULTS, sitemapUrls: [] };
  return {
    sitemapUrls: JSON.parse(row.sitemap_urls) as string[],
    rendersPerHour: row.renders_per_hour === null ? null : Number(row.renders_per_hour),
    scheduled: Number(row.scheduled) === 1,
  };
}
