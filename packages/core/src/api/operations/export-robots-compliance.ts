import { z } from "zod";
import type { ComplianceDayCount, RobotsVersion } from "../../ports/index.js";
import { compareUtf8 } from "../../text/compare-utf8.js";
import { eachDay } from "../../window/dates.js";
import { STANDARD_WINDOW, type Window } from "../../window/window.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { requiredDomainId } from "../exports/export-fields.js";
import { readableDomain, requestWindow, windowedExportHeader } from "../exports/export-scope.js";
import { windowedBody } from "../exports/window-fields.js";
import { count, day, instant, role, uuid, windowedHeader } from "../responses/shapes.js";

/** The window and the domain (any role). */
export const input = windowedBody(STANDARD_WINDOW, {}, { domainId: requiredDomainId });

const dayCounts = z.strictObject({
  requests: count,
  disallowedRequests: count,
  signalContradictions: count,
});

export const output = z.strictObject({
  ...windowedHeader(STANDARD_WINDOW.periods as [string, ...string[]]),
  domain: z.string(),
  domainId: uuid,
  role,
  summary: z
    .strictObject({ requests: count, disallowedRequests: count, signalContradictions: count })
    .describe("Every bot of the window; disallowedRequests, signalContradictions <= requests"),
  botTotals: z
    .record(
      z.string(),
      z.strictObject({
        requests: count,
        disallowedRequests: count,
        signalContradictions: count.describe(
          "Requests whose bot's intent contradicted the content signal the robots.txt in force stated for the path: a training crawler under ai-train=no, an answer-fetch one under ai-input=no, a search-index one under search=no",
        ),
        lastViolationAt: instant
          .nullable()
          .describe("The latest disallowed request in the window; null when none"),
      }),
    )
    .describe(
      "Keyed by bot ID, by disallowedRequests descending, then requests descending, then bot ID",
    ),
  botSeries: z
    .array(z.strictObject({ date: day }).catchall(dayCounts))
    .describe("One entry per day, ascending, with every bot of botTotals (zeros included)"),
  robotsVersions: z
    .array(z.strictObject({ effectiveFrom: instant, contentHash: z.string() }))
    .describe(
      "The robots.txt versions in force during the window, oldest first: the one in force at its start (if any) and those served since",
    ),
});

export const contract: EndpointContract = {
  summary: "Export robots.txt compliance per bot",
  description:
    "For one domain, how many requests of each crawler hit paths that the robots.txt served at the time (the origin's file merged with the crawler policy's groups) disallowed for it: per bot `{requests, disallowedRequests, lastViolationAt}` and a daily series. Computed at ingest from the robots.txt version in force at each request's time; requests before the domain's first served robots.txt count as allowed. Blocked and charged requests count: a blocked crawler is disallowed everywhere. `signalContradictions` counts the requests whose bot's intent contradicted the content signal that same robots.txt stated for the path (its `Content-Signal` lines and aipref `Content-Usage` rules, generated from the crawler policy's `contentSignals`/`contentSignalPaths` or the origin's own): a `training` crawler under `ai-train=no`, an `answer-fetch` one under `ai-input=no`, a `search-index` one under `search=no`.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

type Counts = { requests: number; disallowedRequests: number; signalContradictions: number };
type Totals = Counts & { lastViolationAt: Date | null };

/** POST /export-robots-compliance: per-bot compliance counts and series of one domain. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const body = input();
  const window = requestWindow(body, now, STANDARD_WINDOW);
  const access = await readableDomain(deps, user, body.domainId);
  const { domainId } = access.domain;
  const rows = await deps.robots.complianceDayCounts(domainId, window.startDate, window.endDate);
  const versions = await deps.robots.listRobotsVersions(domainId);
  return {
    status: 200,
    body: {
      ...windowedExportHeader(now, window, user),
      domain: access.domain.hostname,
      domainId,
      role: access.role,
      ...complianceBlock(window, rows),
      robotsVersions: versionsInWindow(versions, window).map((v) => ({
        effectiveFrom: v.effectiveFrom.toISOString(),
        contentHash: v.contentHash,
      })),
    },
  };
};

function complianceBlock(window: Window, rows: readonly ComplianceDayCount[]) {
  const totals = new Map<string, Totals>();
  const perDay = new Map<string, Map<string, Counts>>();
  for (const row of rows) {
    const bot = totals.get(row.botId) ?? {
      requests: 0,
      disallowedRequests: 0,
      signalContradictions: 0,
      lastViolationAt: null,
    };
    bot.requests += row.requests;
    bot.disallowedRequests += row.disallowedRequests;
    bot.signalContradictions += row.signalContradictions;
    if (row.lastViolationAt && (!bot.lastViolationAt || row.lastViolationAt > bot.lastViolationAt))
      bot.lastViolationAt = row.lastViolationAt;
    totals.set(row.botId, bot);
    const cells = perDay.get(row.day) ?? new Map();
    cells.set(row.botId, {
      requests: row.requests,
      disallowedRequests: row.disallowedRequests,
      signalContradictions: row.signalContradictions,
    });
    perDay.set(row.day, cells);
  }
  const order = [...totals.entries()]
    .sort(
      ([a, x], [b, y]) =>
        y.disallowedRequests - x.disallowedRequests || y.requests - x.requests || compareUtf8(a, b),
    )
    .map(([botId]) => botId);
  const botTotals: Record<string, Counts & { lastViolationAt: string | null }> = {};
  const summary = { requests: 0, disallowedRequests: 0, signalContradictions: 0 };
  for (const botId of order) {
    const bot = totals.get(botId) as Totals;
    botTotals[botId] = {
      requests: bot.requests,
      disallowedRequests: bot.disallowedRequests,
      signalContradictions: bot.signalContradictions,
      lastViolationAt: bot.lastViolationAt?.toISOString() ?? null,
    };
    summary.requests += bot.requests;
    summary.disallowedRequests += bot.disallowedRequests;
    summary.signalContradictions += bot.signalContradictions;
  }
  const botSeries = eachDay(window.startDate, window.endDate).map((date) => {
    const entry = { date } as { date: string } & Record<string, Counts>;
    for (const botId of order)
      entry[botId] = perDay.get(date)?.get(botId) ?? {
        requests: 0,
        disallowedRequests: 0,
        signalContradictions: 0,
      };
    return entry;
  });
  return { summary, botTotals, botSeries };
}

/** The version in force at the window's start (if any) and every later one up to its end. */
function versionsInWindow(versions: readonly RobotsVersion[], window: Window): RobotsVersion[] {
  const start = Date.parse(`${window.startDate}T00:00:00.000Z`);
  const end = Date.parse(`${window.endDate}T00:00:00.000Z`) + 86_400_000;
  const before = versions.filter((v) => v.effectiveFrom.getTime() <= start).at(-1);
  const during = versions.filter(
    (v) => v.effectiveFrom.getTime() > start && v.effectiveFrom.getTime() < end,
  );
  return before ? [before, ...during] : during;
}
