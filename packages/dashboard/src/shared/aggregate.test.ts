import type { ExportCrawlAnalyticsResponse, GetBotDefinitionsResponse } from "@crawlgate/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  botRows,
  crawlsByIntent,
  LEGACY_INTENT,
  NO_AGENT_LABEL,
  type SignedAgentRow,
  signedAgentHasTier,
  signedAgentRows,
  tierTotals,
  weekOverWeek,
} from "./aggregate.js";
import { addDays } from "./period.js";

type Domain = ExportCrawlAnalyticsResponse["domains"][number];

const definitions = {
  intents: [
    { intent: "training", label: "AI training" },
    { intent: "search-classic", label: "Classic search" },
  ],
  bots: [
    { botId: "gptbot", displayName: "GPTBot", operator: "OpenAI", intent: "training" },
    { botId: "googlebot", displayName: "Googlebot", operator: "Google", intent: "search-classic" },
  ],
} as unknown as GetBotDefinitionsResponse;

const BOTS = [
  { botId: "gptbot", intent: "training" },
  { botId: "googlebot", intent: "search-classic" },
  { botId: "social_other", intent: null },
];

/** A domain's answer built from per-day, per-bot tier counts (as the API would send it). */
function domainOf(days: number[][][]): Domain {
  const tiers = (c: number[]) => ({
    verified: c[0] ?? 0,
    declared: c[1] ?? 0,
    unknown: c[2] ?? 0,
    total: (c[0] ?? 0) + (c[1] ?? 0) + (c[2] ?? 0),
  });
  const botTotals = Object.fromEntries(
    BOTS.map((bot, b) => {
      const sum = [0, 1, 2].map((t) => days.reduce((s, day) => s + (day[b]?.[t] ?? 0), 0));
      return [bot.botId, { intent: bot.intent, ...tiers(sum) }];
    }),
  );
  const botSeries = days.map((day, d) => ({
    date: addDays("2026-11-01", d),
    ...Object.fromEntries(BOTS.map((bot, b) => [bot.botId, tiers(day[b] ?? [])])),
  }));
  return {
    domain: "a.example",
    domainId: "x",
    role: "owner",
    botTotals,
    botSeries,
  } as unknown as Domain;
}

const count = fc.nat({ max: 50 });
const days = fc.array(
  fc.array(fc.array(count, { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
  {
    minLength: 1,
    maxLength: 20,
  },
);

describe("aggregate", () => {
  it("stacks by intent without losing a crawl; legacy bots under their own key", () => {
    fc.assert(
      fc.property(days, days, (a, b) => {
        const domains = [domainOf(a), domainOf(b.slice(0, a.length).concat(a.slice(b.length)))];
        const stacked = crawlsByIntent(domains, definitions);
        const charted = stacked.keys
          .flatMap((k) => stacked.values[k] ?? [])
          .reduce((x, y) => x + y, 0);
        expect(charted).toBe(tierTotals(domains).total);
        expect(
          stacked.keys.every((k) => ["training", "search-classic", LEGACY_INTENT].includes(k)),
        ).toBe(true);
        const order = ["training", "search-classic", LEGACY_INTENT].filter((k) =>
          stacked.keys.includes(k),
        );
        expect(stacked.keys).toEqual(order);
      }),
    );
  });

  it("compares the last 7 days with the 7 before", () => {
    const fourteen = Array.from({ length: 14 }, (_, d) => [
      [d < 7 ? 10 : 15, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(weekOverWeek(domainOf(fourteen))).toEqual({
      thisWeek: 105,
      lastWeek: 70,
      changePercent: 50,
    });
    const quiet = Array.from({ length: 14 }, (_, d) => [
      [d < 7 ? 0 : 3, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(weekOverWeek(domainOf(quiet)).changePercent).toBeNull();
  });

  it("lists bots by total descending, then ID, with their daily series and names", () => {
    fc.assert(
      fc.property(days, (d) => {
        const rows = botRows(domainOf(d), definitions);
        for (let i = 1; i < rows.length; i++) {
          const [p, q] = [rows[i - 1], rows[i]] as [(typeof rows)[0], (typeof rows)[0]];
          expect(p.total > q.total || (p.total === q.total && p.botId < q.botId)).toBe(true);
        }
        for (const row of rows) expect(row.series.reduce((x, y) => x + y, 0)).toBe(row.total);
        expect(rows.find((r) => r.botId === "gptbot")?.displayName).toBe("GPTBot");
        expect(rows.find((r) => r.botId === "social_other")?.intent).toBeNull();
      }),
    );
  });
});

describe("signedAgentRows", () => {
  it("keeps the API's order, names each agent's bot, and labels signatures naming none", () => {
    const signed = (agent: string | null, botId: string, v: number, i: number, u: number) => ({
      agent,
      botId,
      verified: v,
      invalid: i,
      unverified: u,
      total: v + i + u,
    });
    const domain = {
      ...domainOf([[[1, 0, 0]]]),
      signedAgents: [
        signed("https://chatgpt.com", "gptbot", 3, 1, 0),
        signed("https://agent.example", "signed-agent", 0, 0, 2),
        signed(null, "signed-agent", 0, 1, 0),
      ],
      signedAgentCount: 3,
    } as unknown as Domain;
    const rows = signedAgentRows(domain, definitions);
    expect(rows.map((r) => [r.label, r.displayName, r.intent, r.total])).toEqual([
      ["https://chatgpt.com", "GPTBot", "training", 4],
      ["https://agent.example", "signed-agent", null, 2],
      [NO_AGENT_LABEL, "signed-agent", null, 1],
    ]);
    // The tier filter: verified signatures are verified crawls, the others declared.
    const [chatgpt, other] = rows as [SignedAgentRow, SignedAgentRow];
    expect(
      ["verified", "declared", "unknown"].map((t) => signedAgentHasTier(chatgpt, t as never)),
    ).toEqual([true, true, false]);
    expect(signedAgentHasTier(other, "verified")).toBe(false);
  });
});
