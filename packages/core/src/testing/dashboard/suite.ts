import { describe } from "vitest";
import { apiThroughSessionCases } from "./api-cases.js";
import { csrfCases } from "./csrf-cases.js";
import { pageCases } from "./page-cases.js";
import { pageFreshnessCases } from "./page-freshness-cases.js";
import { purgeStatusCases } from "./purge-status-cases.js";
import { signInCases } from "./sign-in-cases.js";
import { warmStatusCases } from "./warm-status-cases.js";
import type { DashboardSuiteOptions } from "./world.js";

/** The dashboard's server side through real HTTP handlers; each bridge runs it. */
export function dashboardSuite(name: string, options: DashboardSuiteOptions): void {
  describe(`dashboard over ${name}`, () => {
    signInCases(options);
    apiThroughSessionCases(options);
    csrfCases(options);
    pageCases(options);
    purgeStatusCases(options);
    pageFreshnessCases(options);
    warmStatusCases(options);
  });
}
