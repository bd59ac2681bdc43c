import type { ExportCrawlAnalyticsResponse, ExportPageAnalyticsResponse } from "@crawlgate/client";
import type { Period } from "../shared/period.js";
import type { ReportData, StoredAnswer } from "../shared/report-data.js";
import { type ApiCall, callKey, requests } from "../shared/requests.js";

/** Runs one API operation as the report's user (core's `createOperationCaller`). */
export type CallOperation = (call: ApiCall) => Promise<StoredAnswer>;

/** Pages of the top-pages table whose drill-down the report carries. */
export const REPORT_DRILL_DOWNS = 10;

/**
 * The answers a report's views read, made by the very requests the live views send
 * (`requests`), so that the report shows what the dashboard shows.
 */
export async function collectReport(
  call: CallOperation,
  domain: { domainId: string; hostname: string },
  period: Period,
  generatedAt: string,
): Promise<ReportData> {
  const answers: Record<string, StoredAnswer> = {};
  const run = async (request: ApiCall) => {
    const answer = await call(request);
    answers[callKey(request)] = answer;
    return answer.status < 400 ? answer.body : null;
  };
  const { domainId } = domain;
  await run(requests.definitions());
  const analytics = (await run(
    requests.crawlAnalytics(period, domainId),
  )) as ExportCrawlAnalyticsResponse | null;
  if (analytics) await run(requests.twoWeeks(analytics.endDate, domainId));
  const pages = (await run(
    requests.topPages(domainId, period),
  )) as ExportPageAnalyticsResponse | null;
  for (const page of pages?.pages.slice(0, REPORT_DRILL_DOWNS) ?? [])
    await run(requests.pageDetail(domainId, period, page.path));
  await run(requests.referrals(domainId, period));
  return {
    title: `crawlgate report: ${domain.hostname}`,
    period,
    domainId,
    domain: domain.hostname,
    generatedAt,
    answers,
  };
}
