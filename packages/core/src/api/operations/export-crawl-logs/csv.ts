import { toCsv as csvTable } from "../../../csv.js";

/**
 * CSV of crawl-log rows: a header row of the JSON field names, then one line per row, written by
 * crawlgate's one CSV writer (`csv.ts`: RFC 4180, CRLF, quoted when a field holds `,`, `;`,
 * `"`, a tab or a line break; a `'` before a formula trigger wherever a spreadsheet of any
 * locale could start a cell, the OWASP convention). Numbers are written as they are.
 */

export const CSV_FIELDS = [
  "ts",
  "domain",
  "path",
  "userAgent",
  "uaHash",
  "servedFrom",
  "status",
  "bytes",
  "botOperator",
  "matchedRange",
  "tier",
  "contentHash",
  "signatureAgent",
  "signature",
] as const;

export type CsvRow = Record<(typeof CSV_FIELDS)[number], string | number | null>;

export function toCsv(rows: readonly CsvRow[]): string {
  return csvTable(
    CSV_FIELDS,
    rows.map((row) => CSV_FIELDS.map((f) => row[f])),
  );
}

/**
 * `Content-Disposition` of a CSV page: `<name>-<domain>-<start>-<end>.csv` (`crawl-logs` by
 * default), where anything but `[a-z0-9.-]` in the hostname becomes `_`, so no quote, CR or LF
 * can reach the header.
 */
export function csvDisposition(
  hostname: string,
  startDate: string,
  endDate: string,
  name = "crawl-logs",
): string {
  const safe = (text: string) => text.toLowerCase().replace(/[^a-z0-9.-]/g, "_");
  return `attachment; filename="${name}-${safe(hostname)}-${safe(startDate)}-${safe(endDate)}.csv"`;
}
