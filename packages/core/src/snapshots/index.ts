export { gunzip, gunzipText, gzip, sha256Hex } from "./content.js";
export { latestPerPath } from "./latest.js";
export type { HtmlLinks } from "./links.js";
export {
  HTML_URL_LIFETIME_SECONDS,
  htmlLinks,
  LINK_CLOCK_SLACK_SECONDS,
  SNAPSHOT_FILE_PREFIX,
  snapshotFilePath,
} from "./links.js";
export type { SnapshotDeps, SnapshotInput } from "./record.js";
export { htmlKey, readSnapshotGzip, readSnapshotHtml, recordSnapshot } from "./record.js";
export { dropExpiredHtml } from "./retention.js";
export type { SeoSummary } from "./seo-audit.js";
export { auditSeo, SEO_WEIGHTS, seoBucket, summarizeSeo } from "./seo-audit.js";
