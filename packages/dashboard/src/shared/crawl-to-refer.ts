import type { ExportCrawlToReferResponse } from "@crawlgate/client";

export type OperatorRow = ExportCrawlToReferResponse["operators"][number];

/** How a ratio reads: `1,250.5 : 1` crawls per referral, or that no visitor came back. */
export function ratioText(ratio: number | null): string {
  return ratio === null ? "no referrals" : `${ratio.toLocaleString("en-US")} : 1`;
}

/** One operator's bars: crawls and referrals as shares (0..1) of the chart's width. */
export interface OperatorBars {
  operator: string;
  crawls: number;
  referrals: number;
  crawlShare: number;
  referralShare: number;
}

/**
 * Bars of crawls and referrals per operator, in the API's order, on one logarithmic scale
 * (`log(1 + n)`): crawls outnumber referrals by orders of magnitude, and a linear scale would
 * draw every referral bar at zero. The largest count of either kind fills the width; 0 draws
 * nothing; a larger count never draws a shorter bar.
 */
export function operatorBars(data: Pick<ExportCrawlToReferResponse, "operators">): OperatorBars[] {
  const max = Math.max(0, ...data.operators.flatMap((o) => [o.crawls, o.referrals]));
  const scale = (n: number) => (max === 0 ? 0 : Math.log1p(n) / Math.log1p(max));
  return data.operators.map((o) => ({
    operator: o.operator,
    crawls: o.crawls,
    referrals: o.referrals,
    crawlShare: scale(o.crawls),
    referralShare: scale(o.referrals),
  }));
}
