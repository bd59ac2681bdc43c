import type { Period } from "./period.js";

/** An operation's answer as a report stores it. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** What `crawlgate report` writes into the page, read by the bundle (`window.__CRAWLGATE_REPORT__`). */
export interface ReportData {
  title: string;
  period: Period;
  domainId: string;
  domain: string;
  generatedAt: string;
  /** Answers by `callKey` of the request the view makes. */
  answers: Record<string, StoredAnswer>;
}
