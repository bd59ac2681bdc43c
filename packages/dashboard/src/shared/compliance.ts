import type { ExportRobotsComplianceResponse } from "@crawlgate/client";
import type { Stacked } from "./aggregate.js";

/** The key under which the bots beyond the charted ones are summed. */
export const OTHER_BOTS = "other bots";

export interface ComplianceRow {
  botId: string;
  requests: number;
  disallowedRequests: number;
  /** disallowedRequests / requests, 0..1 (0 without requests). */
  disallowedShare: number;
  lastViolationAt: string | null;
  /** Requests whose intent contradicted the content signal stated for the path at the time. */
  signalContradictions: number;
}

/** One row per bot, in the API's order (most disallowed requests first). */
export function complianceRows(data: ExportRobotsComplianceResponse): ComplianceRow[] {
  return Object.entries(data.botTotals).map(([botId, t]) => ({
    botId,
    requests: t.requests,
    disallowedRequests: t.disallowedRequests,
    disallowedShare: t.requests > 0 ? t.disallowedRequests / t.requests : 0,
    lastViolationAt: t.lastViolationAt,
    signalContradictions: t.signalContradictions,
  }));
}

type SeriesEntry = { date: string } & Record<
  string,
  { requests: number; disallowedRequests: number }
>;

/** Every crawler request per day, split into allowed and disallowed by the robots.txt in force. */
export function requestsByOutcome(data: ExportRobotsComplianceResponse): Stacked {
  const series = data.botSeries as unknown as SeriesEntry[];
  const bots = Object.keys(data.botTotals);
  const sum = (entry: SeriesEntry, field: "requests" | "disallowedRequests") =>
    bots.reduce((total, botId) => total + (entry[botId]?.[field] ?? 0), 0);
  const disallowed = series.map((entry) => sum(entry, "disallowedRequests"));
  return {
    dates: series.map((entry) => entry.date),
    keys: ["allowed", "disallowed"],
    values: {
      allowed: series.map((entry, d) => sum(entry, "requests") - (disallowed[d] ?? 0)),
      disallowed,
    },
  };
}

/**
 * Disallowed requests per day by bot: the `top` bots with violations by name (in the API's
 * order), the rest summed under `OTHER_BOTS`, so that each day's total is the day's total.
 */
export function disallowedByBot(data: ExportRobotsComplianceResponse, top = 8): Stacked {
  const series = data.botSeries as unknown as SeriesEntry[];
  const dates = series.map((entry) => entry.date);
  const violators = Object.entries(data.botTotals)
    .filter(([, t]) => t.disallowedRequests > 0)
    .map(([botId]) => botId);
  const named = violators.slice(0, top);
  const rest = violators.slice(top);
  const values: Record<string, number[]> = {};
  for (const botId of named)
    values[botId] = series.map((entry) => entry[botId]?.disallowedRequests ?? 0);
  if (rest.length > 0)
    values[OTHER_BOTS] = series.map((entry) =>
      rest.reduce((sum, botId) => sum + (entry[botId]?.disallowedRequests ?? 0), 0),
    );
  return { dates, keys: rest.length > 0 ? [...named, OTHER_BOTS] : named, values };
}
