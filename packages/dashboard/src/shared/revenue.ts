import type { ExportCrawlerChargesResponse } from "@crawlgate/client";
import type { Stacked } from "./aggregate.js";
import { addDays } from "./period.js";

type Payer = ExportCrawlerChargesResponse["rows"][number]["payer"];

/** How a payer is named: the bot, and the agent origin its signature verified against. */
export function payerLabel(payer: Payer): string {
  return `${payer.botId} · ${payer.signatureAgent}`;
}

/** Every day of the answer's window, oldest first. */
function daysOf(data: Pick<ExportCrawlerChargesResponse, "startDate" | "endDate">): string[] {
  const days: string[] = [];
  for (let day = data.startDate; day <= data.endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * Charged requests per day by payer (all currencies), from a `groupBy: "day"` answer: every day
 * of the window (zeros included), payers by their requests in the window, most first.
 */
export function chargedByPayer(data: ExportCrawlerChargesResponse): Stacked {
  const dates = daysOf(data);
  const index = new Map(dates.map((d, i) => [d, i]));
  const values: Record<string, number[]> = {};
  const totals = new Map<string, number>();
  for (const row of data.rows) {
    const key = payerLabel(row.payer);
    const series = values[key] ?? dates.map(() => 0);
    values[key] = series;
    const at = index.get(row.day ?? "");
    if (at !== undefined) series[at] = (series[at] ?? 0) + row.charged;
    totals.set(key, (totals.get(key) ?? 0) + row.charged);
  }
  const keys = [...totals.entries()]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([key]) => key);
  return { dates, keys, values };
}

/** One table row per payer and currency, from a `groupBy: "payer"` answer (amounts as sent). */
export function revenueRows(data: ExportCrawlerChargesResponse) {
  return data.rows.map((row) => ({
    key: `${payerLabel(row.payer)} ${row.currency}`,
    botId: row.payer.botId,
    signatureAgent: row.payer.signatureAgent,
    charged: row.charged,
    amount: row.amount,
    currency: row.currency,
  }));
}
