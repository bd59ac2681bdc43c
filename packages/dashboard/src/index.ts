// @crawlgate/dashboard: the dashboard's browser UI (static files for a server to serve under
// /dashboard/) and the self-contained HTML report of `crawlgate report`.
export type { DashboardAsset, DashboardAssetOptions, DashboardAssets } from "./assets.js";
export { dashboardAssets, loadUiFiles } from "./assets.js";
export type { BuiltFile } from "./bundle.js";
export { bundleUi } from "./bundle.js";
export type { CallOperation } from "./report/collect.js";
export { collectReport, REPORT_DRILL_DOWNS } from "./report/collect.js";
export { reportHtml } from "./report/report-html.js";
export type { Period } from "./shared/period.js";
export { PERIODS, parsePeriod } from "./shared/period.js";
export { PREVIEW_CSP, previewDocument } from "./shared/preview.js";
export type { ReportData, StoredAnswer } from "./shared/report-data.js";
export { packAnswers, unpackAnswers } from "./shared/report-data.js";
export type { ApiCall } from "./shared/requests.js";
