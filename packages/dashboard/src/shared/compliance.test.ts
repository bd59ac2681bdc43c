import type { ExportRobotsComplianceResponse } from "@crawlgate/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { complianceRows, disallowedByBot, OTHER_BOTS, requestsByOutcome } from "./compliance.js";

const DATES = ["2026-11-01", "2026-11-02", "2026-11-03"];

/** A compliance answer shaped like the API's: botTotals are the sums of the series. */
const answer = fc
  .uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), { maxLength: 14 })
  .chain((bots) =>
    fc
      .array(
        fc.array(
          fc
            .nat(50)
            .chain((requests) =>
              fc.nat(requests).map((disallowedRequests) => ({ requests, disallowedRequests })),
            ),
          { minLength: bots.length, maxLength: bots.length },
        ),
        { minLength: DATES.length, maxLength: DATES.length },
      )
      .map((cells) => build(bots, cells)),
  );

function build(
  bots: string[],
  cells: { requests: number; disallowedRequests: number }[][],
): ExportRobotsComplianceResponse {
  const totals = bots.map((botId, b) => {
    const requests = cells.reduce((sum, day) => sum + (day[b]?.requests ?? 0), 0);
    const disallowedRequests = cells.reduce((s, day) => s + (day[b]?.disallowedRequests ?? 0), 0);
    return { botId, requests, disallowedRequests };
  });
  totals.sort((x, y) => y.disallowedRequests - x.disallowedRequests || y.requests - x.requests);
  return {
    botTotals: Object.fromEntries(
      totals.map((t) => [
        t.botId,
        {
          requests: t.requests,
          disallowedRequests: t.disallowedRequests,
          lastViolationAt: t.disallowedRequests ? "2026-11-03T10:00:00.000Z" : null,
          signalContradictions: Math.floor(t.requests / 3),
        },
      ]),
    ),
    botSeries: DATES.map((date, d) => ({
      date,
      ...Object.fromEntries(bots.map((botId, b) => [botId, cells[d]?.[b]])),
    })),
  } as unknown as ExportRobotsComplianceResponse;
}

describe("robots compliance views", () => {
  it("charts every disallowed request once: each day's stack is the day's total", () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 1, max: 10 }), (data, top) => {
        const chart = disallowedByBot(data, top);
        expect(chart.dates).toEqual(DATES);
        expect(chart.keys.filter((k) => k !== OTHER_BOTS).length).toBeLessThanOrEqual(top);
        const series = data.botSeries as unknown as Record<
          string,
          { disallowedRequests: number }
        >[];
        DATES.forEach((_, d) => {
          const stacked = chart.keys.reduce((sum, k) => sum + (chart.values[k]?.[d] ?? 0), 0);
          const truth = Object.keys(data.botTotals).reduce(
            (sum, botId) => sum + (series[d]?.[botId]?.disallowedRequests ?? 0),
            0,
          );
          expect(stacked).toBe(truth);
        });
        for (const key of chart.keys)
          if (key !== OTHER_BOTS)
            expect(data.botTotals[key]?.disallowedRequests).toBeGreaterThan(0);
      }),
    );
  });

  it("splits each day's requests into allowed and disallowed, summing to the API's totals", () => {
    fc.assert(
      fc.property(answer, (data) => {
        const chart = requestsByOutcome(data);
        expect(chart.dates).toEqual(DATES);
        const total = (key: string) => (chart.values[key] ?? []).reduce((a, b) => a + b, 0);
        const bots = Object.values(data.botTotals);
        expect(total("disallowed")).toBe(bots.reduce((s, t) => s + t.disallowedRequests, 0));
        expect(total("allowed") + total("disallowed")).toBe(
          bots.reduce((s, t) => s + t.requests, 0),
        );
        for (const key of chart.keys)
          for (const n of chart.values[key] ?? []) expect(n).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("lists every bot in the API's order with its share of disallowed requests", () => {
    fc.assert(
      fc.property(answer, (data) => {
        const rows = complianceRows(data);
        expect(rows.map((r) => r.botId)).toEqual(Object.keys(data.botTotals));
        for (const row of rows) {
          expect(row.signalContradictions).toBe(data.botTotals[row.botId]?.signalContradictions);
          expect(row.disallowedShare).toBeGreaterThanOrEqual(0);
          expect(row.disallowedShare).toBeLessThanOrEqual(1);
          if (row.requests > 0)
            expect(row.disallowedShare * row.requests).toBeCloseTo(row.disallowedRequests);
        }
      }),
    );
  });
});
