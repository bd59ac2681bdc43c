import type { ExportCrawlerChargesResponse } from "@crawlgate/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chargedByPayer, payerLabel, revenueRows } from "./revenue.js";

const CHATGPT = { botId: "chatgpt-agent", signatureAgent: "https://chatgpt.com" };
const KERNEL = { botId: "signed-agent", signatureAgent: "https://search.bot.kernel.sh" };

const base = {
  generatedAt: "2026-11-20T10:00:00.000Z",
  period: "7d",
  startDate: "2026-11-18",
  endDate: "2026-11-20",
  userId: "u",
  domain: "shop.example.com",
  domainId: "d",
  role: "owner",
} as const;

describe("the revenue view's data", () => {
  it("charts charged requests per day by payer, every day of the window, busiest payer first", () => {
    const data = {
      ...base,
      groupBy: "day",
      rows: [
        { payer: CHATGPT, day: "2026-11-18", charged: 1, amount: "0.01", currency: "USD" },
        { payer: CHATGPT, day: "2026-11-20", charged: 2, amount: "0.02", currency: "USD" },
        { payer: KERNEL, day: "2026-11-20", charged: 4, amount: "1.00", currency: "EUR" },
      ],
      totals: [],
    } as ExportCrawlerChargesResponse;
    expect(chargedByPayer(data)).toEqual({
      dates: ["2026-11-18", "2026-11-19", "2026-11-20"],
      keys: [payerLabel(KERNEL), payerLabel(CHATGPT)],
      values: { [payerLabel(CHATGPT)]: [1, 0, 2], [payerLabel(KERNEL)]: [0, 0, 4] },
    });
  });

  it("keeps every charged request: the chart's sum is the rows' sum", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            payer: fc.constantFrom(CHATGPT, KERNEL),
            day: fc.constantFrom("2026-11-18", "2026-11-19", "2026-11-20"),
            charged: fc.integer({ min: 1, max: 50 }),
            currency: fc.constantFrom("USD", "EUR"),
          }),
        ),
        (rows) => {
          const data = {
            ...base,
            groupBy: "day",
            rows: rows.map((r) => ({ ...r, amount: "0.01" })),
            totals: [],
          } as ExportCrawlerChargesResponse;
          const chart = chargedByPayer(data);
          const charted = chart.keys
            .flatMap((k) => chart.values[k] ?? [])
            .reduce((a, b) => a + b, 0);
          expect(charted).toBe(rows.reduce((sum, r) => sum + r.charged, 0));
        },
      ),
    );
  });

  it("lists payers with their exact amounts as the API sent them", () => {
    const data = {
      ...base,
      groupBy: "payer",
      rows: [{ payer: CHATGPT, charged: 3, amount: "0.020001", currency: "USD" }],
      totals: [{ currency: "USD", charged: 3, amount: "0.020001" }],
    } as ExportCrawlerChargesResponse;
    expect(revenueRows(data)).toEqual([
      {
        key: `${payerLabel(CHATGPT)} USD`,
        botId: "chatgpt-agent",
        signatureAgent: "https://chatgpt.com",
        charged: 3,
        amount: "0.020001",
        currency: "USD",
      },
    ]);
  });
});
