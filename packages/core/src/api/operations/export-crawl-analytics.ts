import { z } from "zod";
import { getTaxonomy, legacyKeys, type Taxonomy } from "../../taxonomy/registry.js";
import { UNKNOWN_BOT_ID } from "../../taxonomy/schema.js";
import type {
  BotDayCount,
  DomainAccess,
  LegacyDayCount,
  SignedAgentDayCount,
} from "../../types.js";
import { addDays, eachDay } from "../../window/dates.js";
import {
  clampToCutover,
  LEGACY_CUTOVER,
  STANDARD_WINDOW,
  type Window,
} from "../../window/window.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { optionalDomainId } from "../exports/export-fields.js";
import { domainsInScope, requestWindow, windowedExportHeader } from "../exports/export-scope.js";
import { signedAgentFields, signedAgentTotals } from "../exports/signed-agents.js";
import { addToTier, emptyTotals, type TierTotals } from "../exports/tier-counts.js";
import { windowedBody } from "../exports/window-fields.js";
import {
  count,
  day,
  legacyCutover,
  role,
  tierTotals,
  uuid,
  windowedHeader,
} from "../responses/shapes.js";

/** The window, and `domainId` to cover one domain rather than every accessible one. */
export const input = windowedBody(STANDARD_WINDOW, {}, { domainId: optionalDomainId });

const botTotal = z.strictObject({
  intent: z.string().nullable().describe("null on legacy family aggregates"),
  verified: count,
  declared: count,
  unknown: count,
  total: count,
});

const crawlAnalyticsDomain = z.strictObject({
  domain: z.string(),
  domainId: uuid,
  role,
  summary: z
    .strictObject({ totalCrawls: count, namedCrawls: count, verifiedCrawls: count })
    .describe("verifiedCrawls <= namedCrawls <= totalCrawls"),
  botTotals: z
    .record(z.string(), botTotal)
    .describe("Keyed by bot ID, by total descending then bot ID"),
  botSeries: z
    .array(z.strictObject({ date: day }).catchall(tierTotals))
    .describe("One entry per day, ascending, with every bot of botTotals (zeros included)"),
  ...signedAgentFields,
});

export const output = z.strictObject({
  ...windowedHeader(STANDARD_WINDOW.periods as [string, ...string[]]),
  legacyCutover,
  definitionsVersion: z.string().describe("The bot taxonomy version that produced the counts"),
  domainCount: count,
  domains: z.array(crawlAnalyticsDomain),
});

