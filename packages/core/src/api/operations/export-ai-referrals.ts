import { z } from "zod";
import { AI_SOURCES, type SurfaceType } from "../../referrals/ai-sources.js";
import type { DomainAccess, SourceCounts } from "../../types.js";
import { STANDARD_WINDOW, type Window } from "../../window/window.js";
import type { ApiDeps, Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import {
  addDayCount,
  type DayCounts,
  rankedCounts,
  rankedKeys,
  zeroFilledSeries,
} from "../exports/day-series.js";
import { optionalDomainId } from "../exports/export-fields.js";
import { domainsInScope, requestWindow, windowedExportHeader } from "../exports/export-scope.js";
import { windowedBody } from "../exports/window-fields.js";
import { count, day, role, uuid, windowedHeader } from "../responses/shapes.js";

/** The window, and `domainId` to cover one domain rather than every accessible one. */
export const input = windowedBody(STANDARD_WINDOW, {}, { domainId: optionalDomainId });

/** Spec Limits: top landing paths per domain. */
export const TOP_LANDING_PATHS = 500;

const bySource = z.record(z.string(), count).describe("Visits per AI source");

const referralDomain = z.strictObject({
  domain: z.string(),
  domainId: uuid,
  role,
  referralTotals: z
    .record(
      z.string(),
      z.strictObject({
        surfaceType: z.enum(["assistant", "answer", "search", "other"]),
        count,
      }),
    )
    .describe("Sources with visits in the window, by count descending then source"),
  referralSeries: z
    .array(z.strictObject({ date: day }).catchall(count))
    .describe("One entry per day, ascending, with every source of referralTotals"),
  topLandingPaths: z
    .array(z.strictObject({ path: z.string(), referralTotal: count, bySource }))
    .max(TOP_LANDING_PATHS),
  landingPathCount: count.describe("Distinct landing paths before the cap of 500"),
  truncated: z.boolean().describe("More than 500 landing paths"),
  overflow: z
    .strictObject({ referralTotal: count, bySource })
    .optional()
    .describe("Visits past the ingest path cap; omitted when none"),
});

export const output = z.strictObject({
  ...windowedHeader(STANDARD_WINDOW.periods as [string, ...string[]]),
  domainCount: count,
  domains: z.array(referralDomain),
});

export const contract: EndpointContract = {
  summary: "Export human visits from AI answer surfaces",
  description:
    "Counts of human visits whose Referer (or `utm_source`) is an AI answer surface, per source with its `surfaceType`, for one domain or every accessible one. AI overviews inside general search and search-embedded assistants are excluded on purpose (they share bare search hostnames with organic clicks). Counts are a floor: visits whose Referer is stripped are invisible. `topLandingPaths` is capped at 500 per domain.",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

const SURFACE = new Map<string, SurfaceType>(AI_SOURCES.map((s) => [s.source, s.surfaceType]));

/**
 * POST /export-ai-referrals: human visits from AI surfaces of one domain or of every accessible
 * domain: totals per source, a daily series, the top 500 landing paths and the visits the
 * ingest path cap put under `__overflow__`.
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
  const out = [];
  for (const access of domains) out.push(await domainReferrals(deps, access, window));
  return {
    status: 200,
    body: {
      ...windowedExportHeader(now, window, user),
      domainCount: out.length,
      domains: out,
    },
  };
};

/**
 * One domain's block. `referralTotals` lists the sources with visits, by count descending then
 * source; `referralSeries` has one entry per day of the window, ascending, each with every
 * source of `referralTotals` (zeros included). `bySource` objects are ordered the same way.
 */
async function domainReferrals(deps: ApiDeps, access: DomainAccess, window: Window) {
  const { domainId } = access.domain;
  const { startDate, endDate } = window;
  const [days, top, landingPathCount, overflow] = await Promise.all([
    deps.referrals.referralDayCounts(domainId, startDate, endDate),
    deps.referrals.topLandingPaths(domainId, startDate, endDate, TOP_LANDING_PATHS),
    deps.referrals.countLandingPaths(domainId, startDate, endDate),
    deps.referrals.overflowCounts(domainId, startDate, endDate),
  ]);
  const totals = new Map<string, number>();
  const perDay: DayCounts = new Map();
  for (const row of days) {
    totals.set(row.source, (totals.get(row.source) ?? 0) + row.count);
    addDayCount(perDay, row.day, row.source, row.count);
  }
  const sources = rankedKeys(totals);
  const referralTotals: Record<string, { surfaceType: SurfaceType; count: number }> = {};
  for (const source of sources) {
    // A source key no longer in the data (renamed later) still reads as `other`.
    referralTotals[source] = {
      surfaceType: SURFACE.get(source) ?? "other",
      count: totals.get(source) as number,
    };
  }
  return {
    domain: access.domain.hostname,
    domainId,
    role: access.role,
    referralTotals,
    referralSeries: zeroFilledSeries(window, sources, perDay),
    topLandingPaths: top.map((row) => ({ path: row.path, ...sourceBlock(row) })),
    landingPathCount,
    truncated: landingPathCount > TOP_LANDING_PATHS,
    ...(overflow ? { overflow: sourceBlock(overflow) } : {}),
  };
}

/** `{referralTotal, bySource}` of a landing path or of the overflow. */
function sourceBlock(counts: SourceCounts) {
  return { referralTotal: counts.total, bySource: rankedCounts(counts.bySource) };
}
