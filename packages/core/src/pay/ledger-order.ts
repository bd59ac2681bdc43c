import type { ChargeRow, ChargeTotal } from "../ports/charges.js";
import { compareUtf8 } from "../text/compare-utf8.js";

/** The ledger's row order: `ts`, then `eventId` in byte order (every adapter sorts with it). */
export function compareChargeRows(a: ChargeRow, b: ChargeRow): number {
  return a.ts.getTime() - b.ts.getTime() || compareUtf8(a.eventId, b.eventId);
}

/** The summary order: day, path, bot, agent, currency, each in byte order. */
export function compareChargeTotals(a: ChargeTotal, b: ChargeTotal): number {
  return (
    compareUtf8(a.day, b.day) ||
    compareUtf8(a.path, b.path) ||
    compareUtf8(a.botId, b.botId) ||
    compareUtf8(a.signatureAgent, b.signatureAgent) ||
    compareUtf8(a.currency, b.currency)
  );
}
