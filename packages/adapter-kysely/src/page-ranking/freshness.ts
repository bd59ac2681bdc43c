import { type DayTiers, dayNumber } from "@crawlgate/core/adapter-kit";
import { type Kysely, sql } from "kysely";
import { type Database, num } from "../schema.js";

/**
 * The two sides of the read model's freshness check (core's `freshness.ts`): the per-tier
 * totals of `crawl_bot_day` now, and the stamps of `crawl_rollup_days` the blocks were built
 * from, both by epoch day.
 */

/** Days (epoch) → per-tier totals of `crawl_bot_day` for a domain and a day range. */
export async function dayTotals(
  db: Kysely<Database>,
  domainId: string,
  from: string | null,
  to: string,
): Promise<Map<number, DayTiers>> {
  const lower = from === null ? sql`` : sql`and day >= ${from}`;
  const { rows } = await sql<{ day: string; tier: string; n: number | string }>`
    select day, tier, sum(count) as n from crawl_bot_day
    where domain_id = ${domainId} ${lower} and day <= ${to}
    group by day, tier`.execute(db);
  const out = new Map<number, DayTiers>();
  for (const r of rows) {
    const key = dayNumber(r.day);
    const entry = out.get(key) ?? { verified: 0, declared: 0, unknown: 0 };
    if (r.tier === "verified" || r.tier === "declared" || r.tier === "unknown")
      entry[r.tier] += num(r.n);
    out.set(key, entry);
  }
  return out;
}

/** Stamps of a domain (epoch day → totals), optionally only `from..to`. */
export async function stamps(
  db: Kysely<Database>,
  domainKey: number,
  range?: { from: number; to: number },
): Promise<Map<number, DayTiers>> {
  const rows = await db
    .selectFrom("crawl_rollup_days")
    .selectAll()
    .where("domain_key", "=", domainKey)
    .$if(range !== undefined, (q) =>
      q.where("day", ">=", range?.from ?? 0).where("day", "<=", range?.to ?? 0),
    )
    .execute();
  return new Map(
    rows.map((r) => [
      num(r.day),
      { verified: num(r.verified), declared: num(r.declared), unknown: num(r.unknown) },
    ]),
  );
}
