import { z } from "zod";
import { invalidRequest } from "../../errors.js";
import { operatorOfSource } from "../../referrals/ai-sources.js";
import { aiOperatorBots, crawlToRefer } from "../../referrals/crawl-to-refer.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import { clampToCutover, STANDARD_WINDOW } from "../../window/window.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { requiredDomainId } from "../exports/export-fields.js";
import { readableDomain, requestWindow, windowedExportHeader } from "../exports/export-scope.js";
import { windowedBody } from "../exports/window-fields.js";
import { count, day, role, uuid, windowedHeader } from "../responses/shapes.js";

const GROUP_BY = ["operator", "path"] as const;

/** Top paths per operator with `groupBy: "path"`. */
export const CRAWL_TO_REFER_PATHS = 20;

const groupBy = z
  .enum(GROUP_BY, { error: `groupBy must be one of ${GROUP_BY.join(", ")}` })
  .nullable()
  .optional()
  .describe(
    `operator (default): one row per AI operator; path: also its top ${CRAWL_TO_REFER_PATHS} paths`,
  );

/** The window, the domain (any role) and the grouping. */
export const input = windowedBody(STANDARD_WINDOW, {}, { domainId: requiredDomainId, groupBy });

const ratio = z
  .number()
  .nonnegative()
  .nullable()
  .describe("crawls ÷ referrals, rounded half up to 2 decimals; null without referrals");

const pathRow = z.strictObject({ path: z.string(), crawls: count, referrals: count, ratio });

const operatorRow = z.strictObject({
  operator: z.string().describe("As the bot taxonomy names it (OpenAI, Anthropic, Google, …)"),
  crawls: count.describe("Page crawls of the operator's AI bots (training, search, answer-fetch)"),
  referrals: count.describe("Human visits from the operator's AI answer surfaces"),
  ratio,
  paths: z
    .array(pathRow)
    .max(CRAWL_TO_REFER_PATHS)
    .optional()
    .describe(
      `groupBy path only: the top ${CRAWL_TO_REFER_PATHS} paths by crawls, then referrals, then path`,
    ),
  pathCount: count.optional().describe("groupBy path only: the operator's paths before the cap"),
});

export const output = z.strictObject({
  ...windowedHeader(STANDARD_WINDOW.periods as [string, ...string[]]),
  requestedStartDate: day.optional().describe("The start sent, when it was clamped to the cutover"),
  domain: z.string(),
  domainId: uuid,
  role,
  definitionsVersion: z.string().describe("The bot taxonomy version that mapped bots to operators"),
  groupBy: z.enum(GROUP_BY),
  operators: z
    .array(operatorRow)
    .describe(
      "Operators with crawls or referrals, by crawls, then referrals descending, then name",
    ),
  unattributedReferrals: count.describe(
    "AI referrals from sources of no operator the taxonomy lists (unknown AI hosts included)",
  ),
});

export const contract: EndpointContract = {
  summary: "Export crawl-to-refer ratios per AI operator",
  description: `Any role. For one domain, per AI operator: \`crawls\`, the page crawls of its AI bots (every bot of the taxonomy with intent training, answer-fetch or search-index, in every tier; static files are left out, crawls past the ingest path cap count), \`referrals\`, the human visits its answer surfaces sent (the AI sources of export-ai-referrals, mapped to operators by taxonomy data), and \`ratio\` = crawls ÷ referrals rounded half up to 2 decimals (null without referrals). Classic search crawlers are not counted: the clicks they earn come from bare search hosts, which are never AI referrals. With \`groupBy: "path"\`, each operator also lists its top ${CRAWL_TO_REFER_PATHS} paths. Page-level data starts at the cutover (2026-07-09): an earlier start is clamped to it (\`requestedStartDate\`), a window ending before it is 400.`,
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/**
 * POST /export-crawl-to-refer. Order: body (400) → window and cutover (400) → domain access
 * (404); then the page crawls of the AI operators' bots and the referrals of their sources.
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const body = input();
  const clamped = clampToCutover(requestWindow(body, now, STANDARD_WINDOW));
  if (!clamped.ok) throw invalidRequest(clamped.message);
  const window = clamped.value;
  const access = await readableDomain(deps, user, body.domainId);
  const { domainId, hostname } = access.domain;
  const taxonomy = getTaxonomy() as Taxonomy;
  const operatorOfBot = aiOperatorBots(taxonomy);
  const by = body.groupBy ?? "operator";
  const [crawls, referrals] = await Promise.all([
    deps.crawls.pathBotCounts(domainId, window.startDate, window.endDate, [
      ...operatorOfBot.keys(),
    ]),
    deps.referrals.landingPathSources(domainId, window.startDate, window.endDate),
  ]);
  const rows = crawlToRefer({
    crawls,
    referrals,
    operatorOfBot,
    operatorOfSource,
    pathLimit: by === "path" ? CRAWL_TO_REFER_PATHS : null,
  });
  return {
    status: 200,
    body: {
      ...windowedExportHeader(now, window, user),
      ...(clamped.requestedStartDate ? { requestedStartDate: clamped.requestedStartDate } : {}),
      domain: hostname,
      domainId,
      role: access.role,
      definitionsVersion: taxonomy.version,
      groupBy: by,
      operators: rows.operators,
      unattributedReferrals: rows.unattributedReferrals,
    },
  };
};