export const contract: EndpointContract = {
  summary: "Export per-bot crawl analytics",
  description:
    "Per-bot totals (by attribution tier) and a daily series, for one domain (`domainId`) or every accessible domain, and the crawls that carried a Web Bot Auth signature per agent origin and outcome (`signedAgents`; none before the cutover). Before the cutover (`legacyCutover`, 2026-07-09) only two classic search-engine bots carry a `verified` tier, every other bot is `declared`, and family aggregates are reported under one representative bot with `intent: null`: expect a step-change in tiers at the cutover, not a traffic change. A window wholly before the cutover is valid here.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/**
 * The two classic search engines whose legacy counts carried verification before the cutover;
 * every other legacy key is reported `declared`.
 */
const LEGACY_VERIFIED_KEYS: ReadonlySet<string> = new Set(["googlebot", "bingbot"]);

/** A count of one bot on one day, with the intent it is reported under. */
interface BotCount extends BotDayCount {
  intent: string | null;
}

/**
 * POST /export-crawl-analytics: per-bot totals and daily series of one domain or of every
 * accessible domain: days from the cutover on come from the per-day bot/tier aggregates, earlier
 * days from the legacy per-key counts.
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const body = input();
  const window = requestWindow(body, now, STANDARD_WINDOW);
  const domains = await domainsInScope(deps, user, body.domainId);
  const taxonomy = getTaxonomy() as Taxonomy;
  const out = [];
  for (const access of domains) {
    const counts: BotCount[] = [];
    if (window.startDate < LEGACY_CUTOVER) {
      const lastLegacyDay =
        window.endDate < LEGACY_CUTOVER ? window.endDate : addDays(LEGACY_CUTOVER, -1);
      const rows = await deps.crawls.legacyDayCounts(
        access.domain.domainId,
        window.startDate,
        lastLegacyDay,
      );
      counts.push(...legacyBotCounts(rows, taxonomy));
    }
    const tracked = clampToCutover(window);
    let signed: SignedAgentDayCount[] = [];
    if (tracked.ok) {
      const { startDate, endDate } = tracked.value;
      const id = access.domain.domainId;
      for (const row of await deps.crawls.botDayCounts(id, startDate, endDate)) {
        counts.push({ ...row, intent: taxonomy.botById(row.botId)?.intent ?? null });
      }
      signed = await deps.crawls.signedAgentDayCounts(id, startDate, endDate);
    }
    out.push({
      ...domainAnalytics(access, window, counts),
      ...signedAgentTotals(signed, taxonomy),
    });
  }
  return {
    status: 200,
    body: {
      ...windowedExportHeader(now, window, user),
      legacyCutover: LEGACY_CUTOVER,
      definitionsVersion: taxonomy.version,
      domainCount: out.length,
      domains: out,
    },
  };
};

/**
 * Legacy per-key counts as bot counts: each key is reported under its representative bot (a key
 * without one under its own name); family keys (several bots) carry `intent: null`; only the two
 * classic search engines keep their verified share, everything else is `declared`.
 */
function legacyBotCounts(rows: readonly LegacyDayCount[], taxonomy: Taxonomy): BotCount[] {
  const byKey = new Map(legacyKeys().map((k) => [k.key, k]));
  const out: BotCount[] = [];
  for (const row of rows) {
    const key = byKey.get(row.key);
    const botId = key?.representativeBotId ?? row.key;
    const single = key !== undefined && key.botIds.length === 1 && key.representativeBotId !== null;
    const intent = single ? (taxonomy.botById(botId)?.intent ?? null) : null;
    const verified = LEGACY_VERIFIED_KEYS.has(row.key) ? row.verified : 0;
    if (verified > 0) out.push({ day: row.day, botId, tier: "verified", count: verified, intent });
    if (row.total > verified)
      out.push({ day: row.day, botId, tier: "declared", count: row.total - verified, intent });
  }
  return out;
}

/**
 * One domain's block. `botTotals` is ordered by total descending, then botId; `botSeries` has one
 * entry per day of the window, ascending, each with every bot of `botTotals` (zeros included).
 */
function domainAnalytics(access: DomainAccess, window: Window, counts: readonly BotCount[]) {
  const totals = new Map<string, TierTotals & { intent: string | null }>();
  const perDay = new Map<string, Map<string, TierTotals>>();
  for (const row of counts) {
    let bot = totals.get(row.botId);
    if (!bot) {
      bot = { intent: row.intent, ...emptyTotals() };
      totals.set(row.botId, bot);
    } else if (bot.intent === null) {
      // A family reported under its representative before the cutover: the bot's own intent wins.
      bot.intent = row.intent;
    }
    addToTier(bot, row.tier, row.count);
    let day = perDay.get(row.day);
    if (!day) {
      day = new Map();
      perDay.set(row.day, day);
    }
    let cell = day.get(row.botId);
    if (!cell) {
      cell = emptyTotals();
      day.set(row.botId, cell);
    }
    addToTier(cell, row.tier, row.count);
  }
  const order = [...totals.keys()].sort((a, b) => {
    const diff = (totals.get(b)?.total ?? 0) - (totals.get(a)?.total ?? 0);
    return diff !== 0 ? diff : a < b ? -1 : a > b ? 1 : 0;
  });
  const botTotals: Record<string, TierTotals & { intent: string | null }> = {};
  let totalCrawls = 0;
  let verifiedCrawls = 0;
  let unknownBot = 0;
  for (const botId of order) {
    const bot = totals.get(botId) as TierTotals & { intent: string | null };
    botTotals[botId] = {
      intent: bot.intent,
      verified: bot.verified,
      declared: bot.declared,
      unknown: bot.unknown,
      total: bot.total,
    };
    totalCrawls += bot.total;
    verifiedCrawls += bot.verified;
    if (botId === UNKNOWN_BOT_ID) unknownBot += bot.total;
  }
  const botSeries = eachDay(window.startDate, window.endDate).map((date) => {
    const entry = { date } as { date: string } & Record<string, TierTotals>;
    const day = perDay.get(date);
    for (const botId of order) entry[botId] = day?.get(botId) ?? emptyTotals();
    return entry;
  });
  return {
    domain: access.domain.hostname,
    domainId: access.domain.domainId,
    role: access.role,
    summary: { totalCrawls, namedCrawls: totalCrawls - unknownBot, verifiedCrawls },
    botTotals,
    botSeries,
  };
}
