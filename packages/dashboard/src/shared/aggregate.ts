import type {
  ExportCrawlAnalyticsResponse,
  GetBotDefinitionsResponse,
  SignedAgentTotals,
  TierTotals,
} from "@crawlgate/client";

type CrawlDomain = ExportCrawlAnalyticsResponse["domains"][number];

/** Bots reported without an intent (legacy family aggregates) are charted under this key. */
export const LEGACY_INTENT = "legacy";

/** A stacked series: dates, and one count per date for each key, keys in display order. */
export interface Stacked {
  dates: string[];
  keys: string[];
  values: Record<string, number[]>;
}

/** Crawls per day by intent, summed over `domains`; intents in the taxonomy's display order. */
export function crawlsByIntent(
  domains: readonly CrawlDomain[],
  definitions: GetBotDefinitionsResponse,
): Stacked {
  const dates = domains[0]?.botSeries.map((entry) => entry.date) ?? [];
  const values: Record<string, number[]> = {};
  for (const domain of domains) {
    domain.botSeries.forEach((entry, day) => {
      for (const [botId, totals] of Object.entries(domain.botTotals)) {
        const key = totals.intent ?? LEGACY_INTENT;
        const row = values[key] ?? dates.map(() => 0);
        values[key] = row;
        row[day] = (row[day] ?? 0) + ((entry[botId] as TierTotals | undefined)?.total ?? 0);
      }
    });
  }
  const order = [...definitions.intents.map((i) => i.intent), LEGACY_INTENT];
  const keys = order.filter((key) => (values[key] ?? []).some((n) => n > 0));
  return { dates, keys, values };
}

/** Verified / declared / unknown crawls summed over `domains`, and their total. */
export function tierTotals(domains: readonly CrawlDomain[]): TierTotals {
  const sum = { verified: 0, declared: 0, unknown: 0, total: 0 };
  for (const domain of domains) {
    for (const bot of Object.values(domain.botTotals)) {
      sum.verified += bot.verified;
      sum.declared += bot.declared;
      sum.unknown += bot.unknown;
      sum.total += bot.total;
    }
  }
  return sum;
}

/** This week (the last 7 days of a 14-day series) against the 7 days before. */
export interface WeekOverWeek {
  thisWeek: number;
  lastWeek: number;
  /** Percent change, `null` when last week had no crawls. */
  changePercent: number | null;
}

export function weekOverWeek(domain: CrawlDomain): WeekOverWeek {
  const daily = domain.botSeries.map((entry) =>
    Object.keys(domain.botTotals).reduce(
      (sum, botId) => sum + ((entry[botId] as TierTotals | undefined)?.total ?? 0),
      0,
    ),
  );
  const thisWeek = sum(daily.slice(-7));
  const lastWeek = sum(daily.slice(-14, -7));
  const changePercent =
    lastWeek === 0 ? null : Math.round(((thisWeek - lastWeek) / lastWeek) * 1000) / 10;
  return { thisWeek, lastWeek, changePercent };
}

/** One bot of a domain, as the crawlers table shows it. */
export interface BotRow extends TierTotals {
  botId: string;
  displayName: string;
  operator: string;
  /** `null` on legacy family aggregates. */
  intent: string | null;
  /** Daily totals over the window. */
  series: number[];
}

/** The bots of one domain, by total descending then bot ID (the API's order). */
export function botRows(domain: CrawlDomain, definitions: GetBotDefinitionsResponse): BotRow[] {
  const byId = new Map(definitions.bots.map((bot) => [bot.botId, bot]));
  return Object.entries(domain.botTotals)
    .map(([botId, totals]) => ({
      botId,
      displayName: byId.get(botId)?.displayName ?? botId,
      operator: byId.get(botId)?.operator ?? "",
      ...totals,
      series: domain.botSeries.map((e) => (e[botId] as TierTotals | undefined)?.total ?? 0),
    }))
    .sort((a, b) => b.total - a.total || (a.botId < b.botId ? -1 : 1));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** One agent origin of a domain's signed crawls, as the crawlers view lists it. */
export interface SignedAgentRow extends SignedAgentTotals {
  /** The agent origin, or a label for signatures naming none. */
  label: string;
  displayName: string;
  /** The bot's intent (the crawler view's intent filter applies to it). */
  intent: string | null;
}

/** Shown for invalid signatures that name no agent. */
export const NO_AGENT_LABEL = "(no agent named)";

/** The signed agents of one domain, in the API's order, with their bot's display name. */
export function signedAgentRows(
  domain: CrawlDomain,
  definitions: GetBotDefinitionsResponse,
): SignedAgentRow[] {
  const byId = new Map(definitions.bots.map((bot) => [bot.botId, bot]));
  return domain.signedAgents.map((row) => ({
    ...row,
    label: row.agent ?? NO_AGENT_LABEL,
    displayName: byId.get(row.botId)?.displayName ?? row.botId,
    intent: byId.get(row.botId)?.intent ?? null,
  }));
}

/**
 * Whether a signed agent has crawls of `tier`: a verified signature is a `verified` crawl, an
 * invalid or unverified one `declared`; none is `unknown`.
 */
export function signedAgentHasTier(row: SignedAgentTotals, tier: keyof TierTotals): boolean {
  if (tier === "verified") return row.verified > 0;
  if (tier === "declared") return row.invalid + row.unverified > 0;
  return false;
}
