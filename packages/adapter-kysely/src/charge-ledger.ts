import {
  type ChargeLedger,
  type ChargeProtocol,
  compareChargeRows,
  compareChargeTotals,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import { sql } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { date, num } from "./schema.js";

/**
 * The charge ledger in SQL: the event id is the primary key and a charge is one `INSERT … ON
 * CONFLICT DO NOTHING`, so a retried or replayed event (on any instance) inserts nothing. Sums
 * are computed by the database over BIGINT micro-units and read as text: exact past 2^53.
 */
export function createKyselyChargeLedger({ db }: KyselyHandle) {
  const inWindow = (domainId: string, startDay: string, endDay: string) =>
    db
      .selectFrom("crawler_charges")
      .where("domain_id", "=", domainId)
      .where("day", ">=", startDay)
      .where("day", "<=", endDay);
  return {
    async recordCharge(row) {
      const inserted = await db
        .insertInto("crawler_charges")
        .values({
          event_id: row.eventId,
          domain_id: row.domainId,
          day: utcDay(row.ts),
          ts: row.ts.getTime(),
          bot_id: row.botId,
          signature_agent: row.signatureAgent,
          path: row.path,
          amount_micros: row.amountMicros,
          currency: row.currency,
          protocol: row.protocol,
          receipt: row.receipt,
        })
        .onConflict((oc) => oc.column("event_id").doNothing())
        .returning("event_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async listCharges(domainId, startDay, endDay, limit) {
      const rows = await inWindow(domainId, startDay, endDay)
        .selectAll()
        .orderBy("ts")
        .orderBy("event_id")
        .execute();
      return rows
        .map((r) => ({
          eventId: r.event_id,
          domainId: r.domain_id,
          botId: r.bot_id,
          signatureAgent: r.signature_agent,
          path: r.path,
          amountMicros: num(r.amount_micros),
          currency: r.currency,
          protocol: r.protocol as ChargeProtocol,
          receipt: r.receipt,
          ts: date(r.ts),
        }))
        .sort(compareChargeRows)
        .slice(0, limit);
    },
    async chargeTotals(domainId, startDay, endDay, groupBy) {
      const day = groupBy === "day" ? sql<string>`day` : sql<string>`''`;
      const path = groupBy === "path" ? sql<string>`path` : sql<string>`''`;
      const rows = await inWindow(domainId, startDay, endDay)
        .select([
          "bot_id",
          "signature_agent",
          "currency",
          day.as("g_day"),
          path.as("g_path"),
          sql<number | string>`count(*)`.as("charged"),
          sql<string>`cast(sum(amount_micros) as text)`.as("amount"),
        ])
        .groupBy(["bot_id", "signature_agent", "currency"])
        .$if(groupBy === "day", (q) => q.groupBy("day"))
        .$if(groupBy === "path", (q) => q.groupBy("path"))
        .execute();
      return rows
        .map((r) => ({
          botId: r.bot_id,
          signatureAgent: r.signature_agent,
          day: r.g_day,
          path: r.g_path,
          currency: r.currency,
          charged: num(r.charged),
          amountMicros: String(r.amount),
        }))
        .sort(compareChargeTotals);
    },
  } satisfies ChargeLedger;
}
