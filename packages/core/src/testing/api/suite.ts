import { describe } from "vitest";
import { accountCases } from "./account-cases.js";
import { cacheStatusCases } from "./cache-status-cases.js";
import { crawlAnalyticsCases } from "./crawl-analytics-cases.js";
import { crawlLogsCases } from "./crawl-logs-cases.js";
import { crawlToReferCases } from "./crawl-to-refer-cases.js";
import { crawlerChargesCases } from "./crawler-charges-cases.js";
import { domainSettingsCases } from "./domain-settings-cases.js";
import { ingestCases } from "./ingest-cases.js";
import { lateCrawlsCases } from "./late-crawls-cases.js";
import { pageAnalyticsCases } from "./page-analytics-cases.js";
import { pageSnapshotsCases } from "./page-snapshots-cases.js";
import { pipelineCases } from "./pipeline-cases.js";
import { policyCases } from "./policy-cases.js";
import { referralCases } from "./referral-cases.js";
import { robotsComplianceCases, robotsTxtPreviewCases } from "./robots-compliance-cases.js";
import { ruleCases } from "./rule-cases.js";
import { snapshotCases } from "./snapshot-cases.js";
import { userAnalyticsCases } from "./user-analytics-cases.js";
import { verificationCases } from "./verification-cases.js";
import type { ApiSuiteOptions } from "./world.js";

/**
 * The API test suite, run through real HTTP handlers. Each http package runs it through its own
 * bridge; adapters may run it over their stores.
 */
export function apiSuite(name: string, options: ApiSuiteOptions): void {
  describe(`API over ${name}`, () => {
    pipelineCases(options);
    accountCases(options);
    ruleCases(options);
    policyCases(options);
    crawlAnalyticsCases(options);
    pageAnalyticsCases(options);
    ingestCases(options);
    snapshotCases(options);
    pageSnapshotsCases(options);
    referralCases(options);
    userAnalyticsCases(options);
    crawlLogsCases(options);
    lateCrawlsCases(options);
    robotsComplianceCases(options);
    robotsTxtPreviewCases(options);
    cacheStatusCases(options);
    domainSettingsCases(options);
    crawlerChargesCases(options);
    crawlToReferCases(options);
    verificationCases(options);
  });
}
