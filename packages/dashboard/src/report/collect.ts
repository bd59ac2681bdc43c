import type {
  ExportCrawlAnalyticsResponse,
  ExportPageAnalyticsResponse,
  PageRow,
} from "@crawlgate/client";
import type { Period } from "../shared/period.js";
import { policyRequests } from "../shared/policy-requests.js";
import { packAnswers, type ReportData, type StoredAnswer } from "../shared/report-data.js";
import { type ApiCall, callKey, requests } from "../shared/requests.js";

/** Runs one API operation as the report's user (core's `createOperationCaller`). */
export type CallOperation = (call: ApiCall) => Promise<StoredAnswer>;

/** Pages of the ranking by crawls that the report holds (50 rows each, "Next pages" between). */
export const REPORT_RANKING_PAGES = 3;
/** Pages with a drill-down: every page of the rankings the report holds, at most this many. */
export const REPORT_DRILL_DOWNS = 200;
/**
 * Bytes of (packed) answers a report holds at most: with the bundle (about 70 KB) the file stays
 * under 1 MB whatever the period. What does not fit (later ranking pages, drill-downs of pages
 * ranked lower) is left out, and the views do not link to it.
 */
export const REPORT_DATA_BUDGET = 880_000;

const encoder = new TextEncoder();

/**
 * A page's drill-down keeps the one row the view shows: its request asks for a path prefix,
 * whose other rows (up to 500, each with its series) the view never reads.
 */
function onlyThePage(answer: StoredAnswer, path: string): StoredAnswer {
  if (answer.status >= 400) return answer;
  const body = answer.body as ExportPageAnalyticsResponse;
  return {
    status: answer.status,
    body: { ...body, pages: body.pages.filter((p) => p.path === path), nextCursor: null },
  };
}

/**
 * A ranking keeps each row without its `bots`: the table never reads them, and a page's
 * drill-down (the one view that shows them) carries its own.
 */
function withoutBots(answer: StoredAnswer): StoredAnswer {
  if (answer.status >= 400) return answer;
  const body = answer.body as ExportPageAnalyticsResponse;
  const pages = body.pages.map(({ bots: _, ...row }) => row);
  return { status: answer.status, body: { ...body, pages } };
}

/**
 * The answers a report's views read, made by the very requests the live views send
 * (`requests`, `policyRequests`), so that the report shows what the dashboard shows: the
 * overview, crawlers, AI referrals (with crawl-to-refer), the crawler policy, robots.txt compliance, and the top pages
 * (`REPORT_RANKING_PAGES` pages of the ranking by crawls, the first by verified crawls; rows
 * without `bots`) with a drill-down for each page they list, within `budget` bytes: later
 * ranking pages and drill-downs of lower-ranked pages are what is left out when it runs short.
 * The views link only to answers stored here.
 */
export async function collectReport(
  call: CallOperation,
  domain: { domainId: string; hostname: string },
  period: Period,
  generatedAt: string,
  budget = REPORT_DATA_BUDGET,
): Promise<ReportData> {
  const answers: Record<string, StoredAnswer> = {};
  let used = 0;
  /** Stores the answer; `optional` ones only while the data stays within the budget. */
  const run = async (request: ApiCall, keep = (a: StoredAnswer) => a, optional = false) => {
    const answer = keep(await call(request));
    const key = callKey(request);
    // The key is written too: `"<key>":<answer>,`.
    const size =
      encoder.encode(JSON.stringify(key) + JSON.stringify(packAnswers(answer))).length + 2;
    if (optional && used + size > budget) return null;
    used += size;
    answers[key] = answer;
    return answer.status < 400 ? answer.body : null;
  };
  const { domainId } = domain;
  await run(requests.definitions());
  const analytics = (await run(
    requests.crawlAnalytics(period, domainId),
  )) as ExportCrawlAnalyticsResponse | null;
  if (analytics) await run(requests.twoWeeks(analytics.endDate, domainId));
  await run(requests.referrals(domainId, period));
  await run(requests.crawlToRefer(domainId, period));
  await run(policyRequests.policy(domainId));
  await run(policyRequests.compliance(domainId, period));
  await run(policyRequests.robotsTxt(domainId));
  const first = (await run(
    requests.topPages(domainId, period),
    withoutBots,
  )) as ExportPageAnalyticsResponse | null;
  const verified = (await run(
    requests.topPages(domainId, period, { sortBy: "verified" }),
    withoutBots,
  )) as ExportPageAnalyticsResponse | null;
  // Then, while the budget lasts: more of the ranking, and the drill-downs in rank order.
  const ranked: PageRow[] = [...(first?.pages ?? [])];
  let cursor = first?.nextCursor ?? null;
  for (let page = 1; page < REPORT_RANKING_PAGES && cursor; page++) {
    const more = (await run(
      requests.topPages(domainId, period, { cursor }),
      withoutBots,
      true,
    )) as ExportPageAnalyticsResponse | null;
    ranked.push(...(more?.pages ?? []));
    cursor = more?.nextCursor ?? null;
  }
  const paths = [...new Set([...ranked, ...(verified?.pages ?? [])].map((p) => p.path))];
  for (const path of paths.slice(0, REPORT_DRILL_DOWNS))
    await run(requests.pageDetail(domainId, period, path), (a) => onlyThePage(a, path), true);
  return {
    title: `crawlgate report: ${domain.hostname}`,
    period,
    domainId,
    domain: domain.hostname,
    generatedAt,
    answers,
  };
}
