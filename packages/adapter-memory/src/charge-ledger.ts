import {
  type ChargeLedger,
  type ChargeRow,
  type ChargeTotal,
  compareChargeRows,
  compareChargeTotals,
  utcDay,
} from "@crawlgate/core/adapter-kit";

const copy = (row: ChargeRow): ChargeRow => ({ ...row, ts: new Date(row.ts.getTime()) });

/** The charge ledger in one process (the reference for the SQL adapters). */
export function createMemoryChargeLedger() {
  const rows = new Map<string, ChargeRow>();
  const inWindow = (domainId: string, startDay: string, endDay: string) =>
    [...rows.values()].filter((r) => {
      const day = utcDay(r.ts);
      return r.domainId === domainId && day >= startDay && day <= endDay;
    });
  return {
    async recordCharge(row) {
      if (rows.has(row.eventId)) return false;
      rows.set(row.eventId, copy(row));
      return true;
    },
    async listCharges(domainId, startDay, endDay, limit) {
      return inWindow(domainId, startDay, endDay).sort(compareChargeRows).slice(0, limit).map(copy);
    },
    async chargeTotals(domainId, startDay, endDay, groupBy) {
      const groups = new Map<string, ChargeTotal & { sum: bigint }>();
      for (const r of inWindow(domainId, startDay, endDay)) {
        const day = groupBy === "day" ? utcDay(r.ts) : "";
        const path = groupBy === "path" ? r.path : "";
        const key = JSON.stringify([day, path, r.botId, r.signatureAgent, r.currency]);
        const group = groups.get(key) ?? {
          botId: r.botId,
          signatureAgent: r.signatureAgent,
          day,
          path,
          currency: r.currency,
          charged: 0,
          amountMicros: "0",
          sum: 0n,
        };
        group.charged += 1;
        group.sum += BigInt(r.amountMicros);
        groups.set(key, group);
      }
      return [...groups.values()]
        .map(({ sum, ...total }) => ({ ...total, amountMicros: sum.toString() }))
        .sort(compareChargeTotals);
    },
  } satisfies ChargeLedger;
}
